/**
 * The catalogue-products feature of the data provider (part of the app's one provider, src/custom/dataProvider.ts;
 * component tests compose it over fakerest with a fake api through withCatalogueProducts):
 *
 * - two list-only resources, AVAILABLE_RESOURCE and INCLUDED_RESOURCE, whose getList reads the listing
 *   endpoints (filter `catalogoId` + the list filters), so the screen uses react-admin's own lists (paging,
 *   selection, filters, counts);
 * - deleting a catalogue (`catalogos`, delete and deleteMany) first removes its products with
 *   DELETE /catalogos-productos/eliminar-por-catalogo/{id} (docs/requirements.md#r7-api), then deletes the catalogue;
 * - custom methods for the screen: add/remove a selection, collect every id matching a filter, grouping
 *   references.
 */
import type { DataProvider, GetListParams, GetListResult, RaRecord, ResourceCallbacks } from 'ra-core';
import { withLifecycleCallbacks } from 'ra-core';
import type { CatalogueProductsApi, IdsProgress } from './api';
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

/** Catalogues whose products are removed at the same time by deleteMany. */
const DELETE_CONCURRENCY = 3;

const catalogueIdOf = (filter: unknown): number | undefined => {
  const raw = (filter as { catalogoId?: unknown } | undefined)?.catalogoId;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The two list-only resources over the listing endpoints; every other list is the base provider's. */
export const withCatalogueProductLists = (base: DataProvider, api: CatalogueProductsApi): DataProvider => ({
  ...base,
  getList: async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
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
});

/**
 * Lifecycle callbacks of `catalogos`: a catalogue's products are removed before the catalogue is deleted (one or
 * several; a failed removal rejects before any catalogue of the call is deleted).
 */
export const catalogueDeleteCallbacks = (api: CatalogueProductsApi): ResourceCallbacks => {
  const removeProductsOf = async (id: unknown): Promise<void> => {
    const catalogoId = Number(id);
    if (!Number.isInteger(catalogoId)) throw new Error(`Identificador de catálogo no válido: ${String(id)}`);
    await api.deleteByCatalogue(catalogoId);
  };
  return {
    resource: CATALOGUE_RESOURCE,
    beforeDelete: async (params) => {
      await removeProductsOf(params.id);
      return params;
    },
    beforeDeleteMany: async (params) => {
      await mapPool([...params.ids], DELETE_CONCURRENCY, removeProductsOf);
      return params;
    },
  };
};

/** The screen's custom methods: add/remove a selection, every id matching a filter, grouping references. */
export const catalogueProductsMethods = (api: CatalogueProductsApi): CatalogueProductsMethods => ({
  catalogueProductsAdd: (catalogoId, productoIds) => api.add(catalogoId, productoIds),
  catalogueProductsRemove: (catalogoId, productoIds) => api.remove(catalogoId, productoIds),
  catalogueProductIds: (membership, catalogoId, filter, onProgress) =>
    api.ids(catalogoId, membership, filter, onProgress),
  catalogueGroupingReferences: (empresaId) => api.groupingReferences(empresaId),
});

/** The whole feature over any provider (the app's provider composes the same parts; tests use this over fakerest). */
export const withCatalogueProducts = (
  base: DataProvider,
  api: CatalogueProductsApi,
): CatalogueProductsDataProvider => ({
  ...withLifecycleCallbacks(withCatalogueProductLists(base, api), [catalogueDeleteCallbacks(api)]),
  ...catalogueProductsMethods(api),
});

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
