/**
 * The catalogue-products API (docs/requirements.md#r7-api "Catalogue products"), shared by the app and the reference API.
 * Pure TypeScript: no React, no Node.
 *
 *   POST   /agregar-multiples-productos-al-catalogo        {catalogoId, productoIds} → 200 CatalogoProducto[] (rows created)
 *   POST   /eliminar-multiples-productos-del-catalogo      {catalogoId, productoIds} → 200 {deletedCount}
 *   DELETE /catalogos-productos/eliminar-por-catalogo/{id} → 200 {deletedCount}
 *   GET    /obtenerReferenciasDeAgrupacion[?empresaId=]    → 200 string[] (distinct, sorted)
 *   GET    /catalogos/{id}/productos-disponibles[?filter=]  → products of the catalogue's company NOT in it
 *   GET    /catalogos/{id}/productos-disponibles/count[?where=]
 *   GET    /catalogos/{id}/productos-incluidos[?filter=]    → products in the catalogue
 *   GET    /catalogos/{id}/productos-incluidos/count[?where=]
 *
 * The two listing routes take LoopBack's filter (where, order, limit, skip, fields) over the product fields,
 * plus the general-data fields below (brand, grouping reference, title) which the server resolves itself.
 */

export const ADD_PATH = '/agregar-multiples-productos-al-catalogo';
export const REMOVE_PATH = '/eliminar-multiples-productos-del-catalogo';
export const DELETE_BY_CATALOGUE_PATH = '/catalogos-productos/eliminar-por-catalogo';
export const GROUPING_REFERENCES_PATH = '/obtenerReferenciasDeAgrupacion';

export type Membership = 'disponibles' | 'incluidos';

/** The listing path of a catalogue (`catalogoId` may be a route template such as '{id}'). */
export const listPath = (catalogoId: number | string, membership: Membership): string =>
  `/catalogos/${String(catalogoId)}/productos-${membership}`;

/** producto-generals fields a listing can filter on (and which each listed row carries). */
export const GENERAL_FIELDS = ['titulo', 'marca', 'referenciaAgrupacion'] as const;
export type GeneralField = (typeof GENERAL_FIELDS)[number];

/** Most ids accepted by one add/remove request (a whole catalogue at once stays far below it). */
export const MAX_IDS_PER_REQUEST = 50000;

export interface CatalogueProductsBody {
  catalogoId: number;
  productoIds: number[];
}

export interface CatalogoProductoRow {
  id: number;
  catalogoId: number;
  productoId: number;
}

export interface DeletedCount {
  deletedCount: number;
}

/** One row of a listing: the product, with its first general record's title, brand and grouping reference. */
export interface CatalogueProductRow {
  id: number;
  empresaId?: number;
  nombre?: string;
  categorias?: string | null;
  imagen?: string | null;
  finalizado?: string | null;
  titulo?: string | null;
  marca?: string | null;
  referenciaAgrupacion?: string | null;
}
