// @vitest-environment node
/**
 * Reference API, embedded store with a data file: edits survive a restart, the demo seed runs on the first
 * start only, and generated ids keep counting after a restart.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../support/access';

const require = createRequire(import.meta.url);

interface Repo {
  create(data: Record<string, unknown>): Promise<{ id: number }>;
}
interface Server {
  url: string;
  repositories: { repository(name: string): Repo };
  stop(): Promise<void>;
}
const { startServer } = require('../../dist-server/server/application.js') as {
  startServer(opts: Record<string, unknown>): Promise<Server>;
};
const { DEMO_ADMIN } = require('../../dist-server/server/seed/index.js') as {
  DEMO_ADMIN: { email: string; password: string };
};

const dir = mkdtempSync(path.join(tmpdir(), 'pim-data-'));
const dataFile = path.join(dir, 'nested', 'pim.json');

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const start = () => startServer({ port: 0, host: '127.0.0.1', dataFile, jwtSecret: 'persist' });

async function session(
  server: Server,
): Promise<(method: string, p: string, body?: unknown) => Promise<{ status: number; body: unknown }>> {
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'persist@test.pim', password: 'Persist1!' }),
  });
  expect(res.status).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return async (method, p, body) => {
    const r = await fetch(`${server.url}${p}`, {
      method,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    return { status: r.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
}

describe('embedded store with a data file', () => {
  it('keeps edits across a restart and seeds only once', async () => {
    let server = await start();
    const demo = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    expect(demo.status).toBe(200);
    const persist = await server.repositories
      .repository('usuarios')
      .create({ nombre: 'P', mail: 'persist@test.pim', password: 'Persist1!', empresaId: 1 });
    await makeAdmin(server.repositories as never, persist.id);
    let call = await session(server);
    const empresasBefore = ((await call('GET', '/empresas/count')).body as { count: number }).count;
    expect(empresasBefore).toBeGreaterThan(0);
    const created = (await call('POST', '/MarketPlaces', { codigo: 'PERSIST-1', descripcion: 'antes' }))
      .body as { id: number };
    expect((await call('PATCH', `/MarketPlaces/${created.id}`, { descripcion: 'después' })).status).toBe(204);
    await server.stop();

    expect(existsSync(dataFile)).toBe(true);
    const file = JSON.parse(readFileSync(dataFile, 'utf8')) as {
      ids: object;
      models: Record<string, object>;
    };
    expect(Object.keys(file)).toEqual(['ids', 'models']);
    expect(file.models.Marketplace).toBeDefined();
    expect(readFileSync(dataFile, 'utf8')).not.toContain('Persist1!');

    server = await start();
    try {
      call = await session(server);
      expect(((await call('GET', '/empresas/count')).body as { count: number }).count).toBe(empresasBefore);
      expect((await call('GET', `/MarketPlaces/${created.id}`)).body).toEqual({
        id: created.id,
        codigo: 'PERSIST-1',
        descripcion: 'después',
      });
      const next = (await call('POST', '/MarketPlaces', { codigo: 'PERSIST-2' })).body as { id: number };
      expect(next.id).toBeGreaterThan(created.id);
      expect((await call('DELETE', `/MarketPlaces/${created.id}`)).status).toBe(204);
    } finally {
      await server.stop();
    }

    server = await start();
    try {
      call = await session(server);
      expect((await call('GET', `/MarketPlaces/${created.id}`)).status).toBe(404);
      expect(
        (await call('GET', `/MarketPlaces/count?where=${encodeURIComponent('{"codigo":"PERSIST-2"}')}`)).body,
      ).toEqual({ count: 1 });
    } finally {
      await server.stop();
    }
  });
});
