/**
 * The HTTP client given to the data provider (and usable by custom endpoints):
 * - `Authorization: Bearer <accessToken>` on every call when a token exists;
 * - on 401, ONE shared (single-flight) refresh for any number of concurrent failing calls, which are then
 *   replayed once with the new token; a failed refresh calls `onAuthFailure` once and every waiting call rejects;
 *   a replay that 401s again is not refreshed again, and auth URLs (login/refresh) are never refreshed;
 * - errors become `HttpError`s with a Spanish message (docs/requirements.md#r8-errors) and the server's `{error:{…}}` body kept intact;
 *   the message is stored under localStorage `error` before rejecting.
 *
 * fetchUtils.fetchJson resolves 204/empty bodies with `json: undefined` (JSON.parse of '' fails silently), so
 * PUT/PATCH/DELETE answers with no body and no Content-Type are fine.
 */
import { fetchUtils, HttpError } from 'ra-core';
import { isRecord } from '../core/guards';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<HttpResponse>;

export const CONNECTION_ERROR_MESSAGE = 'Error de conexión. Verifique su red e intente de nuevo.';
export const GENERIC_ERROR_MESSAGE = 'Ocurrió un error inesperado. Intente nuevamente.';
export const ERROR_STORAGE_KEY = 'error';

export interface HttpClientDeps {
  /** The current access token, or null when logged out. */
  getAccessToken(): string | null;
  /** Exchanges the refresh token for a new access token (and stores it); null (or a rejection) when it fails. */
  refresh(): Promise<string | null>;
  /** Called once per failed refresh (log out). */
  onAuthFailure(): void;
  fetchJson?: typeof fetchUtils.fetchJson;
  /** URLs never refreshed on 401 (default: login/signup/refresh endpoints). */
  isAuthUrl?: (url: string) => boolean;
  /** A request with no answer after this long fails as "no response" (default 60 s): never a hang. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** Aborts after `ms` or when the caller's own signal aborts; `timedOut()` tells which. */
const deadline = (ms: number, outer?: AbortSignal | null) => {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
};

const AUTH_URL =
  /\/(auth\/(login|signup|refresh-token)|usuarios\/refresh-login|jwt\/(login|register|refresh-token)|users\/(login|refresh-login)|refresh)\/?(\?|#|$)/i;

export const isDefaultAuthUrl = (url: string): boolean => AUTH_URL.test(url);

/** The LoopBack error message of a `{error:{message}}` body, if any. */
export const serverErrorMessage = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined;
  const inner = body.error;
  if (isRecord(inner) && typeof inner.message === 'string' && inner.message.trim() !== '')
    return inner.message;
  if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return undefined;
};

const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

const storeError = (message: string): void => {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(ERROR_STORAGE_KEY, message);
  } catch {
    // storage full or disabled: the rejection still carries the message
  }
};

/**
 * 5xx answers whose message the API words for the person (a database it cannot reach or that did not answer in
 * time: 503; a full or read-only disk: 507), so the person learns the change was not stored and why.
 */
const WORDED_SERVER_ERRORS = new Set([503, 507]);

/**
 * Any failure → an HttpError with the Spanish catalogue message (docs/requirements.md#r8-errors). Abort errors pass through untouched.
 * Other 5xx answers carry strong-error-handler's generic 'Internal Server Error', so they get the Spanish generic text.
 */
export const toHttpError = (error: unknown): unknown => {
  if (isAbortError(error)) return error;
  if (error instanceof HttpError) {
    const status = typeof error.status === 'number' ? error.status : Number(error.status);
    if (!status) return new HttpError(CONNECTION_ERROR_MESSAGE, 0, error.body ?? null);
    const worded = status < 500 || WORDED_SERVER_ERRORS.has(status);
    const message = (worded ? serverErrorMessage(error.body) : undefined) ?? GENERIC_ERROR_MESSAGE;
    return new HttpError(message, status, error.body ?? null);
  }
  if (error instanceof TypeError) return new HttpError(CONNECTION_ERROR_MESSAGE, 0, null);
  return error;
};

const withToken = (options: fetchUtils.Options, token: string | null): fetchUtils.Options => {
  // fetchJson calls headers.has/set: it needs a real Headers instance.
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return { ...options, headers };
};

export const createHttpClient = (deps: HttpClientDeps): HttpClient => {
  const fetchJson = deps.fetchJson ?? fetchUtils.fetchJson;
  const isAuthUrl = deps.isAuthUrl ?? isDefaultAuthUrl;
  let inFlight: Promise<string | null> | null = null;
  /** The access token whose refresh failed: later 401s with it neither refresh nor log out again. */
  let failedToken: string | null | undefined;

  const refreshOnce = (staleToken: string | null): Promise<string | null> => {
    if (inFlight) return inFlight;
    const current = deps.getAccessToken();
    // Someone already refreshed while this request was on the wire: replay with the new token.
    if (current && current !== staleToken) return Promise.resolve(current);
    if (failedToken !== undefined && failedToken === staleToken) return Promise.resolve(null);
    inFlight = (async () => {
      let token: string | null = null;
      try {
        token = await deps.refresh();
      } catch {
        token = null;
      }
      if (!token) {
        failedToken = staleToken;
        deps.onAuthFailure();
      } else {
        failedToken = undefined;
      }
      return token;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const fail = (error: unknown): never => {
    const mapped = toHttpError(error);
    if (mapped instanceof HttpError) storeError(mapped.message);
    throw mapped;
  };

  const send = async (
    url: string,
    options: fetchUtils.Options,
    token: string | null,
  ): Promise<HttpResponse> => {
    const limit = deadline(deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
    try {
      const response = await fetchJson(url, { ...withToken(options, token), signal: limit.signal });
      return { status: response.status, headers: response.headers, body: response.body, json: response.json };
    } catch (error) {
      // A server that never answers is a connection failure (docs/requirements.md#r8-errors), not an abort by the caller.
      if (limit.timedOut()) throw new HttpError(CONNECTION_ERROR_MESSAGE, 0, null);
      throw error;
    } finally {
      limit.clear();
    }
  };

  return async (url, options = {}) => {
    const token = deps.getAccessToken();
    try {
      return await send(url, options, token);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401 || isAuthUrl(url)) return fail(error);
      const fresh = await refreshOnce(token);
      if (!fresh) return fail(error);
      try {
        // The replay is final: a second 401 is reported, never refreshed again.
        return await send(url, options, fresh);
      } catch (replayError) {
        return fail(replayError);
      }
    }
  };
};
