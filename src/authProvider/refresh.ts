/**
 * POST /auth/refresh-token {refreshToken} → stores the new accessToken and refreshToken. Single flight: callers
 * arriving while a refresh runs share it. Resolves with the new access token, or null when refreshing fails.
 */
import { getRefreshToken, storeTokens } from './session';

interface RefreshAnswer {
  accessToken?: string;
  refreshToken?: string;
}

let inFlight: Promise<string | null> | null = null;

const doRefresh = async (apiUrl: string, fetchImpl: typeof fetch): Promise<string | null> => {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return null;
  try {
    const response = await fetchImpl(`${apiUrl}/auth/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as RefreshAnswer;
    if (!answer.accessToken) return null;
    storeTokens(answer.accessToken, answer.refreshToken ?? refreshToken);
    return answer.accessToken;
  } catch {
    return null;
  }
};

export const refreshAccessToken = (
  apiUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<string | null> => {
  if (!inFlight) {
    inFlight = doRefresh(apiUrl, fetchImpl).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
};
