/**
 * The ProductApi for the current <Admin>: the data provider's `productApi` dispatch (src/custom/dataProvider.ts
 * adds it) called through react-admin's useDataProvider (so access errors log out as usual), or the
 * fallback over standard methods when the provider has none. Also the base address of uploaded files.
 */
import { useContext, useMemo } from 'react';
import { DataProviderContext, useDataProvider } from 'react-admin';
import { getAccessToken } from '../../authProvider/session';
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
  'versions',
  'restoreVersion',
  'readiness',
  'readinessSummary',
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

/** The query parameter the API reads the access token from on /multimedia (an <img> cannot send headers). */
export const MEDIA_TOKEN_PARAM = 'access_token';

/**
 * The URL of a stored media path ('multimedia/{nombre}/{file}'), each segment encoded, with the access token
 * (default: the session's current one) as `access_token`: the API serves files only to a signed-in user of the
 * product's company. Absolute http(s)/data/blob URLs are someone else's and are returned untouched.
 */
export const mediaUrl = (
  base: string,
  path: string | null | undefined,
  token: string | null = getAccessToken(),
): string | undefined => {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  const encoded = path
    .replace(/^\/+/, '')
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  const url = `${base.replace(/\/+$/, '')}/${encoded}`;
  return token ? `${url}?${MEDIA_TOKEN_PARAM}=${encodeURIComponent(token)}` : url;
};
