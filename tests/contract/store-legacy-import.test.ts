// @vitest-environment node
/**
 * A `pim.json` written by the previous version (juggler's memory connector format, tests/fixtures/
 * pim-legacy.json) is imported whole at the first start on the embedded database: every row with its id and
 * values (accents, quotes, new lines, dates to the millisecond, password hashes, join rows, refresh tokens),
 * the demo seed does not run, new ids continue past the file's, and the file is kept aside as a backup.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface JugglerModel {
  find(filter?: object): Promise<{ toObject(): Record<string, unknown> }[]>;
}
interface Server {
  url: string;
  repositories: { repository(name: string): { dataSource: { models: Record<string, JugglerModel> } } };
  stop(): Promise<void>;
}
const { startServer } = require('../../dist-server/server/application.js') as {
  startServer(opts: Record<string, unknown>): Promise<Server>;
};

const fixture = path.resolve('tests/fixtures/pim-legacy.json');
const legacy = JSON.parse(readFileSync(fixture, 'utf8')) as {
  ids: Record<string, number>;
  models: Record<string, Record<string, string>>;
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-legacy-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A stored row as JSON would write it, without the columns the old row never had. */
const comparable = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );

describe('import of a pim.json from the previous version', () => {
  it('keeps every row, skips the demo seed, continues the ids and keeps the file as a backup', async () => {
    copyFileSync(fixture, path.join(dataDir, 'pim.json'));
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'legacy' });
    try {
      const models = server.repositories.repository('empresas').dataSource.models;
      for (const [model, rows] of Object.entries(legacy.models)) {
        const stored = (await models[model].find({ order: ['id ASC'] })).map((r) => comparable(r.toObject()));
        const expected = Object.values(rows)
          .map((json) => JSON.parse(json) as Record<string, unknown>)
          .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
        // Columns the old row never had take their declared defaults.
        expect(stored, model).toMatchObject(expected);
        expect(stored.length, model).toBe(expected.length);
      }
      // The password hash came along: the old admin signs in.
      const login = await fetch(`${server.url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'legacy@demo.pim', password: 'Legacy-Admin-2024!' }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      // New ids continue past the largest id the old store had handed out (15 for marketplaces).
      const created = await fetch(`${server.url}/MarketPlaces`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ codigo: 'NUEVO' }),
      });
      expect(created.status).toBe(200);
      expect(((await created.json()) as { id: number }).id).toBeGreaterThan(legacy.ids.Marketplace);
    } finally {
      await server.stop();
    }
    const files = readdirSync(dataDir);
    expect(files).not.toContain('pim.json');
    const backup = files.find((f) => f.startsWith('pim.json.imported-'));
    expect(backup).toBeDefined();
    expect(readFileSync(path.join(dataDir, backup!), 'utf8')).toBe(readFileSync(fixture, 'utf8'));

    // A restart does not import again.
    const again = await startServer({ port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'legacy' });
    try {
      const models = again.repositories.repository('empresas').dataSource.models;
      expect((await models.Empresa.find()).length).toBe(Object.keys(legacy.models.Empresa).length);
    } finally {
      await again.stop();
    }
  });
});
