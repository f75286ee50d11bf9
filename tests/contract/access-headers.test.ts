// @vitest-environment node
/**
 * Headers and exposure of the reference API: the app is served with a strict CSP (no inline script, no
 * framing), nosniff and a Referrer-Policy; CORS answers only configured origins; /openapi.json is for admins.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const ALLOWED = 'https://pim.example.com';

let server: StartedServer;
let admin: string;

beforeAll(async () => {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'pim-app-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>PIM</title>');
  server = await startTestServer({ seed: true, staticDir, corsOrigins: [ALLOWED] });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

describe('headers', () => {
  it('the app: strict CSP without inline script, no framing, nosniff, Referrer-Policy', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('API answers carry nosniff and no framing too', async () => {
    const res = await fetch(`${server.url}/config.json`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('CORS answers the configured origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/productos`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    expect((await preflight(ALLOWED)).headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const allowed = await preflight(ALLOWED);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(allowed.headers.get('access-control-max-age')).toBe('86400');
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    // a request itself: the configured origin is allowed with its credentials, another is not
    const from = (origin: string) =>
      fetch(`${server.url}/productos?filter=${encodeURIComponent('{"limit":1}')}`, {
        headers: { Origin: origin, Authorization: `Bearer ${admin}` },
      });
    const own = await from(ALLOWED);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await from('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('/openapi.json is for admins only; /explorer does not exist', async () => {
    expect((await fetch(`${server.url}/openapi.json`)).status).toBe(401);
    const user = await testUser(server.url, admin, 1, ['read|productos']);
    const forbidden = await fetch(`${server.url}/openapi.json`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(forbidden.status).toBe(403);
    const ok = await fetch(`${server.url}/openapi.json`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    expect((await fetch(`${server.url}/explorer/`)).status).toBe(404);
  });
});
