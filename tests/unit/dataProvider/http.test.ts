import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, type fetchUtils } from 'ra-core';
import {
  CONNECTION_ERROR_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  createHttpClient,
} from '../../../src/dataProvider/http';
import { tick } from './recorder';

const API = 'http://api.test';
const EXPIRED = {
  error: { statusCode: 401, name: 'UnauthorizedError', message: 'Error verifying token : jwt expired' },
};

interface Sent {
  url: string;
  authorization: string | null;
}

/** A fake fetchJson in front of a server that only accepts `Bearer <valid()>`. */
const fakeServer = (valid: () => string | null, delay: (url: string) => number = () => 1) => {
  const sent: Sent[] = [];
  const fetchJson = vi.fn(async (url: string, options: fetchUtils.Options = {}) => {
    const authorization = new Headers(options.headers).get('Authorization');
    sent.push({ url, authorization });
    await tick(delay(url));
    if (authorization !== `Bearer ${valid()}`) throw new HttpError('Unauthorized', 401, EXPIRED);
    return { status: 200, headers: new Headers(), body: '{}', json: { url } };
  });
  return { fetchJson, sent };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createHttpClient — Bearer and 401 single-flight refresh', () => {
  it('adds Authorization: Bearer <token> only when a token exists', async () => {
    let token: string | null = null;
    const { fetchJson, sent } = fakeServer(() => 'abc');
    const http = createHttpClient({
      getAccessToken: () => token,
      refresh: async () => null,
      onAuthFailure: () => {},
      fetchJson,
    });
    await expect(http(`${API}/auth/login`, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      status: 401,
    });
    token = 'abc';
    await http(`${API}/productos`);
    expect(sent.map((s) => s.authorization)).toEqual([null, 'Bearer abc']);
  });

  it('20 concurrent 401s → exactly 1 refresh and 20 successful replays with the new token', async () => {
    const store = { access: 'old' };
    const { fetchJson, sent } = fakeServer(() => 'new');
    const refresh = vi.fn(async () => {
      await tick(10);
      store.access = 'new';
      return 'new';
    });
    const onAuthFailure = vi.fn();
    const http = createHttpClient({ getAccessToken: () => store.access, refresh, onAuthFailure, fetchJson });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => http(`${API}/productos/${i}`)));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(results.map((r) => (r.json as { url: string }).url)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${API}/productos/${i}`),
    );
    expect(sent).toHaveLength(40);
    expect(sent.slice(20).every((s) => s.authorization === 'Bearer new')).toBe(true);
  });

  it('a 401 arriving after the refresh already finished is replayed without a second refresh', async () => {
    const store = { access: 'old' };
    const { fetchJson } = fakeServer(
      () => 'new',
      (url) => (url.endsWith('/lento') ? 60 : 1),
    );
    const refresh = vi.fn(async () => {
      store.access = 'new';
      return 'new';
    });
    const http = createHttpClient({
      getAccessToken: () => store.access,
      refresh,
      onAuthFailure: vi.fn(),
      fetchJson,
    });
    const results = await Promise.all([http(`${API}/rapido`), http(`${API}/lento`)]);
    expect(results).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refresh failure → onAuthFailure once and all 20 reject', async () => {
    const { fetchJson, sent } = fakeServer(() => 'new');
    const refresh = vi.fn(async () => {
      await tick(5);
      return null;
    });
    const onAuthFailure = vi.fn();
    const http = createHttpClient({ getAccessToken: () => 'old', refresh, onAuthFailure, fetchJson });
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => http(`${API}/productos/${i}`)),
    );
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    for (const s of settled) {
      if (s.status === 'rejected') {
        expect(s.reason).toBeInstanceOf(HttpError);
        expect(s.reason).toMatchObject({
          status: 401,
          message: 'Error verifying token : jwt expired',
          body: EXPIRED,
        });
      }
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(20); // nothing replayed
    // a later straggler with the same dead token neither refreshes nor logs out again
    await expect(http(`${API}/productos/x`)).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('a refresh that throws counts as a failed refresh', async () => {
    const { fetchJson } = fakeServer(() => 'new');
    const onAuthFailure = vi.fn();
    const http = createHttpClient({
      getAccessToken: () => 'old',
      refresh: () => Promise.reject(new Error('boom')),
      onAuthFailure,
      fetchJson,
    });
    const settled = await Promise.allSettled([http(`${API}/a`), http(`${API}/b`), http(`${API}/c`)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('a replay that 401s again is not refreshed again (no loop)', async () => {
    let access = 'old';
    const { fetchJson, sent } = fakeServer(() => 'never-valid');
    const refresh = vi.fn(async () => {
      access = 'new';
      return 'new';
    });
    const http = createHttpClient({
      getAccessToken: () => access,
      refresh,
      onAuthFailure: vi.fn(),
      fetchJson,
    });
    await expect(http(`${API}/productos`)).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('login and refresh URLs are never refreshed', async () => {
    const { fetchJson } = fakeServer(() => 'valid');
    const refresh = vi.fn(async () => 'valid');
    const http = createHttpClient({
      getAccessToken: () => 'old',
      refresh,
      onAuthFailure: vi.fn(),
      fetchJson,
    });
    await expect(http(`${API}/auth/login`, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      status: 401,
    });
    await expect(http(`${API}/auth/refresh-token`, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      status: 401,
    });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('createHttpClient — error catalogue (docs/requirements.md#r8-errors)', () => {
  const client = (fetchJson: typeof fetchUtils.fetchJson) =>
    createHttpClient({
      getAccessToken: () => 't',
      refresh: async () => null,
      onAuthFailure: vi.fn(),
      fetchJson,
    });

  it("no response → 'Error de conexión. Verifique su red e intente de nuevo.' (status 0), stored under localStorage 'error'", async () => {
    const http = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await http(`${API}/productos`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: 'Error de conexión. Verifique su red e intente de nuevo.',
      status: 0,
    });
    expect(localStorage.getItem('error')).toBe(CONNECTION_ERROR_MESSAGE);
  });

  it('HTTP 500 → generic Spanish message, status and body kept, stored under error', async () => {
    const body = { error: { statusCode: 500, message: 'Internal Server Error' } };
    const http = client(() => Promise.reject(new HttpError('Internal Server Error', 500, body)));
    const error = await http(`${API}/productos`).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'Ocurrió un error inesperado. Intente nuevamente.',
      status: 500,
      body,
    });
    expect(localStorage.getItem('error')).toBe(GENERIC_ERROR_MESSAGE);
  });

  it.each([
    [
      503,
      'Sin conexión con la base de datos: la operación no se ha podido confirmar. Inténtelo de nuevo en unos momentos.',
    ],
    [507, 'No se ha guardado el cambio: el disco de la base de datos está lleno o no admite escrituras.'],
  ])(
    'HTTP %i → the message the API words for the person (the change was not stored, and why)',
    async (status, text) => {
      const body = { error: { statusCode: status, message: text } };
      const http = client(() => Promise.reject(new HttpError(text, status, body)));
      await expect(http(`${API}/productos`)).rejects.toMatchObject({ status, message: text, body });
      expect(localStorage.getItem('error')).toBe(text);
    },
  );

  it('HTTP 503 without a message → the generic Spanish message', async () => {
    const http = client(() => Promise.reject(new HttpError('Service Unavailable', 503, null)));
    await expect(http(`${API}/productos`)).rejects.toMatchObject({
      status: 503,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it("HTTP 4xx → the server's error.message, body intact (code, details)", async () => {
    const body = {
      error: {
        statusCode: 422,
        name: 'UnprocessableEntityError',
        message: 'The request body is invalid. See error object `details` property for more info.',
        code: 'VALIDATION_FAILED',
        details: [
          {
            path: '',
            code: 'required',
            message: "must have required property 'nombre'",
            info: { missingProperty: 'nombre' },
          },
        ],
      },
    };
    const http = client(() => Promise.reject(new HttpError('Unprocessable Entity', 422, body)));
    const error = await http(`${API}/productos`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, message: body.error.message });
    expect((error as HttpError).body.error.code).toBe('VALIDATION_FAILED');
    expect((error as HttpError).body.error.details).toEqual(body.error.details);
    expect(localStorage.getItem('error')).toBe(body.error.message);
  });

  it('an error without a LoopBack body (431 empty) → generic message', async () => {
    const http = client(() =>
      Promise.reject(new HttpError('Request Header Fields Too Large', 431, undefined)),
    );
    await expect(http(`${API}/x`)).rejects.toMatchObject({ status: 431, message: GENERIC_ERROR_MESSAGE });
  });

  it('an aborted request is passed through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const http = client(() => Promise.reject(abort));
    await expect(http(`${API}/x`)).rejects.toBe(abort);
    expect(localStorage.getItem('error')).toBeNull();
  });
});

describe('createHttpClient with the real fetchUtils.fetchJson', () => {
  it('204 with no body and no Content-Type resolves; the Bearer header reaches fetch', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const http = createHttpClient({
      getAccessToken: () => 'tok',
      refresh: async () => null,
      onAuthFailure: vi.fn(),
    });
    const response = await http(`${API}/productos/1`, {
      method: 'PATCH',
      body: JSON.stringify({ nombre: 'x' }),
    });
    expect(response.status).toBe(204);
    expect(response.json).toBeUndefined();
    const init = fetchMock.mock.calls[0][1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it("a LoopBack 404 body → HttpError with the server's message; a network failure → connection message", async () => {
    const body = {
      error: {
        statusCode: 404,
        name: 'Error',
        message: 'Entity not found: Producto with id 999',
        code: 'ENTITY_NOT_FOUND',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const http = createHttpClient({
      getAccessToken: () => null,
      refresh: async () => null,
      onAuthFailure: vi.fn(),
    });
    await expect(http(`${API}/productos/999`)).rejects.toMatchObject({
      status: 404,
      message: 'Entity not found: Producto with id 999',
      body,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(http(`${API}/productos/999`)).rejects.toMatchObject({
      status: 0,
      message: CONNECTION_ERROR_MESSAGE,
    });
  });
});
