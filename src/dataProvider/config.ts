/**
 * The API base address (the architecture notes (data provider rules), docs/requirements.md#r7-api): runtime config (`/config.json` or `window.__PIM_CONFIG__`), else the
 * build-time `VITE_API_URL`, else http://localhost:8000; trailing slashes stripped. A runtime `apiUrl` of ""
 * means "the page's own origin" (the reference API serves the built app on the same port).
 */

export interface RuntimeConfig {
  apiUrl?: string;
}

export const DEFAULT_API_URL = 'http://localhost:8000';
export const RUNTIME_CONFIG_URL = '/config.json';

const stripTrailingSlashes = (url: string): string => url.trim().replace(/\/+$/, '');

const pageOrigin = (): string =>
  typeof window !== 'undefined' && window.location && window.location.origin !== 'null'
    ? window.location.origin
    : '';

/**
 * @param runtime the runtime config (from loadRuntimeConfig)
 * @param env the build-time value, i.e. `import.meta.env.VITE_API_URL` (passed in to keep this function pure)
 */
export const resolveApiUrl = (runtime?: RuntimeConfig | null, env?: string): string => {
  if (runtime && typeof runtime.apiUrl === 'string') {
    const url = stripTrailingSlashes(runtime.apiUrl);
    return url === '' ? pageOrigin() : url;
  }
  if (typeof env === 'string' && env.trim() !== '') return stripTrailingSlashes(env);
  return DEFAULT_API_URL;
};

const toRuntimeConfig = (value: unknown): RuntimeConfig => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const apiUrl = (value as { apiUrl?: unknown }).apiUrl;
  return typeof apiUrl === 'string' ? { apiUrl } : {};
};

export interface LoadRuntimeConfigOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  url?: string;
}

/**
 * `window.__PIM_CONFIG__` when the page defines it; otherwise GET /config.json with a short timeout.
 * A 404, invalid JSON, a network error or the timeout all give `{}` (then VITE_API_URL / the default apply).
 */
export const loadRuntimeConfig = async (options: LoadRuntimeConfigOptions = {}): Promise<RuntimeConfig> => {
  if (typeof window !== 'undefined') {
    const inline = (window as Window & { __PIM_CONFIG__?: unknown }).__PIM_CONFIG__;
    if (inline !== undefined && inline !== null) return toRuntimeConfig(inline);
  }
  const fetchImpl = options.fetchImpl ?? (typeof fetch === 'function' ? fetch : undefined);
  if (!fetchImpl) return {};
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RuntimeConfig>((resolve) => {
    timer = setTimeout(() => {
      controller?.abort();
      resolve({});
    }, options.timeoutMs ?? 1500);
  });
  const load = async (): Promise<RuntimeConfig> => {
    const response = await fetchImpl(options.url ?? RUNTIME_CONFIG_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller?.signal,
    });
    if (!response.ok) return {};
    const body = await response.text();
    try {
      return toRuntimeConfig(JSON.parse(body));
    } catch {
      return {}; // e.g. a dev server answering index.html
    }
  };
  try {
    return await Promise.race([load().catch((): RuntimeConfig => ({})), timeout]);
  } finally {
    clearTimeout(timer);
  }
};
