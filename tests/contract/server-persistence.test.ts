// @vitest-environment node
/**
 * Reference API, embedded database on a data folder: edits survive a restart, the demo seed runs on the first
 * start only, generated ids keep counting after a restart, a second server on the same folder is refused and a
 * stale lock left by a crash is cleared; a damaged folder, a creation cut short and an empty pim.json.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../support/access';

const require = createRequire(import.meta.url);

interface Repo {
  create(data: Record<string, unknown>): Promise<{ id: number }>;
  count(): Promise<{ count: number }>;
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
const dataDir = path.join(dir, 'nested');

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const start = () => startServer({ port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'persist' });

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

describe('embedded database on a data folder', () => {
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

    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    // Stopped cleanly: no lock left behind.
    expect(existsSync(path.join(dataDir, 'pim.lock'))).toBe(false);

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

  it('refuses a second server on the same folder while the first one runs', async () => {
    const server = await start();
    try {
      await expect(start()).rejects.toThrow(/Another PIM server .* is using the data folder/);
      // The first one still answers.
      expect((await fetch(`${server.url}/config.json`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('clears a stale lock and postmaster.pid left by a crashed server', async () => {
    // A PID that is not running (the highest possible one) and PGlite's own stale pid file.
    writeFileSync(path.join(dataDir, 'pim.lock'), JSON.stringify({ pid: 4194303, dbPid: 4194302 }));
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), '-42\n/tmp/pglite/base\n');
    const server = await start();
    try {
      const call = await session(server);
      expect(((await call('GET', '/empresas/count')).body as { count: number }).count).toBeGreaterThan(0);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'pim.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await server.stop();
    }
    expect(readdirSync(dataDir)).not.toContain('pim.lock');
  });

  it('a lock file a crash left empty is cleared once a few seconds old, not taken for a server starting', async () => {
    const lock = path.join(dataDir, 'pim.lock');
    writeFileSync(lock, '');
    // Just written: a server may be writing it this moment.
    await expect(start()).rejects.toThrow(/Another PIM server is starting on the data folder/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const server = await start();
    try {
      expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    } finally {
      await server.stop();
    }
  });

  it("a corrupt data folder: the start fails with PostgreSQL's reason and what to do, and releases the folder", async () => {
    const corrupt = path.join(dir, 'corrupt');
    cpSync(path.join(dataDir, 'pgdata'), path.join(corrupt, 'pgdata'), { recursive: true });
    rmSync(path.join(corrupt, 'pgdata', 'global', 'pg_control'));
    await expect(
      startServer({ port: 0, host: '127.0.0.1', dataDir: corrupt, jwtSecret: 'persist' }),
    ).rejects.toThrow(
      /The embedded database could not open the data folder .*pgdata: PANIC: could not open file "global\/pg_control".* restore it from a backup, or move it away/,
    );
    expect(readdirSync(corrupt)).not.toContain('pim.lock');
  });

  it('a data folder whose creation was cut short (a kill, a broken template) is made again', async () => {
    const cut = path.join(dir, 'cut-short');
    mkdirSync(path.join(cut, 'pgdata', 'base'), { recursive: true });
    writeFileSync(path.join(cut, 'pgdata', 'PG_VERSION'), '17\n');
    writeFileSync(path.join(cut, 'pgdata.creating'), '');
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: cut,
      jwtSecret: 'persist',
      seed: false,
    });
    try {
      expect(existsSync(path.join(cut, 'pgdata', 'global', 'pg_control'))).toBe(true);
      expect((await server.repositories.repository('empresas').count()).count).toBe(0);
    } finally {
      await server.stop();
    }
    expect(readdirSync(cut)).not.toContain('pgdata.creating');
  });

  it.each([
    ['empty', ''],
    ['{}', '{}\n'],
  ])(
    'a pim.json of an earlier version that is %s stops the start instead of seeding the demo',
    async (_, text) => {
      const legacy = mkdtempSync(path.join(dir, 'legacy-'));
      writeFileSync(path.join(legacy, 'pim.json'), text);
      await expect(
        startServer({ port: 0, host: '127.0.0.1', dataDir: legacy, jwtSecret: 'persist' }),
      ).rejects.toThrow(/pim\.json of an earlier version holds no rows .* restore it from a backup/);
      expect(readFileSync(path.join(legacy, 'pim.json'), 'utf8')).toBe(text);
      expect(readdirSync(legacy)).not.toContain('pim.lock');
    },
  );
});
