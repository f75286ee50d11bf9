// @vitest-environment node
/**
 * The OpenAI-compatible generator (AI_API_URL / AI_API_KEY) against a fake chat-completions server on
 * 127.0.0.1: texts come from the service; a failing or slow answer marks the queue row NoEjecutado with the
 * reason and writes nothing for it; a service that sends the headers and then stalls times out too (the
 * deadline covers the body); one request's work is bounded (AI_REQUEST_BUDGET_MS: rows not started in time stay
 * pending for the next call); and a manual run does not wait behind a long nightly run (per-row claims).
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
/** Headers sent, then the body never ends. */
const STALL = new Set<string>();
/** Answers after LAG_MS, well under the time-out: slow but successful, also on a loaded machine. */
const LAG = new Set<string>();
const LAG_MS = 300;
/** The service's time-out: 600 ms above LAG_MS (with 100 ms, a loaded machine turned lagging rows into time-outs). */
const TIMEOUT_MS = LAG_MS + 600;
const BUDGET_MS = 2000;

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
      const is = (set: Set<string>) => [...set].some((sku) => content.includes(`"nombre":"${sku}"`));
      if (is(STALL)) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"choices":[{"message":');
        return;
      }
      if (is(SLOW)) setTimeout(answer, 1500);
      else if (is(LAG)) setTimeout(answer, LAG_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  process.env.AI_API_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  process.env.AI_API_KEY = 'clave-de-prueba';
  process.env.AI_MODEL = 'modelo-prueba';
  process.env.AI_TIMEOUT_MS = String(TIMEOUT_MS);
  process.env.AI_REQUEST_BUDGET_MS = String(BUDGET_MS);
  server = await startTestServer({ seed: true });
  token = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  delete process.env.AI_API_URL;
  delete process.env.AI_API_KEY;
  delete process.env.AI_MODEL;
  delete process.env.AI_TIMEOUT_MS;
  delete process.env.AI_REQUEST_BUDGET_MS;
  await server?.stop();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
});

/** Products of company 1 with a prompt and no generated text, not yet used by this file, one pair each. */
const taken = new Set<unknown>();
const freePairs = async (count: number) => {
  const products = (await call('GET', `/productos?filter=${q({ where: { empresaId: 1 }, limit: 1000 })}`))
    .body as Body[];
  const texts = (await call('GET', `/TextosGenerados?filter=${q({ fields: { productoId: true } })}`))
    .body as Body[];
  const used = new Set([...texts.map((t) => t.productoId), ...taken]);
  const free = products.filter((p) => !used.has(p.id));
  const { body } = await call(
    'GET',
    `/generacion-textos/prompts?productos=${free.map((p) => p.id).join(',')}`,
  );
  const pares = (body.pares as { productoId: number; marketplacePromptId: number }[]).filter(
    (p, i, all) => all.findIndex((o) => o.productoId === p.productoId) === i,
  );
  expect(pares.length).toBeGreaterThanOrEqual(count);
  const chosen = pares.slice(0, count);
  for (const p of chosen) taken.add(p.productoId);
  return chosen.map((p) => ({ ...p, sku: String(free.find((f) => f.id === p.productoId)?.nombre) }));
};
const queue = async (pairs: { productoId: number; marketplacePromptId: number }[]) =>
  (
    (
      await call(
        'POST',
        '/ProductosGeneracionTextos/createMany',
        pairs.map(({ productoId, marketplacePromptId }) => ({ productoId, marketplacePromptId })),
      )
    ).body as Body[]
  ).map((row) => row.id as number);

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
  for (const p of pares) taken.add(p.productoId);
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

it('a service that sends the headers and then stalls times out (the deadline covers the body)', async () => {
  const [stalled] = await freePairs(1);
  STALL.add(stalled.sku);
  const ids = await queue([stalled]);
  const started = Date.now();
  const run = await call('GET', `/generarTextosIAPorProcesoManual?ids=${ids.join(',')}`);
  expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1500);
  expect(run.body).toMatchObject({ procesados: 1, ejecutados: 0, fallidos: 1 });
  expect((run.body.resultados as Body[])[0].motivo).toMatch(/no respondió/);
  const [row] = (await call('GET', `/ProductosGeneracionTextos?filter=${q({ where: { id: ids[0] } })}`))
    .body as Body[];
  expect(row).toMatchObject({ procesado: 'S', estado: 'NoEjecutado' });
}, 15_000);

it('one request does bounded work: rows not started within the budget stay pending for the next call', async () => {
  const pairs = await freePairs(10);
  for (const p of pairs) LAG.add(p.sku);
  const ids = await queue(pairs);
  const started = Date.now();
  const first = await call('GET', `/generarTextosIAPorProcesoManual?ids=${ids.join(',')}`);
  // each row takes at least LAG_MS: ten rows cannot fit in the budget
  expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1500);
  const { procesados, pendientes } = first.body as unknown as { procesados: number; pendientes: number };
  expect(procesados).toBeGreaterThanOrEqual(1);
  expect(pendientes).toBeGreaterThanOrEqual(1);
  expect(procesados + pendientes).toBe(ids.length);
  const left = (
    await call(
      'GET',
      `/ProductosGeneracionTextos?filter=${q({ where: { id: { inq: ids }, procesado: 'N' } })}`,
    )
  ).body as Body[];
  expect(left).toHaveLength(pendientes);
  // the app calls again until nothing is pending
  let remaining = pendientes;
  for (let calls = 0; remaining > 0 && calls < 10; calls += 1)
    remaining = (await call('GET', `/generarTextosIAPorProcesoManual?ids=${ids.join(',')}`)).body
      .pendientes as number;
  expect(remaining).toBe(0);
  const done = (await call('GET', `/ProductosGeneracionTextos?filter=${q({ where: { id: { inq: ids } } })}`))
    .body as Body[];
  expect(done.map((r) => `${r.procesado} ${r.estado}`)).toEqual(ids.map(() => 'S Ejecutado'));
}, 60_000);

it('a manual run for one row does not wait behind a long nightly run', async () => {
  const slowOnes = await freePairs(6);
  for (const p of slowOnes) LAG.add(p.sku);
  const [quick] = await freePairs(1);
  await queue(slowOnes);
  const [quickId] = await queue([quick]);
  let nightlyDone = 0;
  const nightly = call('GET', '/generarTextosIAPorProcesoNocturno').then((res) => {
    nightlyDone = Date.now();
    return res;
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  const manual = await call('GET', `/generarTextosIAPorProcesoManual?ids=${quickId}`);
  const manualDone = Date.now();
  expect(manual.body).toMatchObject({ procesados: 1, ejecutados: 1 });
  expect(nightlyDone).toBe(0); // the nightly run is still going
  const night = await nightly;
  expect(manualDone).toBeLessThan(nightlyDone);
  // the row the manual run took was not generated twice
  expect((night.body.resultados as Body[]).map((r) => r.id)).not.toContain(quickId);
}, 60_000);
