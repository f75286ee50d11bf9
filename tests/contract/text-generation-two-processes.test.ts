// @vitest-environment node
/**
 * Two API processes on one MariaDB database run the AI generation of the same 50 queue rows at once (the
 * nightly run on both): the row claims live in the database, so every row is generated exactly once — each
 * generator call (product × campo × idioma) reaches the chat-completions service once, every row ends
 * Ejecutado, and no claim is left behind. MariaDB only (the embedded store is one process by nature).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/run.mjs';
import { demoLogins, loginToken, usingMysql } from '../support/server';

const require = createRequire(import.meta.url);
type Body = Record<string, unknown>;
interface Mysql {
  createConnection(uri: string): Promise<{
    query(sql: string): Promise<[unknown[], unknown]>;
    end(): Promise<void>;
  }>;
}

const ROWS = 50;
/** Each generator answer takes this long, so the two runs overlap. */
const ANSWER_MS = 15;

let fake: Server;
let dataDir: string;
let databaseUrl: string;
const apis: { child: ChildProcess; url: string; log: string[] }[] = [];
/** Generator calls by product name, campo, language and the whole request. */
const calls = new Map<string, number>();

async function startApi(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; log: string[] }> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ['dist-server/server/index.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited:\n${log.join('')}`);
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      if (Date.now() - started > 90_000) throw new Error(`API did not start:\n${log.join('')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { child, url, log };
}

const stopApi = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGTERM');
  });

describe.skipIf(!usingMysql())('AI generation shared by two API processes', () => {
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw) as { messages: { content: string }[] };
        const content = body.messages.map((m) => m.content).join('\n');
        const nombre = /"nombre":"([^"]*)"/.exec(content)?.[1];
        const campo = /Campo: (\S+)/.exec(content)?.[1];
        const idioma = /Idioma de la respuesta: (.+)/.exec(content)?.[1] ?? '';
        // The whole request: the same product may have rows of several prompts.
        const key = `${nombre}|${campo}|${idioma}|${content}`;
        calls.set(key, (calls.get(key) ?? 0) + 1);
        setTimeout(() => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `IA ${campo}` } }] }));
        }, ANSWER_MS);
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const mysql = require('mysql2/promise') as Mysql;
    const base = process.env.PIM_DATABASE_URL!;
    const name = `pim_two_${process.pid}_${Date.now() % 100000}`;
    const admin = await mysql.createConnection(base);
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
    await admin.end();
    databaseUrl = base.replace(/\/[^/]*$/, `/${name}`);
    dataDir = mkdtempSync(path.join(tmpdir(), 'pim-two-'));
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'secreto-compartido-por-los-dos-procesos',
      AI_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      AI_TIMEOUT_MS: '10000',
    };
    // The first process creates the tables and seeds; the second finds them.
    apis.push(await startApi(env));
    apis.push(await startApi(env));
  }, 180_000);

  afterAll(async () => {
    for (const api of apis) await stopApi(api.child);
    fake?.closeAllConnections();
    await new Promise((resolve) => fake?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`generates each of ${ROWS} queue rows exactly once`, async () => {
    const [a, b] = apis;
    const token = await loginToken(a.url, demoLogins().admin);
    const call = async (url: string, method: string, route: string, body?: unknown) => {
      const res = await fetch(`${url}${route}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      // a failure's log lines may still be on their way from the processes
      if (res.status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        res.status,
        `${method} ${route}: ${await res.clone().text()}\n${apis
          .map((api) => api.log.join(''))
          .join('\n---\n')
          .slice(-8000)}`,
      ).toBe(200);
      return (await res.json()) as Body & Body[];
    };
    const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const products = await call(
      a.url,
      'GET',
      `/productos?filter=${q({ where: { empresaId: 1 }, limit: 1000 })}`,
    );
    const { pares } = (await call(
      a.url,
      'GET',
      `/generacion-textos/prompts?productos=${products.map((p) => p.id).join(',')}`,
    )) as unknown as { pares: { productoId: number; marketplacePromptId: number }[] };
    const onePerProduct = pares.filter(
      (p, i, all) => all.findIndex((o) => o.productoId === p.productoId) === i,
    );
    expect(onePerProduct.length).toBeGreaterThanOrEqual(ROWS);
    const chosen = onePerProduct.slice(0, ROWS);
    const queued = await call(
      a.url,
      'POST',
      '/ProductosGeneracionTextos/createMany',
      chosen.map(({ productoId, marketplacePromptId }) => ({ productoId, marketplacePromptId })),
    );
    const ids = queued.map((row) => Number(row.id));
    expect(new Set(ids).size).toBe(ROWS);

    // The nightly run takes every pending row: the demo's own and these.
    const pendingWhere = { or: [{ procesado: 'N' }, { procesado: null }] };
    const pending = await call(a.url, 'GET', `/ProductosGeneracionTextos/count?where=${q(pendingWhere)}`);
    expect(Number(pending.count)).toBeGreaterThanOrEqual(ROWS);
    const [runA, runB] = await Promise.all([
      call(a.url, 'GET', '/generarTextosIAPorProcesoNocturno'),
      call(b.url, 'GET', '/generarTextosIAPorProcesoNocturno'),
    ]);
    expect(Number(runA.procesados) + Number(runB.procesados)).toBe(Number(pending.count));
    // Both processes did part of the work.
    expect(Number(runA.procesados)).toBeGreaterThan(0);
    expect(Number(runB.procesados)).toBeGreaterThan(0);
    expect(Number(runA.fallidos) + Number(runB.fallidos)).toBe(0);

    const rows = await call(
      b.url,
      'GET',
      `/ProductosGeneracionTextos?filter=${q({ where: { id: { inq: ids } } })}`,
    );
    expect(rows).toHaveLength(ROWS);
    expect(rows.every((row) => row.procesado === 'S' && row.estado === 'Ejecutado')).toBe(true);

    expect(calls.size).toBeGreaterThanOrEqual(ROWS);
    const twice = [...calls].filter(([, count]) => count !== 1);
    expect(twice.map(([key]) => key.split('\n')[0])).toEqual([]);
    const mysql = require('mysql2/promise') as Mysql;
    const db = await mysql.createConnection(databaseUrl);
    const [claims] = await db.query('SELECT COUNT(*) AS n FROM GenerationClaim');
    await db.end();
    expect(Number((claims[0] as { n: number }).n)).toBe(0);
  }, 180_000);
});
