/**
 * Media URLs carry the session's access token as `access_token` (the API serves uploaded files only to a
 * signed-in user of the product's company; an <img> cannot send headers), and a picture that failed is retried
 * with a newer token only when there is one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenAfterFailure, tokenExpired } from '../../src/custom/productEditor/mediaToken';
import { MEDIA_TOKEN_PARAM, mediaUrl } from '../../src/custom/productEditor/useProductApi';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT-shaped token (only its payload is read on the client). */
const jwtWith = (payload: Record<string, unknown>) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2ln`;
const now = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mediaUrl', () => {
  it('appends the token as access_token, encoded, after the encoded segments', () => {
    expect(MEDIA_TOKEN_PARAM).toBe('access_token');
    expect(mediaUrl('http://api:8000/', 'multimedia/SKU 1/800x600_a#b?.png', 'aa.bb-cc_dd')).toBe(
      'http://api:8000/multimedia/SKU%201/800x600_a%23b%3F.png?access_token=aa.bb-cc_dd',
    );
    expect(mediaUrl('', '/multimedia/ÑU/foto.png', 'x+y/z=')).toBe(
      '/multimedia/%C3%91U/foto.png?access_token=x%2By%2Fz%3D',
    );
  });

  it('leaves absolute http(s), data and blob URLs untouched (never sends the token elsewhere)', () => {
    for (const url of [
      'https://cdn.example.com/a.png',
      'HTTP://cdn.example.com/a.png?x=1',
      'data:image/png;base64,AAAA',
      'blob:http://localhost/1234',
    ]) {
      expect(mediaUrl('http://api', url, 'tok')).toBe(url);
    }
  });

  it('no token: no parameter; no path: no URL', () => {
    expect(mediaUrl('http://api', 'multimedia/A/b.png', null)).toBe('http://api/multimedia/A/b.png');
    expect(mediaUrl('http://api', 'multimedia/A/b.png', '')).toBe('http://api/multimedia/A/b.png');
    expect(mediaUrl('http://api', null, 'tok')).toBeUndefined();
    expect(mediaUrl('http://api', '', 'tok')).toBeUndefined();
  });

  it("reads the session's current token by default", () => {
    expect(mediaUrl('http://api', 'multimedia/A/b.png')).toBe('http://api/multimedia/A/b.png');
    localStorage.setItem('accessToken', 'sesion-1');
    expect(mediaUrl('http://api', 'multimedia/A/b.png')).toBe(
      'http://api/multimedia/A/b.png?access_token=sesion-1',
    );
    localStorage.setItem('accessToken', 'sesion-2');
    expect(mediaUrl('http://api', 'multimedia/A/b.png')).toMatch(/access_token=sesion-2$/);
  });
});

describe('tokenExpired', () => {
  it('is true only for a readable exp in the past', () => {
    expect(tokenExpired(jwtWith({ id: 1, exp: now() - 10 }))).toBe(true);
    expect(tokenExpired(jwtWith({ id: 1, exp: now() + 600 }))).toBe(false);
    expect(tokenExpired(jwtWith({ id: 1 }))).toBe(false);
    expect(tokenExpired('no-es-un-jwt')).toBe(false);
  });
});

describe('tokenAfterFailure', () => {
  it('a token renewed meanwhile is used, without refreshing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    localStorage.setItem('accessToken', 'nuevo');
    expect(await tokenAfterFailure('http://api', 'viejo')).toBe('nuevo');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('the same, unexpired token comes back as it is (retrying would fail the same way)', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const valid = jwtWith({ id: 1, exp: now() + 600 });
    localStorage.setItem('accessToken', valid);
    expect(await tokenAfterFailure('http://api', valid)).toBe(valid);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('an expired token: one refresh, the new token comes back', async () => {
    const expired = jwtWith({ id: 1, exp: now() - 60 });
    const fresh = jwtWith({ id: 1, exp: now() + 600 });
    localStorage.setItem('accessToken', expired);
    localStorage.setItem('refreshToken', 'r1');
    const fetchSpy = vi.fn(
      async () =>
        new Response(JSON.stringify({ accessToken: fresh, refreshToken: 'r2' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const answers = await Promise.all([
      tokenAfterFailure('http://api', expired),
      tokenAfterFailure('http://api', expired),
    ]);
    expect(answers).toEqual([fresh, fresh]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]?.[0 as never])).toBe('http://api/auth/refresh-token');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('a refused refresh gives the same token back, and nothing is logged out here', async () => {
    const expired = jwtWith({ id: 1, exp: now() - 60 });
    localStorage.setItem('accessToken', expired);
    localStorage.setItem('refreshToken', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    expect(await tokenAfterFailure('http://api', expired)).toBe(expired);
    expect(localStorage.getItem('refreshToken')).toBe('r1');
  });
});
