import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider/authProvider';
import { LOGOUT_TIMEOUT_MS } from '../../src/authProvider/logout';
import { refreshAccessToken } from '../../src/authProvider/refresh';

const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noContent = () => new Response(null, { status: 204 });

const storeSession = () => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('userDataPim', JSON.stringify({ id: 7, roles: [{ codigo: 'admin' }] }));
  localStorage.setItem('selectedEmpresaId', '2');
  localStorage.setItem('RaStore.sidebar.open', 'true');
};

type Call = { url: string; body: unknown; init: RequestInit; storageAtCall: number };

/** A fetch that records each call (and how much local storage was left at that moment). */
const recording = (answer: (url: string) => Promise<Response>) => {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      url,
      init: init ?? {},
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      storageAtCall: localStorage.length,
    });
    return answer(url);
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
};

beforeEach(() => {
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('authProvider.logout revokes the refresh token on the server, then clears all local storage', () => {
  it('POST /auth/logout {refreshToken} while the session is still stored; then storage is empty', async () => {
    const { calls, fetchImpl } = recording(async () => noContent());
    await expect(authProvider(API, fetchImpl).logout({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${API}/auth/logout`);
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[0].init.keepalive).toBe(true);
    // sent BEFORE anything was cleared
    expect(calls[0].storageAtCall).toBe(5);
    expect(localStorage.length).toBe(0);
  });

  it('no refresh token stored: no call, storage still cleared', async () => {
    localStorage.removeItem('refreshToken');
    const { calls, fetchImpl } = recording(async () => noContent());
    await authProvider(API, fetchImpl).logout({});
    expect(calls).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'the server answers 500',
      () => Promise.resolve(json(500, { error: { statusCode: 500, message: 'Internal Server Error' } })),
    ],
    ['the server answers 404 (an API without /auth/logout)', () => Promise.resolve(json(404, {}))],
    ['the answer is not a Response at all', () => Promise.resolve(undefined as unknown as Response)],
  ])('%s: logout still resolves and clears all local storage', async (_, answer) => {
    const { calls, fetchImpl } = recording(answer);
    await expect(authProvider(API, fetchImpl).logout({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('a server that never answers does not block: after the timeout the storage is cleared anyway', async () => {
    vi.useFakeTimers();
    const { calls, fetchImpl } = recording(() => new Promise<Response>(() => undefined));
    let done = false;
    const logout = authProvider(API, fetchImpl)
      .logout({})
      .then(() => {
        done = true;
      });
    await vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS - 100);
    expect(calls).toHaveLength(1);
    expect(done).toBe(false);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    await vi.advanceTimersByTimeAsync(100);
    await logout;
    expect(done).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(LOGOUT_TIMEOUT_MS).toBeLessThanOrEqual(3000);
  });

  it('the timeout is configurable', async () => {
    const { fetchImpl } = recording(() => new Promise<Response>(() => undefined));
    const started = Date.now();
    await authProvider(API, fetchImpl, { logoutTimeoutMs: 30 }).logout({});
    expect(Date.now() - started).toBeLessThan(1000);
    expect(localStorage.length).toBe(0);
  });
});

describe('logout and a token refresh at the same time', () => {
  it('a refresh under way is awaited: the rotated refresh token is the one revoked', async () => {
    let answerRefresh: (response: Response) => void = () => undefined;
    const { calls, fetchImpl } = recording((url) =>
      url.endsWith('/auth/refresh-token')
        ? new Promise<Response>((resolve) => {
            answerRefresh = resolve;
          })
        : Promise.resolve(noContent()),
    );
    const refreshing = refreshAccessToken(API, fetchImpl);
    const logout = authProvider(API, fetchImpl).logout({});
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    answerRefresh(json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }));
    await expect(refreshing).resolves.toBe('access-2');
    await logout;
    expect(calls.map((c) => [c.url.replace(API, ''), c.body])).toEqual([
      ['/auth/refresh-token', { refreshToken: 'refresh-1' }],
      ['/auth/logout', { refreshToken: 'refresh-2' }],
    ]);
    expect(localStorage.length).toBe(0);
  });

  it('a refresh answering after the logout cleared storage does not bring the session back; its token is revoked', async () => {
    let answerRefresh: (response: Response) => void = () => undefined;
    const { calls, fetchImpl } = recording((url) =>
      url.endsWith('/auth/refresh-token')
        ? new Promise<Response>((resolve) => {
            answerRefresh = resolve;
          })
        : Promise.resolve(noContent()),
    );
    const refreshing = refreshAccessToken(API, fetchImpl);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // the logout gives up waiting (short timeout) and clears the storage
    await authProvider(API, fetchImpl, { logoutTimeoutMs: 10 }).logout({});
    expect(localStorage.length).toBe(0);
    answerRefresh(json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }));
    await expect(refreshing).resolves.toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    await vi.waitFor(() =>
      expect(calls.map((c) => [c.url.replace(API, ''), c.body])).toContainEqual([
        '/auth/logout',
        { refreshToken: 'refresh-2' },
      ]),
    );
  });
});
