import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { authProvider, NOT_ADMIN_MESSAGE } from '../../src/authProvider/authProvider';
import { refreshAccessToken } from '../../src/authProvider/refresh';
import { clearSession, getAccessToken, isAdmin } from '../../src/authProvider/session';
import { sessionEndedElsewhere, watchSessionEnd } from '../../src/custom/session/crossTab';
import { createHttpClient } from '../../src/dataProvider/http';

const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const unauthorized = (message: string) => ({
  error: { statusCode: 401, name: 'UnauthorizedError', message },
});

const ADMIN_ROLE = {
  id: 1,
  codigo: 'admin',
  nombre: 'Administrador',
  permisos: [{ controllerName: 'manage', moduleName: 'all', actionName: '' }],
};
const EDITOR_ROLE = {
  id: 2,
  codigo: 'editor',
  nombre: 'Editor',
  permisos: [{ controllerName: 'read', moduleName: 'productos', actionName: '' }],
};

const answer = (roles: unknown[]) => ({
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: { id: 7, nombre: 'Ana', mail: 'ana@pim.test', empresaId: 1, roles },
});

const loginWith = (response: Response | Error) => {
  const fetchImpl = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  return { provider: authProvider(API, fetchImpl as unknown as typeof fetch), fetchImpl };
};

const SESSION_KEYS = ['accessToken', 'refreshToken', 'userDataPim'];
const sessionKeys = () => SESSION_KEYS.filter((key) => localStorage.getItem(key) !== null);

describe('authProvider.login', () => {
  it('role admin: stores accessToken, refreshToken and userDataPim (with the token and the rules); names no redirect, so react-admin returns to the route that asked for the login', async () => {
    const { provider, fetchImpl } = loginWith(json(200, answer([ADMIN_ROLE])));
    await expect(provider.login({ username: 'ana@pim.test', password: 'x' })).resolves.toBeUndefined();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${API}/auth/login`);
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@pim.test', password: 'x' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('userDataPim') ?? '{}')).toMatchObject({
      id: 7,
      accessToken: 'access-1',
      ability: [{ action: 'manage', subject: 'all', fields: [''] }],
    });
  });

  it('any other role is refused with a clear Spanish notice and leaves no session behind', async () => {
    localStorage.setItem('accessToken', 'stale');
    localStorage.setItem('selectedEmpresaId', '2');
    const { provider } = loginWith(json(200, answer([EDITOR_ROLE])));
    await expect(provider.login({ username: 'editor@demo.pim', password: 'x' })).rejects.toThrow(
      NOT_ADMIN_MESSAGE,
    );
    expect(NOT_ADMIN_MESSAGE).toMatch(/^Acceso denegado: .*administrador/);
    expect(sessionKeys()).toEqual([]);
    // other preferences stay
    expect(localStorage.getItem('selectedEmpresaId')).toBe('2');
  });

  it('a user without roles is refused too', async () => {
    const { provider } = loginWith(json(200, answer([])));
    await expect(provider.login({ username: 'x', password: 'y' })).rejects.toThrow(NOT_ADMIN_MESSAGE);
    expect(sessionKeys()).toEqual([]);
  });

  it("wrong password or unknown email: the server's message, nothing stored", async () => {
    const { provider } = loginWith(json(401, unauthorized('Email o contraseña incorrectos.')));
    await expect(provider.login({ username: 'nadie@pim.test', password: 'mala' })).rejects.toThrow(
      'Email o contraseña incorrectos.',
    );
    expect(sessionKeys()).toEqual([]);
  });

  it('no answer → the Spanish connection message', async () => {
    const { provider } = loginWith(new TypeError('Failed to fetch'));
    await expect(provider.login({ username: 'a', password: 'b' })).rejects.toThrow(
      'Error de conexión. Verifique su red e intente de nuevo.',
    );
  });

  it('an answer that is not a session (HTML, missing tokens) is a clear error, not a crash', async () => {
    for (const response of [
      new Response('<html></html>', { status: 200 }),
      json(200, { userData: { id: 1, roles: [ADMIN_ROLE] } }),
      json(200, null),
    ]) {
      const { provider } = loginWith(response);
      await expect(provider.login({ username: 'a', password: 'b' })).rejects.toThrow(
        'Respuesta inesperada del servidor al iniciar sesión.',
      );
    }
    expect(sessionKeys()).toEqual([]);
  });
});

describe('authProvider session checks', () => {
  const provider = authProvider(API, vi.fn() as unknown as typeof fetch);
  const store = (user: unknown) => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('userDataPim', typeof user === 'string' ? user : JSON.stringify(user));
  };

  it('checkAuth: no token → rejected; an admin session → accepted', async () => {
    await expect(provider.checkAuth({})).rejects.toThrow();
    store({ id: 1, roles: [ADMIN_ROLE], ability: [] });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkAuth: a stored non-admin or corrupted session is not accepted (no crash)', async () => {
    store({ id: 2, roles: [EDITOR_ROLE] });
    await expect(provider.checkAuth({})).rejects.toThrow(NOT_ADMIN_MESSAGE);
    store('{not json');
    await expect(provider.checkAuth({})).rejects.toThrow(NOT_ADMIN_MESSAGE);
    store('42');
    await expect(provider.checkAuth({})).rejects.toThrow(NOT_ADMIN_MESSAGE);
  });

  it('checkError: a 401 (after the one refresh failed) ends the session; 403 and 500 do not', async () => {
    await expect(provider.checkError({ status: 401 })).rejects.toThrow();
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(provider.checkError(null)).resolves.toBeUndefined();
  });

  it('logout clears all local storage', async () => {
    store({ id: 1, roles: [ADMIN_ROLE] });
    localStorage.setItem('selectedEmpresaId', '2');
    localStorage.setItem('RaStore.sidebar.open', 'true');
    await provider.logout({});
    expect(localStorage.length).toBe(0);
  });

  it('getIdentity names the user; canAccess with no stored rules only allows read on Auth', async () => {
    store({ id: 1, nombre: 'Ana', roles: [ADMIN_ROLE] });
    await expect(provider.getIdentity?.()).resolves.toMatchObject({ id: 1, fullName: 'Ana' });
    await expect(provider.canAccess?.({ action: 'list', resource: 'productos' })).resolves.toBe(false);
    await expect(provider.canAccess?.({ action: 'read', resource: 'Auth' })).resolves.toBe(true);
  });

  it("isAdmin follows the API: a role whose codigo is exactly 'admin'", () => {
    expect(isAdmin({ roles: [ADMIN_ROLE] })).toBe(true);
    expect(isAdmin({ roles: [EDITOR_ROLE, { codigo: 'Admin' }] })).toBe(false);
    expect(isAdmin({ roles: undefined })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

/**
 * A fake API that checks Bearer tokens and rotates refresh tokens (each works once), like server/auth/tokens.ts,
 * behind the app's real http client and refresh function.
 */
const fakeApi = () => {
  let valid = 'access-0';
  const liveRefresh = new Set(['refresh-0']);
  let issued = 0;
  const refreshCalls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (url.endsWith('/auth/refresh-token')) {
      const { refreshToken } = JSON.parse(String(init?.body)) as { refreshToken: string };
      refreshCalls.push(refreshToken);
      if (!liveRefresh.delete(refreshToken)) return json(401, unauthorized('Invalid refresh token'));
      issued += 1;
      valid = `access-${issued}`;
      liveRefresh.add(`refresh-${issued}`);
      return json(200, { accessToken: valid, refreshToken: `refresh-${issued}` });
    }
    const authorization = new Headers(init?.headers).get('Authorization');
    if (authorization !== `Bearer ${valid}`)
      return json(401, unauthorized('Error verifying token : jwt expired'));
    return json(200, [{ id: 1, url }]);
  });
  return {
    fetchImpl,
    refreshCalls,
    expire: () => {
      valid = 'nothing-valid';
    },
    killRefreshTokens: () => liveRefresh.clear(),
  };
};

describe('401 → one refresh, replays, rotation (real http client + refreshAccessToken)', () => {
  let api: ReturnType<typeof fakeApi>;
  let onAuthFailure: Mock<() => void>;

  beforeEach(() => {
    api = fakeApi();
    onAuthFailure = vi.fn<() => void>(clearSession);
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'refresh-0');
    localStorage.setItem(
      'userDataPim',
      JSON.stringify({ id: 1, roles: [ADMIN_ROLE], accessToken: 'expired' }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const client = () =>
    createHttpClient({
      getAccessToken,
      refresh: () => refreshAccessToken(API, api.fetchImpl as unknown as typeof fetch),
      onAuthFailure,
      fetchJson: async (url, options) => {
        const response = await api.fetchImpl(url, options as RequestInit);
        const body = await response.text();
        if (response.status >= 400) {
          const { HttpError } = await import('ra-core');
          throw new HttpError(JSON.parse(body).error.message, response.status, JSON.parse(body));
        }
        return { status: response.status, headers: response.headers, body, json: JSON.parse(body) };
      },
    });

  it('20 concurrent calls with an expired token → 1 refresh, 20 replays, the rotated pair stored', async () => {
    const http = client();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => http(`${API}/productos/${i}`)));
    expect(results).toHaveLength(20);
    expect(api.refreshCalls).toEqual(['refresh-0']);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    // userDataPim carries the current access token too
    expect(JSON.parse(localStorage.getItem('userDataPim') ?? '{}').accessToken).toBe('access-1');
  });

  it('a refresh token used twice is refused by the server: the second refresh gives null, nothing stored', async () => {
    const http = client();
    await http(`${API}/productos`);
    localStorage.setItem('refreshToken', 'refresh-0'); // the already used one
    localStorage.setItem('accessToken', 'old');
    await expect(refreshAccessToken(API, api.fetchImpl as unknown as typeof fetch)).resolves.toBeNull();
    expect(localStorage.getItem('accessToken')).toBe('old');
  });

  it('refresh failure → one logout (storage cleared once), every call rejects with 401, no loop', async () => {
    api.killRefreshTokens();
    const http = client();
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => http(`${API}/productos/${i}`)),
    );
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(api.refreshCalls).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    // react-admin then asks checkError, which ends the session (redirect to /login)
    const reason = (settled[0] as PromiseRejectedResult).reason as { status: number };
    await expect(authProvider(API).checkError(reason)).rejects.toThrow();
    // a later call without a token does not refresh again
    await expect(http(`${API}/productos`)).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls).toHaveLength(1);
  });

  it('a tampered token is treated like an expired one: refreshed once and replayed', async () => {
    localStorage.setItem('accessToken', 'eyJ.tampered.signature');
    const http = client();
    await expect(http(`${API}/Marca`)).resolves.toMatchObject({ status: 200 });
    expect(api.refreshCalls).toEqual(['refresh-0']);
  });

  it('another tab rotated the pair while this tab was refreshing: its new pair is used, no logout', async () => {
    const fetchImpl = vi.fn(async () => {
      // the other tab won the race and stored its fresh pair before this refused answer came back
      localStorage.setItem('accessToken', 'from-other-tab');
      localStorage.setItem('refreshToken', 'refresh-other');
      return json(401, unauthorized('Invalid refresh token'));
    });
    await expect(refreshAccessToken(API, fetchImpl as unknown as typeof fetch)).resolves.toBe(
      'from-other-tab',
    );
  });
});

describe('logout in one tab logs out the others (storage events)', () => {
  it('clear() elsewhere (key null) or the access token removed ends this session', () => {
    expect(sessionEndedElsewhere({ key: null, newValue: null }, null)).toBe(true);
    expect(sessionEndedElsewhere({ key: 'accessToken', newValue: null }, null)).toBe(true);
  });

  it('a refreshed token, another key, or a session still present does not', () => {
    expect(sessionEndedElsewhere({ key: 'accessToken', newValue: 'new' }, 'new')).toBe(false);
    expect(sessionEndedElsewhere({ key: 'selectedEmpresaId', newValue: null }, null)).toBe(false);
    expect(sessionEndedElsewhere({ key: null, newValue: null }, 'still-here')).toBe(false);
  });

  it('watchSessionEnd calls back once, however many events arrive', () => {
    const onEnded = vi.fn();
    const stop = watchSessionEnd(onEnded, window, () => null);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: null }));
    expect(onEnded).toHaveBeenCalledTimes(1);
    stop();
  });
});
