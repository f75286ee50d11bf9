/**
 * The products' query cache (react-query): the list pages (['productos', 'getList', …]) and the editor's bundles
 * (['productos', 'bundle', id]) share the 'productos' prefix. Anything written outside a form save (multimedia,
 * replication, deletion) marks them stale, so the list's thumbnails and a product opened again show what is
 * stored. Nothing is refetched at once ('none'): an open editor keeps what the person is editing.
 */
import type { QueryClient } from '@tanstack/react-query';

export const PRODUCTS_QUERY_PREFIX = ['productos'] as const;

export const markProductsStale = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: [...PRODUCTS_QUERY_PREFIX], refetchType: 'none' });
