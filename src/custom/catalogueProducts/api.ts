/**
 * Typed calls to the catalogue-products endpoints (contract.ts) through the app's HTTP client (Bearer token,
 * single-flight refresh, Spanish error messages). Answers of add/remove are returned as received: messages.ts
 * decides what they mean.
 */
import type { HttpClient } from '../../dataProvider/http';
import {
  ADD_PATH,
  DELETE_BY_CATALOGUE_PATH,
  GROUPING_REFERENCES_PATH,
  listPath,
  REMOVE_PATH,
  type CatalogueProductRow,
  type Membership,
} from '../../core/catalogueProducts/contract';
import { listingOrder, listingWhere, type CatalogueProductFilter } from './filters';

export interface ListingParams {
  filter?: CatalogueProductFilter;
  page: number;
  perPage: number;
  sort?: { field?: string; order?: string };
  signal?: AbortSignal;
}

export interface Listing {
  data: CatalogueProductRow[];
  total: number;
}

/** Ids fetched so far while collecting every id matching a filter. */
export type IdsProgress = (fetched: number, total: number) => void;

export interface CatalogueProductsApi {
  list(catalogoId: number, membership: Membership, params: ListingParams): Promise<Listing>;
  /** Every product id matching the filter, fetched page by page (ids only). */
  ids(
    catalogoId: number,
    membership: Membership,
    filter: CatalogueProductFilter | undefined,
    onProgress?: IdsProgress,
  ): Promise<number[]>;
  add(catalogoId: number, productoIds: readonly number[]): Promise<unknown>;
  remove(catalogoId: number, productoIds: readonly number[]): Promise<unknown>;
  deleteByCatalogue(catalogoId: number): Promise<unknown>;
  groupingReferences(empresaId?: number): Promise<string[]>;
}

/** Ids per page when collecting all matching ids. */
export const IDS_PAGE_SIZE = 2000;

/**
 * docs/requirements.md#r5-validation "Client call rule": a missing required path/body parameter fails before any request with
 * 'required parameter <name> was null or undefined when calling <operation>'.
 */
export const requireParameter = (value: unknown, name: string, operation: string): void => {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)))
    throw new Error(`required parameter ${name} was null or undefined when calling ${operation}`);
};

const encode = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

const isRow = (value: unknown): value is CatalogueProductRow =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

export const catalogueProductsApi = (apiUrl: string, httpClient: HttpClient): CatalogueProductsApi => {
  const base = apiUrl.replace(/\/+$/, '');
  const post = async (path: string, body: unknown): Promise<unknown> =>
    (await httpClient(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) })).json;

  const count = async (
    catalogoId: number,
    membership: Membership,
    filter: CatalogueProductFilter | undefined,
    signal?: AbortSignal,
  ): Promise<number> => {
    const where = listingWhere(filter);
    const query = Object.keys(where).length ? `?where=${encode(where)}` : '';
    const response = await httpClient(
      `${base}${listPath(catalogoId, membership)}/count${query}`,
      signal ? { signal } : {},
    );
    const counted = Number((response.json as { count?: unknown } | undefined)?.count);
    return Number.isFinite(counted) ? counted : 0;
  };

  return {
    async list(catalogoId, membership, params) {
      requireParameter(catalogoId, 'catalogoId', 'list');
      const where = listingWhere(params.filter);
      const filter = {
        ...(Object.keys(where).length ? { where } : {}),
        order: listingOrder(params.sort),
        limit: params.perPage,
        skip: (Math.max(1, params.page) - 1) * params.perPage,
      };
      const options = params.signal ? { signal: params.signal } : {};
      const [rows, total] = await Promise.all([
        httpClient(`${base}${listPath(catalogoId, membership)}?filter=${encode(filter)}`, options),
        count(catalogoId, membership, params.filter, params.signal),
      ]);
      const data = Array.isArray(rows.json) ? rows.json.filter(isRow) : [];
      return { data, total };
    },

    async ids(catalogoId, membership, filter, onProgress) {
      requireParameter(catalogoId, 'catalogoId', 'ids');
      const where = listingWhere(filter);
      const total = await count(catalogoId, membership, filter);
      const ids: number[] = [];
      for (let skip = 0; ; skip += IDS_PAGE_SIZE) {
        const page = {
          ...(Object.keys(where).length ? { where } : {}),
          order: ['id ASC'],
          limit: IDS_PAGE_SIZE,
          skip,
          fields: { id: true },
        };
        const response = await httpClient(
          `${base}${listPath(catalogoId, membership)}?filter=${encode(page)}`,
        );
        const rows = Array.isArray(response.json) ? response.json.filter(isRow) : [];
        ids.push(...rows.map((row) => row.id));
        onProgress?.(ids.length, Math.max(total, ids.length));
        if (rows.length < IDS_PAGE_SIZE) break;
      }
      return [...new Set(ids)];
    },

    async add(catalogoId, productoIds) {
      requireParameter(catalogoId, 'catalogoId', 'agregarMultiplesProductosAlCatalogo');
      requireParameter(productoIds, 'productoIds', 'agregarMultiplesProductosAlCatalogo');
      return post(ADD_PATH, { catalogoId, productoIds: [...productoIds] });
    },

    async remove(catalogoId, productoIds) {
      requireParameter(catalogoId, 'catalogoId', 'eliminarMultiplesProductosDelCatalogo');
      requireParameter(productoIds, 'productoIds', 'eliminarMultiplesProductosDelCatalogo');
      return post(REMOVE_PATH, { catalogoId, productoIds: [...productoIds] });
    },

    async deleteByCatalogue(catalogoId) {
      requireParameter(catalogoId, 'catalogoId', 'eliminarPorCatalogo');
      const path = `${DELETE_BY_CATALOGUE_PATH}/${encodeURIComponent(String(catalogoId))}`;
      return (await httpClient(`${base}${path}`, { method: 'DELETE' })).json;
    },

    async groupingReferences(empresaId) {
      const query = empresaId === undefined ? '' : `?empresaId=${encodeURIComponent(String(empresaId))}`;
      const response = await httpClient(`${base}${GROUPING_REFERENCES_PATH}${query}`);
      return Array.isArray(response.json)
        ? response.json.filter((value): value is string => typeof value === 'string')
        : [];
    },
  };
};
