/**
 * POST /auth/refresh-token {refreshToken} → stores the new accessToken and refreshToken. Single flight: callers
 * arriving while a refresh runs share it. Resolves with the new access token, or null when refreshing fails.
 *
 * Tabs share the tokens (localStorage) and the server rotates refresh tokens (each works once), so two tabs
 * refreshing at the same moment would make one of them fail and log every tab out. Refreshes are therefore
 * serialised across tabs with the Web Locks API where the browser has it, and a tab that finds the tokens already
 * renewed by another tab uses them instead of refreshing again.
 *
 * A logout (here or in another tab) while the refresh is under way wins: the new pair is not stored (that would
 * bring the session back) and its refresh token is revoked on the server.
 */
import { AUTH_TIMEOUT_MS, withDeadline } from './deadline';
import { revokeRefreshToken } from './revoke';
import { getAccessToken, getRefreshToken, storeTokens } from './session';

interface RefreshAnswer {
  accessToken?: unknown;
  refreshToken?: unknown;
}

export const REFRESH_LOCK = 'pim-refresh-token';

let inFlight: Promise<string | null> | null = null;

type LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
};

const lockManager = (): LockManagerLike | undefined => {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : undefined;
};

/** Runs `task` holding the cross-tab refresh lock (or directly, without the Web Locks API). */
const exclusive = async <T>(task: () => Promise<T>): Promise<T> => {
  const locks = lockManager();
  if (!locks) return task();
  try {
    return await locks.request(REFRESH_LOCK, task);
  } catch {
    return task();
  }
};

const post = async (
  apiUrl: string,
  fetchImpl: typeof fetch,
  refreshToken: string,
  timeoutMs: number,
): Promise<string | null> => {
  try {
    const answer = await withDeadline(async (signal) => {
      const response = await fetchImpl(`${apiUrl}/auth/refresh-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
        signal,
      });
      return response.ok ? ((await response.json()) as RefreshAnswer) : null;
    }, timeoutMs);
    if (!answer) return null;
    if (typeof answer?.accessToken !== 'string' || !answer.accessToken) return null;
    if (getRefreshToken() === null) {
      // Logged out meanwhile: the session stays closed.
      if (typeof answer.refreshToken === 'string') {
        void revokeRefreshToken(apiUrl, fetchImpl, answer.refreshToken);
      }
      return null;
    }
    storeTokens(
      answer.accessToken,
      typeof answer.refreshToken === 'string' ? answer.refreshToken : refreshToken,
    );
    return answer.accessToken;
  } catch {
    return null;
  }
};

const doRefresh = async (
  apiUrl: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<string | null> => {
  const staleAccess = getAccessToken();
  return exclusive(async () => {
    // Another tab renewed the pair while this one waited for the lock.
    const current = getAccessToken();
    if (current && current !== staleAccess) return current;
    const refreshToken = getRefreshToken();
    if (!refreshToken) return null;
    const fresh = await post(apiUrl, fetchImpl, refreshToken, timeoutMs);
    if (fresh) return fresh;
    // Refused: if another tab (without the lock API) rotated the token meanwhile, its new pair is good.
    const rotated = getRefreshToken();
    const latest = getAccessToken();
    return rotated && rotated !== refreshToken && latest && latest !== staleAccess ? latest : null;
  });
};

/** The refresh under way in this tab, if any (a logout waits for it before revoking the refresh token). */
export const refreshInFlight = (): Promise<string | null> | null => inFlight;

export const refreshAccessToken = (
  apiUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  /** The refresh fails (null: the session ends) when the server has not answered by then. */
  timeoutMs: number = AUTH_TIMEOUT_MS,
): Promise<string | null> => {
  if (!inFlight) {
    inFlight = doRefresh(apiUrl, fetchImpl, timeoutMs).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
};
