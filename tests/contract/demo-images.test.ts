// @vitest-environment node
/**
 * The demo catalogue looks real: at start every picture the seed names (each product's main image, the
 * ambience pictures) is rendered where uploads go, so no thumbnail is a 404; a file that already exists (a real
 * upload) is left as it is.
 */
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'pim-demo-images-'));
const { rows } = apiHelpers(() => server.url);
/** The seed's first product of company 1 (ids follow the seed order): its main image is uploaded by hand. */
const KEPT = Buffer.from('a real upload, not a demo card');
let keptPath = '';

beforeAll(async () => {
  const { buildDemoData } = createRequire(import.meta.url)('../../dist-server/server/seed/index.js') as {
    buildDemoData(): { rows: Record<string, Row[]> };
  };
  const first = buildDemoData().rows.productos[0];
  keptPath = String(first.imagen);
  mkdirSync(path.dirname(path.join(uploadsDir, keptPath)), { recursive: true });
  writeFileSync(path.join(uploadsDir, keptPath), KEPT);
  server = await startTestServer({ seed: true, demoImages: true, uploadsDir });
  admin = await loginToken(server.url, demoLogins().admin);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const fetchMedia = (fichero: string) =>
  fetch(`${server.url}/${fichero.split('/').map(encodeURIComponent).join('/')}`, {
    headers: { Authorization: `Bearer ${admin}` },
  });

describe('demo pictures', () => {
  it('every picture record of every product answers 200 with an image', async () => {
    const media = await rows(admin, '/producto-multimedias', { where: { tipo: 'Imagen' }, limit: 5000 });
    const pictures = media.filter((m) => /\.(png|jpe?g)$/i.test(String(m.fichero)));
    expect(pictures.length).toBeGreaterThan(150);
    const failed: string[] = [];
    for (const m of pictures) {
      const res = await fetchMedia(String(m.fichero));
      if (res.status !== 200 || !/^image\//.test(res.headers.get('content-type') ?? ''))
        failed.push(`${res.status} ${m.fichero}`);
      await res.arrayBuffer();
    }
    expect(failed).toEqual([]);
  });

  it('a main image is an 800×600 card; product images named on the product load too', async () => {
    const [producto] = await rows(admin, '/productos', {
      where: { nombre: { neq: null } },
      limit: 1,
      skip: 5,
    });
    const res = await fetchMedia(String(producto.imagen));
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 600]);
  });

  it('a file that already existed is not replaced', () => {
    expect(readFileSync(path.join(uploadsDir, keptPath))).toEqual(KEPT);
  });
});
