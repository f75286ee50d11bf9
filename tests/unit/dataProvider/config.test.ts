import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, resolveApiUrl } from '../../../src/dataProvider/config';

afterEach(() => {
  delete (window as Window & { __PIM_CONFIG__?: unknown }).__PIM_CONFIG__;
});

describe('resolveApiUrl', () => {
  it('runtime apiUrl → VITE_API_URL → http://localhost:8000, trailing slashes stripped', () => {
    expect(resolveApiUrl({ apiUrl: 'https://pim.example.com/api//' }, 'http://env:1')).toBe(
      'https://pim.example.com/api',
    );
    expect(resolveApiUrl({}, 'http://env:1/')).toBe('http://env:1');
    expect(resolveApiUrl(undefined, '')).toBe('http://localhost:8000');
    expect(resolveApiUrl()).toBe('http://localhost:8000');
    expect(resolveApiUrl(null, '   ')).toBe('http://localhost:8000');
  });

  it("an empty runtime apiUrl means the page's own origin", () => {
    expect(resolveApiUrl({ apiUrl: '' }, 'http://env:1')).toBe(window.location.origin);
    expect(resolveApiUrl({ apiUrl: '/' })).toBe(window.location.origin);
  });
});

describe('loadRuntimeConfig', () => {
  const respond = (body: string, status = 200) =>
    vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(body, { status }));

  it('reads /config.json', async () => {
    const fetchImpl = respond('{"apiUrl":"https://api.example.com/"}');
    await expect(loadRuntimeConfig({ fetchImpl })).resolves.toEqual({ apiUrl: 'https://api.example.com/' });
    expect(fetchImpl.mock.calls[0][0]).toBe('/config.json');
  });

  it('tolerates 404, invalid JSON, a wrong shape, network errors and a timeout', async () => {
    await expect(loadRuntimeConfig({ fetchImpl: respond('not found', 404) })).resolves.toEqual({});
    await expect(loadRuntimeConfig({ fetchImpl: respond('<!doctype html><html></html>') })).resolves.toEqual(
      {},
    );
    await expect(loadRuntimeConfig({ fetchImpl: respond('{"apiUrl": 5}') })).resolves.toEqual({});
    await expect(
      loadRuntimeConfig({ fetchImpl: () => Promise.reject(new TypeError('offline')) }),
    ).resolves.toEqual({});
    const never = () => new Promise<Response>(() => {});
    await expect(loadRuntimeConfig({ fetchImpl: never, timeoutMs: 20 })).resolves.toEqual({});
  });

  it('window.__PIM_CONFIG__ wins without a request', async () => {
    (window as Window & { __PIM_CONFIG__?: unknown }).__PIM_CONFIG__ = { apiUrl: '' };
    const fetchImpl = respond('{"apiUrl":"https://other"}');
    const config = await loadRuntimeConfig({ fetchImpl });
    expect(config).toEqual({ apiUrl: '' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(resolveApiUrl(config, 'http://env')).toBe(window.location.origin);
  });
});
