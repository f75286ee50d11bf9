import { afterEach, describe, expect, it } from 'vitest';
import { authProvider, CONNECTION_MESSAGE } from '../../src/authProvider/authProvider';
import { refreshAccessToken } from '../../src/authProvider/refresh';

const API = 'http://api.test';

/** A server that never answers (but lets the request go when aborted). */
const silent = (seen: AbortSignal[]) =>
  ((_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.signal) seen.push(init.signal);
    return new Promise<Response>(() => undefined);
  }) as typeof fetch;

/** A server that sends its headers, then never the body. */
const stalledBody = (() =>
  Promise.resolve({
    ok: true,
    status: 200,
    headers: new Headers({ 'Content-Type': 'application/json' }),
    json: () => new Promise(() => undefined),
    text: () => new Promise(() => undefined),
  } as unknown as Response)) as typeof fetch;

afterEach(() => localStorage.clear());

describe('auth calls never hang (spec: no response → the connection message)', () => {
  it('a login with no answer fails with the connection message and aborts the request', async () => {
    const seen: AbortSignal[] = [];
    const provider = authProvider(API, silent(seen), { loginTimeoutMs: 30 });
    await expect(provider.login({ username: 'a@b.c', password: 'x' })).rejects.toThrow(CONNECTION_MESSAGE);
    expect(seen).toHaveLength(1);
    expect(seen[0].aborted).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a login whose body never arrives fails the same way', async () => {
    const provider = authProvider(API, stalledBody, { loginTimeoutMs: 30 });
    await expect(provider.login({ username: 'a@b.c', password: 'x' })).rejects.toThrow(CONNECTION_MESSAGE);
  });

  it('a refresh with no answer gives up (null) and the next caller starts a new one', async () => {
    localStorage.setItem('accessToken', 'old-access');
    localStorage.setItem('refreshToken', 'refresh-1');
    const seen: AbortSignal[] = [];
    expect(await refreshAccessToken(API, silent(seen), 30)).toBeNull();
    expect(seen[0]?.aborted).toBe(true);
    expect(await refreshAccessToken(API, stalledBody, 30)).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });
});
