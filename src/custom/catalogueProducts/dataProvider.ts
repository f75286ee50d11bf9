/**
 * Adds the catalogue-products feature to any react-admin DataProvider (composed once in main.tsx; component
 * tests compose it over fakerest with a fake api):
 *
 * - two list-only resources, AVAILABLE_RESOURCE and INCLUDED_RESOURCE, whose getList reads the listing
 *   endpoints (filter `catalogoId` + the list filters), so the screen uses react-admin's own lists (paging,
 *   selection, filters, counts);
 * - deleting a catalogue (`catalogos`, delete and deleteMany) first removes its products with
 *   DELETE /catalogos-productos/eliminar-por-catalogo/{id} (docs/requirements.md#r7-api), then deletes the catalogue;
 * - custom methods for the screen: add/remove a selection, collect every id matching a filter, grouping
 *   references.
 */
import type {
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  RaRecord,
} from 'ra-core';
import type { HttpClient } from '../../dataProvider/http';
import { catalogueProductsApi, type CatalogueProductsApi, type IdsProgress } from './api';
import type { Membership } from '../../core/catalogueProducts/contract';
import { mapPool } from '../../core/pool';
import type { CatalogueProductFilter } from './filters';

export const AVAILABLE_RESOURCE = 'catalogo-productos-disponibles';
export const INCLUDED_RESOURCE = 'catalogo-productos-incluidos';
export const CATALOGUE_RESOURCE = 'catalogos';

export const membershipOf = (resource: string): Membership | undefined =>
  resource === AVAILABLE_RESOURCE ? 'disponibles' : resource === INCLUDED_RESOURCE ? 'incluidos' : undefined;

export const resourceOf = (membership: Membership): string =>
  membership === 'disponibles' ? AVAILABLE_RESOURCE : INCLUDED_RESOURCE;

export interface CatalogueProductsMethods {
  catalogueProductsAdd(catalogoId: number, productoIds: readonly number[]): Promise<unknown>;
  catalogueProductsRemove(catalogoId: number, productoIds: readonly number[]): Promise<unknown>;
  catalogueProductIds(
    membership: Membership,
    catalogoId: number,
    filter: CatalogueProductFilter | undefined,
    onProgress?: IdsProgress,
  ): Promise<number[]>;
  catalogueGroupingReferences(empresaId?: number): Promise<string[]>;
}

export type CatalogueProductsDataProvider = DataProvider & CatalogueProductsMethods;

/** Catalogues deleted at the same time by deleteMany. */
const DELETE_CONCURRENCY = 3;

const catalogueIdOf = (filter: unknown): number | undefined => {
  const raw = (filter as { catalogoId?: unknown } | undefined)?.catalogoId;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

export const withCatalogueProducts = (
  base: DataProvider,
  api: CatalogueProductsApi,
): CatalogueProductsDataProvider => {
  const removeProductsOf = async (id: unknown): Promise<void> => {
    const catalogoId = Number(id);
    if (!Number.isInteger(catalogoId)) throw new Error(`Identificador de catálogo no válido: ${String(id)}`);
    await api.deleteByCatalogue(catalogoId);
  };

  return {
    ...base,

    getList: async <R extends RaRecord>(
      resource: string,
      params: GetListParams,
    ): Promise<GetListResult<R>> => {
      const membership = membershipOf(resource);
      if (!membership) return base.getList<R>(resource, params);
      const catalogoId = catalogueIdOf(params.filter);
      if (catalogoId === undefined) return { data: [], total: 0 };
      const { data, total } = await api.list(catalogoId, membership, {
        filter: params.filter as CatalogueProductFilter,
        page: params.pagination?.page ?? 1,
        perPage: params.pagination?.perPage ?? 10,
        sort: params.sort,
        signal: params.signal,
      });
      return { data: data as unknown as R[], total };
    },

    delete: async <R extends RaRecord>(
      resource: string,
      params: DeleteParams<R>,
    ): Promise<DeleteResult<R>> => {
      if (resource === CATALOGUE_RESOURCE) await removeProductsOf(params.id);
      return base.delete<R>(resource, params);
    },

    deleteMany: async <R extends RaRecord>(
      resource: string,
      params: DeleteManyParams<R>,
    ): Promise<DeleteManyResult<R>> => {
      if (resource !== CATALOGUE_RESOURCE) return base.deleteMany<R>(resource, params);
      // Each catalogue: its products first, then the catalogue (a failure stops before its catalogue).
      const ids = [...params.ids];
      await mapPool(ids, DELETE_CONCURRENCY, async (id) => {
        await removeProductsOf(id);
        await base.delete<R>(resource, { id, meta: params.meta });
      });
      return { data: ids };
    },

    catalogueProductsAdd: (catalogoId, productoIds) => api.add(catalogoId, productoIds),
    catalogueProductsRemove: (catalogoId, productoIds) => api.remove(catalogoId, productoIds),
    catalogueProductIds: (membership, catalogoId, filter, onProgress) =>
      api.ids(catalogoId, membership, filter, onProgress),
    catalogueGroupingReferences: (empresaId) => api.groupingReferences(empresaId),
  };
};

/** The feature's methods of the app's data provider, or undefined when it was not composed in. */
export const catalogueMethods = (dataProvider: DataProvider): CatalogueProductsMethods | undefined => {
  const candidate = dataProvider as Partial<CatalogueProductsMethods>;
  return typeof candidate.catalogueProductsAdd === 'function' &&
    typeof candidate.catalogueProductsRemove === 'function' &&
    typeof candidate.catalogueProductIds === 'function' &&
    typeof candidate.catalogueGroupingReferences === 'function'
    ? (candidate as CatalogueProductsMethods)
    : undefined;
};

/** main.tsx: the feature over the app's HTTP client. */
export const withCatalogueProductsApi = (
  base: DataProvider,
  apiUrl: string,
  httpClient: HttpClient,
): CatalogueProductsDataProvider => withCatalogueProducts(base, catalogueProductsApi(apiUrl, httpClient));
