/**
 * The first page of the list the app opens on (a plain `#/<resource>` address, or `#/`), asked for while the app's
 * code is still loading, as react-admin's list will ask for it: the same query key as its `useGetList`, with the
 * page, sort and filters it takes from the same places (the address has none; the stored list parameters; the
 * list's defaults, `DEFAULT_PER_PAGE` and the schema's sort). The list then finds its rows in the query cache
 * when it first renders, instead of asking for them only then (on the product list that was some 300 ms after
 * the code had arrived, spent rendering the layout and the screen). Anything this cannot match exactly (an
 * address with parameters, a list of its own) is left to the list.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider, GetListParams, Store } from 'react-admin';
import type { ResourceSchema } from '../types';
import { DEFAULT_PER_PAGE } from './listDefaults';

export interface OpeningListQuery {
  resource: string;
  params: Required<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>;
}

interface StoredListParams {
  filter?: Record<string, unknown>;
  sort?: string | null;
  order?: string | null;
  page?: number | string | null;
  perPage?: number | string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** react-admin's `hasCustomParams`: stored parameters the person set (else the list's defaults apply). */
const hasCustomParams = (params: StoredListParams): boolean =>
  isRecord(params.filter) &&
  (Object.keys(params.filter).length > 0 ||
    params.order != null ||
    params.page !== 1 ||
    params.perPage != null ||
    params.sort != null);

/** react-admin's `getNumberOrDefault`. */
const numberOr = (value: unknown, fallback: number): number => {
  if (value === undefined || value === null) return fallback;
  const parsed = typeof value === 'string' ? parseInt(value, 10) : Number(value);
  return Number.isNaN(parsed) ? fallback : parsed;
};

/**
 * The list query of the address, or undefined when the address opens no list this can match: a list whose
 * screen pages, sorts and filters as the generic list does (`standardList`), opened without parameters.
 */
export const openingListQuery = (
  hash: string,
  schemas: readonly ResourceSchema[],
  store: Store,
  standardList: (resource: string) => boolean,
): OpeningListQuery | undefined => {
  const match = /^#?\/?([^/?#]*)\/?$/.exec(hash);
  if (!match) return undefined;
  const schema = match[1] ? schemas.find((s) => s.name === match[1]) : schemas[0];
  if (!schema || !standardList(schema.name)) return undefined;
  const stored = store.getItem<StoredListParams>(`${schema.name}.listParams`, {}) ?? {};
  const query: StoredListParams = hasCustomParams(stored) ? { ...stored } : { filter: {} };
  if (!query.sort) {
    query.sort = schema.sort.field;
    query.order = schema.sort.order;
  }
  return {
    resource: schema.name,
    params: {
      pagination: {
        page: numberOr(query.page ?? 1, 1),
        perPage: numberOr(query.perPage ?? DEFAULT_PER_PAGE, 10),
      },
      // as react-admin passes it (stored as its list wrote it)
      sort: { field: String(query.sort), order: String(query.order) as 'ASC' | 'DESC' },
      filter: isRecord(query.filter) ? query.filter : {},
    },
  };
};

/** react-admin's `useGetList` key for these parameters (no `meta`). */
export const listQueryKey = ({ resource, params }: OpeningListQuery) =>
  [resource, 'getList', { pagination: params.pagination, sort: params.sort, filter: params.filter }] as const;

/**
 * Asks for the page into react-admin's query cache. A failure leaves nothing there: the list asks again itself
 * and reports its own error.
 */
export const prefetchListPage = (
  queryClient: QueryClient,
  dataProvider: DataProvider,
  query: OpeningListQuery,
): Promise<void> => {
  const queryKey = listQueryKey(query);
  return queryClient
    .fetchQuery({
      queryKey,
      queryFn: () =>
        dataProvider
          .getList(query.resource, query.params)
          .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
      retry: false,
    })
    .then(
      () => undefined,
      () => queryClient.removeQueries({ queryKey, exact: true }),
    );
};
