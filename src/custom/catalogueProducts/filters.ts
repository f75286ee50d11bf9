/**
 * The filters of the two catalogue-product lists → the `where` of the listing endpoints (contract.ts). Pure.
 * Name and category are "contains" (like %term%, case-insensitive as MySQL's collation); brand and grouping
 * reference are picked from lists, so they match exactly. Empty values mean no filter.
 */
import { containsPattern } from '../../core/likePatterns';

export interface CatalogueProductFilter {
  nombre?: unknown;
  categorias?: unknown;
  marca?: unknown;
  referenciaAgrupacion?: unknown;
}

export type ListingWhere = Record<string, string | { like: string }>;

/** Fields the lists may be sorted by (product columns only: brand and reference come from another table). */
export const SORTABLE_FIELDS: readonly string[] = ['nombre', 'categorias', 'finalizado', 'id'];

const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
};

export const listingWhere = (filter: CatalogueProductFilter | undefined | null): ListingWhere => {
  const where: ListingWhere = {};
  const nombre = text(filter?.nombre);
  const categorias = text(filter?.categorias);
  const marca = text(filter?.marca);
  const referencia = text(filter?.referenciaAgrupacion);
  if (nombre) where.nombre = { like: containsPattern(nombre) };
  if (categorias) where.categorias = { like: containsPattern(categorias) };
  if (marca) where.marca = marca;
  if (referencia) where.referenciaAgrupacion = referencia;
  return where;
};

/** LoopBack `order` for a list sort; unknown fields fall back to nombre ASC (never a 500 on MySQL). */
export const listingOrder = (sort: { field?: string; order?: string } | undefined): string[] => {
  const field = sort?.field && SORTABLE_FIELDS.includes(sort.field) ? sort.field : 'nombre';
  const direction = String(sort?.order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  return [`${field} ${direction}`];
};
