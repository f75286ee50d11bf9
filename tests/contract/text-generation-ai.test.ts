// @vitest-environment node
/**
 * The OpenAI-compatible generator (AI_API_URL / AI_API_KEY) against a fake chat-completions server on
 * 127.0.0.1: texts come from the service; a failing or slow answer marks the queue row NoEjecutado with the
 * reason and writes nothing for it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

type Body = Record<string, unknown>;

let fake: Server;
let server: StartedServer;
let token: string;
const seen: { auth?: string; model?: string; content: string }[] = [];
const FAIL = new Set<string>();
const SLOW = new Set<string>();

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Body & Body[] };
};
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      const content = body.messages[1].content;
      seen.push({ auth: req.headers.authorization, model: body.model, content });
      const campo = /Campo: (\S+)/.exec(content)?.[1];
      const answer = () => {
        if ([...FAIL].some((sku) => content.includes(`"nombre":"${sku}"`))) {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'modelo saturado' } }));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `IA ${campo}` } }] }));
      };
      if ([...SLOW].some((sku) => content.includes(`"nombre":"${sku}"`))) setTimeout(answer, 1500);
      else answer();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  process.env.AI_API_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  process.env.AI_API_KEY = 'clave-de-prueba';
  process.env.AI_MODEL = 'modelo-prueba';
  process.env.AI_TIMEOUT_MS = '400';
  server = await startTestServer({ seed: true });
  token = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  delete process.env.AI_API_URL;
  delete process.env.AI_API_KEY;
  delete process.env.AI_MODEL;
  delete process.env.AI_TIMEOUT_MS;
  await server?.stop();
  await new Promise((resolve) => fake?.close(resolve));
});

it('generates through the chat-completions service and records failures and time-outs per row', async () => {
  const products = (
    await call(
      'GET',
      `/productos?filter=${q({ where: { empresaId: 1, activoEnMarketplace: 'S' }, limit: 150 })}`,
    )
  ).body as Body[];
  const texts = (await call('GET', `/TextosGenerados?filter=${q({ fields: { productoId: true } })}`))
    .body as Body[];
  const used = new Set(texts.map((t) => t.productoId));
  const free = products.filter((p) => !used.has(p.id));
  const { body } = await call(
    'GET',
    `/generacion-textos/prompts?productos=${free.map((p) => p.id).join(',')}`,
  );
  const pares = (body.pares as { productoId: number; marketplacePromptId: number }[]).filter(
    (p, i, all) => all.findIndex((o) => o.productoId === p.productoId) === i,
  );
  expect(pares.length).toBeGreaterThanOrEqual(3);
  const [ok, failing, slow] = pares;
  const sku = (id: number) => String(free.find((p) => p.id === id)?.nombre);
  FAIL.add(sku(failing.productoId));
  SLOW.add(sku(slow.productoId));

  const created = (
    await call(
      'POST',
      '/ProductosGeneracionTextos/createMany',
      [ok, failing, slow].map(({ productoId, marketplacePromptId }) => ({ productoId, marketplacePromptId })),
    )
  ).body as Body[];
  const run = await call('GET', `/generarTextosIAPorProcesoManual?ids=${created.map((r) => r.id).join(',')}`);
  expect(run.body).toMatchObject({ procesados: 3, ejecutados: 1, fallidos: 2 });
  const results = run.body.resultados as Body[];
  expect(results[1]).toMatchObject({ estado: 'NoEjecutado' });
  expect(results[1].motivo).toMatch(/500.*modelo saturado/);
  expect(results[2].motivo).toMatch(/no respondió/);

  const rows = (
    await call(
      'GET',
      `/ProductosGeneracionTextos?filter=${q({ where: { id: { inq: created.map((r) => r.id) } }, order: ['id ASC'] })}`,
    )
  ).body as Body[];
  expect(rows.map((r) => r.estado)).toEqual(['Ejecutado', 'NoEjecutado', 'NoEjecutado']);
  expect(rows.every((r) => r.procesado === 'S')).toBe(true);
  expect(rows[1].motivo).toMatch(/modelo saturado/);

  const stored = (
    await call('GET', `/obtenerTodosLosTextosGeneradosParaElProducto?idProducto=${ok.productoId}`)
  ).body as Body[];
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.every((t) => /^IA \S+$/.test(String(t.texto)))).toBe(true);
  const none = (
    await call('GET', `/obtenerTodosLosTextosGeneradosParaElProducto?idProducto=${failing.productoId}`)
  ).body as Body[];
  expect(none).toEqual([]);

  expect(seen[0].auth).toBe('Bearer clave-de-prueba');
  expect(seen[0].model).toBe('modelo-prueba');
  expect(seen[0].content).toContain(sku(ok.productoId));
});
