/**
 * Whether a database already has the tables, columns, indexes and search triggers this build of the API makes
 * from its declarations: the start records a fingerprint of what it migrated (the declarations, the engine and
 * the compiled API's code) once the migration succeeded, and a later start that finds the same fingerprint
 * skips LoopBack's autoupdate (dozens of catalogue queries per table) and the search triggers. Any change of a
 * declaration or of the API's code — a new version — migrates once again; a database written by a version
 * without this table has no fingerprint and is migrated. A migration that fails or is interrupted records
 * nothing, so the next start runs it again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { juggler } from '@loopback/repository';
import type { EngineKind } from './engine';

/** The table holding the fingerprint (one row, id 1). */
export const MIGRATION_STATE_TABLE = 'pim_migration_state';

/** The compiled API (this file lives in dist-server/server/store): its server and src folders. */
const compiledRoot = path.resolve(__dirname, '..', '..');
let codeHash: string | undefined;

/** A hash of the compiled API's code: every .js file of its server and src folders, in a stable order (once per process). */
export function hashOfCode(): string {
  if (codeHash) return codeHash;
  const hash = createHash('sha256');
  for (const folder of ['server', 'src']) {
    const root = path.join(compiledRoot, folder);
    if (!existsSync(root)) continue;
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
      .sort();
    for (const file of files) hash.update(path.relative(compiledRoot, file)).update(readFileSync(file));
  }
  return (codeHash = hash.digest('hex'));
}

/** The fingerprint of what a start migrates: declarations (JSON), engine and the compiled API's code. */
export function migrationFingerprint(declarations: unknown, engine: EngineKind): string {
  return createHash('sha256')
    .update(JSON.stringify({ declarations, engine, code: hashOfCode() }))
    .digest('hex');
}

const isFingerprint = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** Whether the database records `fingerprint` as migrated (false when it records none or another one). */
export async function isMigrated(dataSource: juggler.DataSource, fingerprint: string): Promise<boolean> {
  await dataSource.execute(
    `CREATE TABLE IF NOT EXISTS ${MIGRATION_STATE_TABLE} (id INT PRIMARY KEY, fingerprint VARCHAR(64) NOT NULL)`,
  );
  const rows = (await dataSource.execute(`SELECT fingerprint FROM ${MIGRATION_STATE_TABLE} WHERE id = 1`)) as
    { fingerprint?: unknown }[] | undefined;
  return Array.isArray(rows) && rows.length === 1 && rows[0].fingerprint === fingerprint;
}

/** Records `fingerprint` as migrated (after the migration succeeded). */
export async function recordMigration(dataSource: juggler.DataSource, fingerprint: string): Promise<void> {
  if (!isFingerprint(fingerprint)) throw new Error('recordMigration: not a fingerprint');
  await dataSource.execute(`DELETE FROM ${MIGRATION_STATE_TABLE} WHERE id = 1`);
  await dataSource.execute(
    `INSERT INTO ${MIGRATION_STATE_TABLE} (id, fingerprint) VALUES (1, '${fingerprint}')`,
  );
}
