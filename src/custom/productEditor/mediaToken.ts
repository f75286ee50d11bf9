/**
 * The access token to load a picture with again after it failed. A media URL carries the token it was built with
 * (mediaUrl); when the page sat idle, no API call has renewed it and the server answers 401. So: wait for a
 * refresh under way, take a token renewed meanwhile, or — when the current one has expired — ask for ONE refresh
 * (the same single-flight, cross-tab one the API calls share). Never logs out: the next API call decides that.
 */
import { jwtDecode } from 'jwt-decode';
import { refreshAccessToken, refreshInFlight } from '../../authProvider/refresh';
import { getAccessToken } from '../../authProvider/session';

/** Whether a JWT's `exp` has passed (a token that cannot be read, or has no exp, is not known to be expired). */
export const tokenExpired = (token: string, now: number = Date.now()): boolean => {
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' && exp * 1000 <= now;
  } catch {
    return false;
  }
};

/**
 * The token to retry with after `failed` did not load a picture: a newer one when there is one, else null or
 * `failed` itself (retrying with it would fail the same way).
 */
export const tokenAfterFailure = async (apiUrl: string, failed: string | null): Promise<string | null> => {
  await refreshInFlight()?.catch(() => null);
  const current = getAccessToken();
  if (!current || current !== failed || !tokenExpired(current)) return current;
  return (await refreshAccessToken(apiUrl).catch(() => null)) ?? getAccessToken();
};
