// @vitest-environment node
/**
 * Contract: a database written by an earlier version — without the products' search text column and the
 * triggers that keep it (server/store/search-text.ts) — is searched like a new one after the API starts on
 * it: the start adds the column, fills it for every product and makes the triggers, so later writes are
 * followed too. Embedded store on a data folder (MariaDB: each test server gets a database of its own).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_STATE_TABLE } from '../../server/store/migration-state';
import { SEARCH_TEXT_COLUMN } from '../../src/core/productSearch';
import { apiHelpers, q, type Row } from '../support/api';
import { loginToken, startTestServer, usingMysql, type StartedServer } from '../support/server';

interface InProcess extends StartedServer {
  repositories: {
    repository(name: string): {
      dataSource: {
        execute(sql: string): Promise<Row[]>;
        connector: { tableEscaped(model: string): string };
      };
    };
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-search-upgrade-'));
const tag = `UP${Date.now() % 100000}`;
let server: InProcess | undefined;
const { call } = apiHelpers(() => server?.url ?? '');

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  server = (await startTestServer({ dataDir })) as InProcess;
  return loginToken(server.url);
};

const searched = async (token: string, text: string): Promise<string[]> => {
  const where = { and: [{ empresaId: 1 }, { buscar: text }, { nombre: { like: `${tag}-%` } }] };
  const rows = (await call(token, 'GET', `/productos?filter=${q({ where })}`)).body as unknown as Row[];
  const count = (await call(token, 'GET', `/productos/count?where=${q(where)}`)).body;
  expect(count.count).toBe(rows.length);
  return rows.map((row) => String(row.nombre)).sort();
};

describe.skipIf(usingMysql())('search on a database of an earlier version', () => {
  it('the start fills the search text of every product, and keeps it from then on', async () => {
    let token = await start();
    const product = (await call(token, 'POST', '/productos', { empresaId: 1, nombre: `${tag}-a` })).body;
    const general = (
      await call(token, 'POST', '/producto-generals', {
        productoId: product.id,
        titulo: 'Sacacorchos de camarero',
      })
    ).body;
    expect(await searched(token, 'sacacorchos')).toEqual([`${tag}-a`]);

    // as an earlier version left it: no column, no triggers, no record of a migration by this build
    const db = server!.repositories.repository('productos').dataSource;
    await db.execute(`DROP TABLE ${MIGRATION_STATE_TABLE}`);
    for (const fn of await db.execute("SELECT proname FROM pg_proc WHERE proname LIKE 'pim\\_search\\_%'"))
      await db.execute(`DROP FUNCTION ${String(fn.proname)}() CASCADE`);
    await db.execute(
      `ALTER TABLE ${db.connector.tableEscaped('Producto')} DROP COLUMN ${SEARCH_TEXT_COLUMN}`,
    );
    await server!.stop();
    server = undefined;

    token = await start();
    expect(await searched(token, 'SACACORCHOS')).toEqual([`${tag}-a`]);
    expect(await searched(token, `${tag}-A`)).toEqual([`${tag}-a`]);
    await call(token, 'PATCH', `/producto-generals/${general.id}`, { titulo: 'Abrebotellas' });
    expect(await searched(token, 'sacacorchos')).toEqual([]);
    expect(await searched(token, 'abrebotellas')).toEqual([`${tag}-a`]);
  });
});
