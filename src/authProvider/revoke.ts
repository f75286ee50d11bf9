/**
 * POST /auth/logout {refreshToken}: the server revokes that refresh token (204). Best effort: never throws,
 * whatever the answer; `keepalive` lets the request finish even if the page goes away meanwhile.
 */
export const revokeRefreshToken = async (
  apiUrl: string,
  fetchImpl: typeof fetch,
  refreshToken: string,
): Promise<void> => {
  try {
    await fetchImpl(`${apiUrl}/auth/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    });
  } catch {
    // Offline or refused: the local logout goes on; the token expires on its own.
  }
};
