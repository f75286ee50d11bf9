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
import { historialReferencias } from './historialReferencias/schema';
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
import { trabajosEdicionMasiva } from './trabajosEdicionMasiva/schema';
import { traducciones } from './traducciones/schema';
import { usuarios } from './usuarios/schema';
import { vistaMarketplacePrompts } from './vistaMarketplacePrompts/schema';
import { vistaMuestraFotos } from './vistaMuestraFotos/schema';
import { vistasGuardadas } from './vistasGuardadas/schema';

export const registry: readonly ResourceSchema[] = [
  productos,
  productoGeneral,
  productoAtributos,
  productoMultimedia,
  productoIconos,
  productoDatosCatalogo,
  productoCaracteristicas,
  historial,
  historialReferencias,
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
  vistasGuardadas,
  trabajosEdicionMasiva,
];

const byName = new Map(registry.map((schema) => [schema.name, schema]));

/**
 * Resources declared outside this list at run time (registerSchemas): plug-ins, the low-code proof test, and
 * declarations that extend a registry resource (a schema with the name of one replaces it, e.g. products with
 * one more field).
 */
let extra: readonly ResourceSchema[] = [];

/**
 * `base` with `more` applied: a schema named like one of `base` takes its place (same position, so the menu
 * order holds), the others are appended. The app's registry and the reference API's list are built this way.
 */
export const withSchemas = (
  base: readonly ResourceSchema[],
  more: readonly ResourceSchema[],
): readonly ResourceSchema[] => {
  if (!more.length) return base;
  const named = new Map(more.map((schema) => [schema.name, schema]));
  return [
    ...base.map((schema) => named.get(schema.name) ?? schema),
    ...more.filter((schema) => !base.some((known) => known.name === schema.name)),
  ];
};

/**
 * Adds resources declared outside the registry, or replaces a registered one by a declaration of the same name;
 * the data provider, the CSV engine, the generic views, the bespoke product screens and the menu then read them
 * like any other. A declaration with problems (schemaCheck.ts) is refused with them all. Returns the function
 * that removes them again (a replaced resource gets its previous declaration back).
 */
export const registerSchemas = (...schemas: ResourceSchema[]): (() => void) => {
  const added = schemas.filter((schema) => !registry.includes(schema) && !extra.includes(schema));
  const problems = schemaProblems(withSchemas(registry, [...extra, ...added])).filter((problem) =>
    added.some((schema) => problem.startsWith(`${schema.name}.`)),
  );
  if (problems.length) throw new Error(`Declaración de recurso no válida: ${problems.join('; ')}`);
  const replaced = extra.filter((schema) => added.some((next) => next.name === schema.name));
  extra = [...extra.filter((schema) => !replaced.includes(schema)), ...added];
  return () => {
    // a declaration this call had replaced comes back
    extra = [...extra.filter((schema) => !added.includes(schema)), ...replaced];
  };
};

/** The registry plus the resources registered at run time (replacements in their registry place). */
export const allSchemas = (): readonly ResourceSchema[] => withSchemas(registry, extra);

/** The schema of a react-admin resource (== API path); aliases resolve to their schema. */
export const schemaFor = (resource: string): ResourceSchema | undefined =>
  extra.find((schema) => schema.name === resource) ??
  byName.get(resource) ??
  allSchemas().find((schema) => schema.aliases?.includes(resource));

/**
 * The declaration in force for a resource the code knows by its module (e.g. the product screens' `productos`):
 * the registered replacement when there is one, so a field declared there is read everywhere.
 */
export const declared = (schema: ResourceSchema): ResourceSchema => schemaFor(schema.name) ?? schema;

/** The schema that owns a CSV table name (docs/requirements.md#r3-entities table list). */
export const schemaForTable = (table: string): ResourceSchema | undefined =>
  allSchemas().find((schema) => schema.table === table);
