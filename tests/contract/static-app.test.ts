/**
 * The reference API serving the built app: answers compressed when the browser accepts it; hashed files under
 * /assets cached for a year and immutable; index.html revalidated on every load (a new build shows at once).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pim-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><body>${'<p>PIM</p>'.repeat(200)}</body></html>`,
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-Ab12Cd34.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  server = await startTestServer({ seed: false, staticDir: dir });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string) =>
  fetch(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': 'gzip' } });

describe('the built app as static files', () => {
  it('hashed assets: gzip, cached for a year, immutable', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('console.log');
  });

  it('index.html: gzip, revalidated on every load', async () => {
    for (const pathname of ['/', '/index.html']) {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });
});
