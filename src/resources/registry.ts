/** Every resource of the product, in menu order. Pure: read by the app, the CSV engine and the reference API. */
import { schemaProblems } from './schemaCheck';
import type { ResourceSchema } from './types';
import { atributos } from './atributos/schema';
import { b2bProductos } from './b2bProductos/schema';
import { catalogos } from './catalogos/schema';
import { catalogosProductos } from './catalogosProductos/schema';
import { categorias } from './categorias/schema';
import { clubs } from './clubs/schema';
import { empresas } from './empresas/schema';
import { empresasBC } from './empresasBC/schema';
import { ensamblados } from './ensamblados/schema';
import { familias } from './familias/schema';
import { gruposAtributos } from './gruposAtributos/schema';
import { historial } from './historial/schema';
import { iconos } from './iconos/schema';
import { idiomas } from './idiomas/schema';
import { logsnavs } from './logsnavs/schema';
import { marcas } from './marcas/schema';
import { marketplacePrompts } from './marketplacePrompts/schema';
import { marketplaces } from './marketplaces/schema';
import { multimedia } from './multimedia/schema';
import { parametrosGlobales } from './parametrosGlobales/schema';
import { permisos } from './permisos/schema';
import { plantillas } from './plantillas/schema';
import { preparacion, trabajosPreparacion } from './preparacion/schema';
import { productoAtributos } from './productoAtributos/schema';
import { productoCaracteristicas } from './productoCaracteristicas/schema';
import { productoDatosCatalogo } from './productoDatosCatalogo/schema';
import { productoGeneral } from './productoGeneral/schema';
import { productoIconos } from './productoIconos/schema';
import { productoMultimedia } from './productoMultimedia/schema';
import { productos } from './productos/schema';
import { productosGeneracionTextos } from './productosGeneracionTextos/schema';
import { productosPorRango } from './productosPorRango/schema';
import { reglasPreparacion } from './reglasPreparacion/schema';
import { repuestos } from './repuestos/schema';
import { roles } from './roles/schema';
import { situaciones } from './situaciones/schema';
import { sustitutos } from './sustitutos/schema';
import { tablas } from './tablas/schema';
import { textosGenerados } from './textosGenerados/schema';
import { tiposRango } from './tiposRango/schema';
import { traducciones } from './traducciones/schema';
import { usuarios } from './usuarios/schema';
import { vistaMarketplacePrompts } from './vistaMarketplacePrompts/schema';
import { vistaMuestraFotos } from './vistaMuestraFotos/schema';

export const registry: readonly ResourceSchema[] = [
  productos,
  productoGeneral,
  productoAtributos,
  productoMultimedia,
  productoIconos,
  productoDatosCatalogo,
  productoCaracteristicas,
  historial,
  vistaMuestraFotos,
  b2bProductos,
  categorias,
  familias,
  marcas,
  situaciones,
  iconos,
  gruposAtributos,
  atributos,
  multimedia,
  catalogos,
  catalogosProductos,
  marketplaces,
  marketplacePrompts,
  vistaMarketplacePrompts,
  textosGenerados,
  productosGeneracionTextos,
  reglasPreparacion,
  preparacion,
  trabajosPreparacion,
  ensamblados,
  sustitutos,
  repuestos,
  tiposRango,
  productosPorRango,
  clubs,
  empresas,
  empresasBC,
  usuarios,
  roles,
  permisos,
  plantillas,
  tablas,
  logsnavs,
  idiomas,
  traducciones,
  parametrosGlobales,
];

const byName = new Map(registry.map((schema) => [schema.name, schema]));

/** Resources declared outside this list at run time (registerSchemas): plug-ins and the low-code proof test. */
let extra: readonly ResourceSchema[] = [];

/**
 * Adds resources declared outside the registry; the data provider, the CSV engine, the generic views and the
 * menu then know them like any other. A declaration with problems (schemaCheck.ts) is refused with them all.
 * Returns the function that removes them again.
 */
export const registerSchemas = (...schemas: ResourceSchema[]): (() => void) => {
  const added = schemas.filter((schema) => !byName.has(schema.name) && !extra.includes(schema));
  const problems = schemaProblems([...registry, ...extra, ...added]).filter((problem) =>
    added.some((schema) => problem.startsWith(`${schema.name}.`)),
  );
  if (problems.length) throw new Error(`Declaración de recurso no válida: ${problems.join('; ')}`);
  extra = [...extra, ...added];
  return () => {
    extra = extra.filter((schema) => !added.includes(schema));
  };
};

/** The registry plus the resources registered at run time. */
export const allSchemas = (): readonly ResourceSchema[] =>
  extra.length ? [...registry, ...extra] : registry;

/** The schema of a react-admin resource (== API path); aliases resolve to their schema. */
export const schemaFor = (resource: string): ResourceSchema | undefined =>
  byName.get(resource) ??
  extra.find((schema) => schema.name === resource) ??
  allSchemas().find((schema) => schema.aliases?.includes(resource));

/** The schema that owns a CSV table name (docs/requirements.md#r3-entities table list). */
export const schemaForTable = (table: string): ResourceSchema | undefined =>
  allSchemas().find((schema) => schema.table === table);
