// @vitest-environment node
/**
 * A statement that runs longer than its time limit (server/store/statement-limit.ts) is stopped by the database
 * server: the request answers 503 with the Spanish message, and a save cut short that way writes nothing. Two
 * servers on one MariaDB database: one with the default limit (30 s), one whose limit (a microsecond) every read
 * overruns. The embedded database has no such limit (PGlite cannot interrupt a statement): MariaDB suite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginToken,
  startTestServer,
  testDatabaseUrl,
  usingMysql,
  type StartedServer,
} from '../support/server';

const JWT_SECRET = 'statement-limit-test-secret-0123456789abcdef';
const TIMEOUT_MESSAGE = /La base de datos no ha respondido a tiempo/;

describe.runIf(usingMysql())('a statement past its time limit', () => {
  let normal: StartedServer;
  let limited: StartedServer;
  let token: string;

  beforeAll(async () => {
    const databaseUrl = await testDatabaseUrl();
    normal = await startTestServer({ databaseUrl, jwtSecret: JWT_SECRET });
    token = await loginToken(normal.url);
    limited = await startTestServer({
      databaseUrl,
      jwtSecret: JWT_SECRET,
      seed: false,
      statementLimitMs: 0.001,
    });
  }, 60_000);

  afterAll(async () => {
    await limited?.stop();
    await normal?.stop();
  });

  const call = async (base: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  it('a read answers 503 with the message; the same read within the limit answers 200', async () => {
    // A read that goes through every product of the company (a pattern on each name, a sort on a column
    // without index): MariaDB stops a statement where it checks its time between rows, and a read of five
    // rows by index could end before its first check.
    const filter = {
      where: { empresaId: 1, nombre: { like: '%-%' } },
      order: ['fechaModificacion DESC'],
      limit: 5,
    };
    const path = `/productos?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const stopped = await call(limited.url, 'GET', path);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(503);
    expect(JSON.stringify(stopped.body)).toMatch(TIMEOUT_MESSAGE);
    const answered = await call(normal.url, 'GET', path);
    expect(answered.status).toBe(200);
    expect((answered.body as unknown as unknown[]).length).toBeGreaterThan(0);
  });

  it('a save cut short writes nothing', async () => {
    const filter = encodeURIComponent(JSON.stringify({ where: { empresaId: 1 }, limit: 1 }));
    const [product] = (await call(normal.url, 'GET', `/productos?filter=${filter}`)).body as unknown as {
      id: number;
      nombre: string;
    }[];
    expect(product).toBeDefined();
    const saved = await call(limited.url, 'PATCH', `/productos/${product.id}`, {
      nombre: `${product.nombre}-renombrado`,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(503);
    expect(JSON.stringify(saved.body)).toMatch(TIMEOUT_MESSAGE);
    const after = await call(normal.url, 'GET', `/productos/${product.id}`);
    expect(after.body.nombre).toBe(product.nombre);
  });
});
