/**
 * The server side of a logout, before the local one (docs/requirements.md#r4-states: logout clears all local storage and the cache):
 * the session's refresh token is revoked with POST /auth/logout, so a copy of it (a shared computer, a stolen
 * localStorage) cannot renew the session afterwards. Best effort and bounded: no refresh token → no call; a
 * refresh under way is awaited first (its new token is the one to revoke); errors are ignored; after
 * `timeoutMs` in all the logout goes on without waiting for the answer. Never rejects.
 */
import { withDeadline } from './deadline';
import { refreshInFlight } from './refresh';
import { revokeRefreshToken } from './revoke';
import { getRefreshToken } from './session';

export const LOGOUT_TIMEOUT_MS = 2000;

export const logoutOnServer = async (
  apiUrl: string,
  fetchImpl: typeof fetch,
  timeoutMs: number = LOGOUT_TIMEOUT_MS,
): Promise<void> => {
  const revoke = async (): Promise<void> => {
    await refreshInFlight()?.catch(() => null);
    const refreshToken = getRefreshToken();
    if (refreshToken) await revokeRefreshToken(apiUrl, fetchImpl, refreshToken);
  };
  // The request itself is not aborted at the deadline (keepalive: it may still reach the server).
  await withDeadline(revoke, timeoutMs).catch(() => undefined);
};
