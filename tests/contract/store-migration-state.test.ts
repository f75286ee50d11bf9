// @vitest-environment node
/**
 * Contract: a start migrates a database (tables, columns, indexes, search triggers from the declarations) only
 * when this build has not migrated it yet (server/store/migration-state.ts): a restart on the same data folder
 * skips the migration and still searches through the search text; a database without the record of this build's
 * migration (an earlier version's, or another build's) is migrated at its start. Embedded store on a data folder
 * (MariaDB: each test server gets a database of its own, so a restart on the same database is not possible here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_STATE_TABLE } from '../../server/store/migration-state';
import { apiHelpers, q, type Row } from '../support/api';
import { loginToken, startTestServer, usingMysql, type StartedServer } from '../support/server';

interface InProcess extends StartedServer {
  repositories: {
    repository(name: string): { dataSource: { execute(sql: string): Promise<Row[]> } };
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-migration-state-'));
const INDEX = 'ix_Producto_finalizado';
let server: InProcess | undefined;
const { call } = apiHelpers(() => server?.url ?? '');

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const restart = async () => {
  await server?.stop();
  server = (await startTestServer({ dataDir })) as InProcess;
};
const sql = (text: string) => server!.repositories.repository('productos').dataSource.execute(text);
const hasIndex = async () =>
  (await sql(`SELECT indexname FROM pg_indexes WHERE indexname = '${INDEX}'`)).length === 1;
const fingerprints = async () =>
  (await sql(`SELECT fingerprint FROM ${MIGRATION_STATE_TABLE}`)).map((row) => String(row.fingerprint));

describe.skipIf(usingMysql())('migration at start', () => {
  it('runs once per build: a restart skips it and still searches; a database without its record is migrated', async () => {
    await restart();
    const recorded = await fingerprints();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await hasIndex()).toBe(true);

    // Something the migration would make again: after a restart by the same build it stays missing.
    await sql(`DROP INDEX "${INDEX}"`);
    await restart();
    expect(await hasIndex()).toBe(false);
    expect(await fingerprints()).toEqual(recorded);
    // The search text is still used (and kept by the triggers) on a start that skipped the migration.
    const token = await loginToken(server!.url);
    const tag = `MIG${Date.now() % 100000}`;
    const product = (await call(token, 'POST', '/productos', { empresaId: 1, nombre: `${tag}-a` })).body;
    await call(token, 'POST', '/producto-generals', {
      productoId: product.id,
      titulo: 'Sacacorchos de camarero',
    });
    const where = { and: [{ empresaId: 1 }, { buscar: 'SACACORCHOS' }, { nombre: { like: `${tag}-%` } }] };
    const found = (await call(token, 'GET', `/productos?filter=${q({ where })}`)).body as unknown as Row[];
    expect(found.map((row) => row.nombre)).toEqual([`${tag}-a`]);

    // Another build's record (or none): the start migrates and records this build's.
    await sql(`UPDATE ${MIGRATION_STATE_TABLE} SET fingerprint = '${'0'.repeat(64)}'`);
    await restart();
    expect(await hasIndex()).toBe(true);
    expect(await fingerprints()).toEqual(recorded);
  }, 120_000);
});
