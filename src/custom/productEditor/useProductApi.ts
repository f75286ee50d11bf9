/**
 * The ProductApi for the current <Admin>: the data provider's `productApi` dispatch (main.tsx adds it with
 * withProductApi) called through react-admin's useDataProvider (so access errors log out as usual), or the
 * fallback over standard methods when the provider has none. Also the base address of uploaded files.
 */
import { useContext, useMemo } from 'react';
import { DataProviderContext, useDataProvider } from 'react-admin';
import type { ProductApi, ProductApiDispatch, ProductApiMethod } from './api';
import { createFallbackProductApi } from './fallbackApi';

const hasDispatch = (provider: unknown): boolean =>
  typeof provider === 'object' &&
  provider !== null &&
  typeof (provider as { productApi?: unknown }).productApi === 'function';

const METHODS: readonly ProductApiMethod[] = [
  'getNextId',
  'replicate',
  'upload',
  'syncManual',
  'reviewTexts',
  'attributesOf',
  'mediaOf',
  'resetIcons',
  'processImages',
  'b2bProducts',
  'b2bProduct',
];

export const useProductApi = (): ProductApi => {
  const raw = useContext(DataProviderContext);
  const dataProvider = useDataProvider();
  return useMemo(() => {
    if (!hasDispatch(raw)) return createFallbackProductApi(dataProvider);
    const dispatch = (dataProvider as unknown as { productApi: ProductApiDispatch }).productApi;
    return Object.fromEntries(
      METHODS.map((method) => [
        method,
        (...args: unknown[]) => (dispatch as (...a: unknown[]) => unknown)(method, ...args),
      ]),
    ) as unknown as ProductApi;
  }, [raw, dataProvider]);
};

/** Where uploaded files are served from ('' = the page's own origin). */
export const useMediaBaseUrl = (): string => {
  const raw = useContext(DataProviderContext) as { productMediaBaseUrl?: unknown } | null;
  return typeof raw?.productMediaBaseUrl === 'string' ? raw.productMediaBaseUrl : '';
};

/** The URL of a stored media path ('multimedia/{nombre}/{file}'), each segment encoded. */
export const mediaUrl = (base: string, path: string | null | undefined): string | undefined => {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  const encoded = path
    .replace(/^\/+/, '')
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return `${base.replace(/\/+$/, '')}/${encoded}`;
};
