/**
 * The reference API serving the built app: answers compressed when the browser accepts it; hashed files under
 * /assets cached for a year and immutable; index.html revalidated on every load (a new build shows at once).
 * A file the build also wrote as .br or .gz goes as that file; a JSON answer goes gzipped in one piece.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/rawRequest';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

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
  // as the build writes them beside the file; the marker tells which of the three was sent
  const prebuilt = (marker: string) => `console.log(${JSON.stringify(marker + 'y'.repeat(5000))});`;
  writeFileSync(path.join(dir, 'assets', 'main-Ef56Gh78.js'), prebuilt('plain'));
  writeFileSync(path.join(dir, 'assets', 'main-Ef56Gh78.js.br'), brotliCompressSync(prebuilt('brotli')));
  writeFileSync(path.join(dir, 'assets', 'main-Ef56Gh78.js.gz'), gzipSync(prebuilt('gzip')));
  server = await startTestServer({ staticDir: dir });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string, encodings = 'gzip') =>
  fetch(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': encodings } });

/** The answer as it came over the wire (fetch would decode it and hide its size). */
const raw = (pathname: string, headers: Record<string, string>) => rawRequest(server.url, pathname, headers);

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

  it('a file the build also wrote compressed goes as that file, in the form the browser accepts', async () => {
    const cases: [string, string, string | null][] = [
      ['br, gzip', 'brotli', 'br'],
      ['gzip', 'gzip', 'gzip'],
      ['identity', 'plain', null],
    ];
    for (const [encodings, marker, encoding] of cases) {
      const response = await get('/assets/main-Ef56Gh78.js', encodings);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toContain(`"${marker}yyy`);
    }
  });
});

describe('JSON answers', () => {
  it('a page of a list goes gzipped in one piece, with its length; plain when gzip is not accepted', async () => {
    const token = await loginToken(server.url);
    const filter = encodeURIComponent(JSON.stringify({ limit: 25, order: ['id ASC'] }));
    const authorization = `Bearer ${token}`;
    const zipped = await raw(`/productos?filter=${filter}`, { authorization, 'accept-encoding': 'gzip' });
    const plain = await raw(`/productos?filter=${filter}`, { authorization, 'accept-encoding': 'identity' });
    expect(zipped.status).toBe(200);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = JSON.parse(gunzipSync(zipped.body).toString('utf8')) as unknown[];
    expect(rows).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(rows).toHaveLength(25);
  });

  it('an answer under 1 KiB goes as it is', async () => {
    const small = await raw('/config.json', { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toHaveProperty('apiUrl');
  });
});
