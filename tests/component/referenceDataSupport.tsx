/**
 * Test support for the reference-data screens: a fixture, a fakerest provider that reads the schemas' filter
 * declarations the way the LoopBack provider does (contains → `_q`, gte/lte, TODOS ignored), the reference-data
 * methods over the same fixture, a call recorder, and a render helper with a memory store.
 */
import { render } from '@testing-library/react';
import fakeRestDataProvider from 'ra-data-fakerest';
import { memoryStore, type DataProvider, type Store } from 'react-admin';
import { App } from '../../src/App';
import type { ReferenceDataApi } from '../../src/dataProvider/referenceData';
import { categoryKey, inCategories, splitCategories } from '../../src/core/referenceData/contract';
import { schemaFor } from '../../src/resources/registry';
import type { ResourceSchema } from '../../src/resources/types';
import { fixture as baseFixture, type Fixture } from './renderApp';
import { screenElement } from './renderScreen';

export const referenceFixture = (): Fixture => ({
  ...baseFixture(),
  productos: [
    { id: 10, empresaId: 1, nombre: 'SKU-10', categorias: 'Taladros; Sierras', finalizado: 'S' },
    { id: 11, empresaId: 1, nombre: 'SKU-11', categorias: 'Taladros', finalizado: 'N' },
    { id: 12, empresaId: 1, nombre: 'SKU-12', categorias: 'Cortacéspedes', finalizado: 'N' },
  ],
  categorias: [
    { id: 1, empresaId: 1, codigo: 'master', padre: null, nombre: 'Catálogo' },
    { id: 2, empresaId: 1, codigo: 'HEL', padre: 'master', nombre: 'Herramientas eléctricas' },
    { id: 3, empresaId: 1, codigo: 'HEL-TAL', padre: 'HEL', nombre: 'Taladros' },
    { id: 4, empresaId: 1, codigo: 'HEL-SIE', padre: 'HEL', nombre: 'Sierras' },
    { id: 5, empresaId: 1, codigo: 'JAR', padre: 'master', nombre: 'Jardín' },
    { id: 6, empresaId: 1, codigo: 'JAR-COR', padre: 'JAR', nombre: 'Cortacéspedes' },
  ],
  familias: [
    { id: 1, empresaId: 1, nombre: 'Profesional', codigo: 'PRO', padre: null },
    { id: 2, empresaId: 1, nombre: 'Bricolaje', codigo: 'BRI', padre: null },
  ],
  Situaciones: [
    { id: 1, empresaId: 1, nombre: 'Activo' },
    { id: 2, empresaId: 1, nombre: 'Descatalogado' },
  ],
  'grupos-atributos': [
    { id: 1, empresaId: 1, nombre: 'Dimensiones', codigo: 'DIM' },
    { id: 2, empresaId: 1, nombre: 'Eléctrico', codigo: 'ELE' },
  ],
  atributos: [
    {
      id: 1,
      empresaId: 1,
      nombre: 'Potencia',
      unidad: 'W',
      categorias: 'Taladros,Sierras',
      grupoAtributosId: 2,
      codigo: 1001,
    },
    {
      id: 2,
      empresaId: 1,
      nombre: 'Peso',
      unidad: 'kg',
      categorias: 'Taladros',
      grupoAtributosId: 1,
      codigo: 1002,
    },
  ],
  'producto-atributos': [
    { id: 1, productoId: 10, atributoId: 1, nombre: 'Potencia', valor: '800' },
    { id: 2, productoId: 11, atributoId: 1, nombre: 'Potencia', valor: '650' },
    { id: 3, productoId: 10, atributoId: 2, nombre: 'Peso', valor: '2' },
  ],
  multimedias: [
    { id: 1, empresaId: 1, clave: 'ficha', tipo: 'Documento', categoria: 'Fichas', defectosn: 'N' },
    { id: 2, empresaId: 1, clave: 'principal', tipo: 'Imagen', categoria: 'Fotos', defectosn: 'S' },
  ],
  idiomas: [
    { id: 1, nombre: 'Español', codigo: 'es', activo_sn: 'S' },
    { id: 2, nombre: 'Inglés', codigo: 'en', activo_sn: 'N' },
  ],
  traducciones: [
    { id: 1, idiomaId: 2, clave: 'menu.categorias', valor: 'Categories' },
    { id: 2, idiomaId: 1, clave: 'menu.categorias', valor: 'Categorías' },
  ],
  parametrosGlobales: [{ id: 1, empresaId: 1, minutosCierreSesion: 5 }],
  TiposRango: [
    { id: 1, empresaId: 1, rango: 'Temporada', orden: 3 },
    { id: 2, empresaId: 1, rango: 'Imprescindible', orden: 1 },
    { id: 3, empresaId: 1, rango: 'Recomendado', orden: 2 },
  ],
  Clubs: [
    {
      id: 1,
      empresaId: 1,
      nombre: 'Club Norte',
      descripcion: 'Profesionales',
      filtroMarcas: 'Marca 01',
      filtroCategorias: 'HEL',
    },
    {
      id: 2,
      empresaId: 1,
      nombre: 'Club Sur',
      descripcion: 'Hogar',
      filtroMarcas: 'Marca 02',
      filtroCategorias: 'JAR',
    },
  ],
  ProductosPorRango: [
    {
      id: 1,
      empresaId: 1,
      skuProducto: 'SKU-10',
      rangoId: 2,
      clubId: 1,
      desdeFecha: '2026-03-01T00:00:00.000Z',
      hastaFecha: '2026-03-31T00:00:00.000Z',
    },
    {
      id: 2,
      empresaId: 1,
      skuProducto: 'SKU-12',
      rangoId: 1,
      clubId: 2,
      desdeFecha: '2026-06-01T00:00:00.000Z',
      hastaFecha: '2026-08-31T00:00:00.000Z',
    },
  ],
  Ensamblados: [
    { id: 1, skuPrincipal: 'SKU-10', skuEnsamblado: 'SKU-11', descripcion: 'Kit', cantidad: 2 },
    { id: 2, skuPrincipal: 'SKU-11', skuEnsamblado: 'SKU-12', descripcion: 'Pack', cantidad: 1 },
  ],
  Sustitutos: [
    {
      id: 1,
      skuPrincipal: 'SKU-10',
      skuSustituto: 'SKU-12',
      descripcion: 'Nuevo modelo',
      fechaInicio: '2026-01-01T00:00:00.000Z',
      fechaFin: null,
      intercambiable: 'S',
    },
    {
      id: 2,
      skuPrincipal: 'SKU-11',
      skuSustituto: 'SKU-10',
      descripcion: 'Equivalente',
      fechaInicio: null,
      fechaFin: null,
      intercambiable: 'N',
    },
  ],
  Repuestos: [
    { id: 1, skuPrincipal: 'SKU-10', skuRepuesto: 'SKU-11', descripcion: 'Broca', posicion: 1 },
    { id: 2, skuPrincipal: 'SKU-11', skuRepuesto: 'SKU-12', descripcion: 'Cuchilla', posicion: 2 },
  ],
  catalogos: [
    { id: 1, Id: 1, empresaId: 1, codigo: 'CAT26', nombre: 'Catálogo 2026', anyo: 2026, activoSN: 'S' },
    { id: 2, Id: 2, empresaId: 1, codigo: 'CAT25', nombre: 'Catálogo 2025', anyo: 2025, activoSN: 'N' },
  ],
  EmpresasBC: [
    { id: 1, idEmpresa: 1, idMarca: 1, nombreMarca: 'Marca 01', codigoMarca: 'M01' },
    { id: 2, idEmpresa: 1, idMarca: 2, nombreMarca: 'Marca 02', codigoMarca: 'M02' },
    { id: 3, idEmpresa: 2, idMarca: 3, nombreMarca: 'Marca 03', codigoMarca: 'M03' },
  ],
  Plantilla: [{ id: 1, empresaId: 1, nombre: 'Envío nocturno', descripcion: 'Ficheros al ERP' }],
  Tablas: [{ id: 1, plantillaId: 1, nombre: 'productos', campos: 'id,nombre', orden: 1 }],
});

/** The filter values a screen sends → fakerest filters, following the schema as the LoopBack provider does. */
export const toFakeFilter = (schema: ResourceSchema | undefined, filter: Record<string, unknown> = {}) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    const declared = schema?.filters.find((candidate) => candidate.source === key);
    if (declared?.ignore?.includes(String(value))) continue;
    if (key === 'q' || !declared) {
      out[key] = value;
      continue;
    }
    const field = declared.field ?? declared.source;
    switch (declared.op) {
      case 'contains':
        out[`${field}_q`] = value;
        break;
      case 'gte':
        out[`${field}_gte`] = value;
        break;
      case 'lte':
        out[`${field}_lte`] = `${String(value).slice(0, 10)}T23:59:59.999Z`;
        break;
      default:
        out[field] = value;
    }
  }
  return out;
};

export interface Recorded {
  method: string;
  resource: string;
  params: Record<string, unknown>;
}

/** fakerest with schema-aware filters, the reference-data methods and a record of every call. */
export const referenceProvider = (data: Fixture = referenceFixture()) => {
  const base = fakeRestDataProvider(data, false);
  const calls: Recorded[] = [];
  const record = (method: string, resource: string, params: unknown) =>
    calls.push({ method, resource, params: params as Record<string, unknown> });
  const products = () => data.productos as { id: number; nombre: string; categorias?: string }[];
  const carrying = async (categoria: string, atributoId: unknown) => {
    const inCategory = products().filter((p) =>
      inCategories(p.categorias, new Set([categoryKey(categoria)])),
    );
    const { data: rows } = await base.getList('producto-atributos', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { atributoId: Number(atributoId) },
    });
    return rows.filter((row) => inCategory.some((p) => p.id === row.productoId));
  };
  const api: ReferenceDataApi = {
    async suggestions(endpoint, params = {}) {
      record('suggestions', endpoint, params);
      const term = (params.q ?? '').toLowerCase();
      return products()
        .map((p) => p.nombre)
        .filter((name) => name.toLowerCase().includes(term))
        .sort()
        .slice(0, params.limit ?? 50);
    },
    async productosPorCategoria(tipo, nombre) {
      record('productosPorCategoria', 'productos', { tipo, nombre });
      if (tipo !== 'categoria' && tipo !== 'subcategoria') throw new Error('Tipo no válido');
      const cats = data.categorias as { codigo: string; padre: string | null; nombre: string }[];
      const own = cats.find((c) => categoryKey(c.nombre) === categoryKey(nombre));
      const names = new Set([categoryKey(nombre)]);
      if (tipo === 'categoria' && own)
        cats.filter((c) => c.padre === own.codigo).forEach((c) => names.add(categoryKey(c.nombre)));
      return products()
        .filter((p) => splitCategories(p.categorias).some((n) => names.has(categoryKey(n))))
        .map((p) => ({ id: p.id, empresaId: 1, nombre: p.nombre, categorias: p.categorias }));
    },
    async compruebaAtributosEnProductosPorCategoria(categoria, atributoId) {
      record('comprueba', 'producto-atributos', { categoria, atributoId });
      return new Set((await carrying(categoria, atributoId)).map((row) => row.productoId)).size;
    },
    async eliminaAtributosEnProductosPorCategoria(categoria, atributoId) {
      record('elimina', 'producto-atributos', { categoria, atributoId });
      const rows = await carrying(categoria, atributoId);
      for (const row of rows) await base.delete('producto-atributos', { id: row.id, previousData: row });
      return rows.length;
    },
  };
  const provider: DataProvider & ReferenceDataApi = {
    ...base,
    ...api,
    getList: (resource, params) => {
      record('getList', resource, params);
      return base.getList(resource, { ...params, filter: toFakeFilter(schemaFor(resource), params.filter) });
    },
    getManyReference: (resource, params) => {
      record('getManyReference', resource, params);
      return base.getManyReference(resource, params);
    },
    create: (resource, params) => {
      record('create', resource, params);
      return base.create(resource, params);
    },
    update: (resource, params) => {
      record('update', resource, params);
      return base.update(resource, params);
    },
    delete: (resource, params) => {
      record('delete', resource, params);
      return base.delete(resource, params);
    },
    deleteMany: (resource, params) => {
      record('deleteMany', resource, params);
      return base.deleteMany(resource, params);
    },
  };
  const lastCall = (method: string, resource: string) =>
    [...calls].reverse().find((call) => call.method === method && call.resource === resource);
  return { provider, calls, lastCall, data };
};

export const renderReference = (
  path: string,
  /** `app`: the whole app (menu, app bar) instead of the screen alone, for tests about the app shell. */
  options: { dataProvider?: DataProvider; store?: Store; schemas?: ResourceSchema[]; app?: boolean } = {},
) => {
  window.location.hash = `#${path}`;
  const store = options.store ?? memoryStore();
  const props = {
    dataProvider: options.dataProvider ?? referenceProvider().provider,
    store,
    schemas: options.schemas,
  };
  const view = render(options.app ? <App {...props} /> : screenElement(path, props));
  return { ...view, store };
};
