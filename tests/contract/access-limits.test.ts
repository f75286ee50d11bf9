// @vitest-environment node
/**
 * Size limits of the reference API: JSON bodies above 1 MB (or the configured JSON_BODY_LIMIT) are 413, every
 * text field has a maxLength (422 naming it), and the AI dispatch takes at most 200 products. Each is a clear
 * 4xx, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
const { call, rows } = apiHelpers(() => server.url);

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

describe('limits', () => {
  it('a 2 MB JSON body is 413 in LoopBack shape', async () => {
    const res = await call(admin, 'POST', '/Marca', { nombre: 'x'.repeat(2 * 1024 * 1024), empresaId: 1 });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ statusCode: 413 });
  });

  it('a text field beyond its maxLength is 422 naming the field', async () => {
    const [producto] = await rows(admin, '/productos', { limit: 1 });
    const res = await call(admin, 'POST', '/TextosGenerados', {
      productoId: producto.id,
      texto: 'x'.repeat(70_000),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.error?.details)).toContain('maxLength');
  });

  it('the AI dispatch refuses more than 200 products with a Spanish message', async () => {
    const items = Array.from({ length: 201 }, (_, i) => ({ productoId: i + 1 }));
    const base64Data = Buffer.from(JSON.stringify(items)).toString('base64');
    const res = await call(admin, 'POST', '/generarTextos_IA_API_SVAN?$endpoint=pim/process-base64', {
      base64Data,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'TOO_MANY_ITEMS',
      message: 'Se pueden enviar como máximo 200 productos por petición (llegaron 201).',
    });
  });
});

describe('a configured JSON body limit', () => {
  let small: StartedServer;
  const { call: callSmall } = apiHelpers(() => small.url);

  beforeAll(async () => {
    small = await startTestServer({ seed: true, jsonBodyLimit: '10kb' });
  });

  afterAll(async () => {
    await small?.stop();
  });

  it('applies to every request, the first and the later ones', async () => {
    const token = await loginToken(small.url, demoLogins().admin);
    for (let i = 0; i < 2; i++) {
      const big = await callSmall(token, 'POST', '/Marca', { nombre: 'x'.repeat(20 * 1024), empresaId: 1 });
      expect(big.status).toBe(413);
      const fits = await callSmall(token, 'POST', '/Marca', {
        nombre: `Marca límite ${Date.now()}-${i}`,
        empresaId: 1,
      });
      expect(fits.status).toBe(200);
    }
  });
});
