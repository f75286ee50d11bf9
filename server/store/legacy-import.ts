/**
 * The store of earlier versions was `DATA_DIR/pim.json`, juggler's memory connector format
 * `{ids: {Model: lastId}, models: {Model: {id: "<row as JSON>"}}}`. At the first start on the embedded
 * database it is imported whole, in one transaction (every row, with its id, hashes and stamps untouched),
 * the id sequences continue past the largest ids, and the file is renamed aside as a backup. A database
 * that already holds companies (an import that committed just before a crash) only renames the file. A file
 * with no rows stops the start (see refuseEmpty).
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { juggler } from '@loopback/repository';
import type { RepositorySet } from '../repository-set';
import { inTransaction } from '../transaction';
import { StoreError } from './engine';

export const LEGACY_FILE = 'pim.json';
export const legacyFileOf = (dataDir: string): string => path.join(dataDir, LEGACY_FILE);
const BATCH = 500;

interface LegacyFile {
  ids?: Record<string, number>;
  models?: Record<string, Record<string, string>>;
}

interface Connector {
  createAll(model: string, rows: object[], options: object, cb: (err: unknown) => void): void;
  execute(sql: string, params: unknown[], options: object, cb: (err: unknown, rows?: unknown) => void): void;
  tableEscaped(model: string): string;
  idColumn(model: string): string;
  getModelDefinition(model: string): { properties: Record<string, { generated?: boolean; type?: unknown }> };
}

const call = (fn: (cb: (err: unknown, rows?: unknown) => void) => void): Promise<unknown> =>
  new Promise((resolve, reject) => fn((err, rows) => (err ? reject(err as Error) : resolve(rows))));

function readLegacy(file: string): LegacyFile {
  const text = readFileSync(file, 'utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as LegacyFile;
  } catch (err) {
    throw new StoreError(
      `The data file ${file} of an earlier version is not valid JSON (${(err as Error).message}); ` +
        'fix it or move it away to start without it.',
    );
  }
}

/**
 * A file with no rows (empty, `{}`: what a crash of the old store left when it cut a write short) is not
 * imported as an empty catalogue with the demo seeded over it, as the old store did: the operator decides.
 */
function refuseEmpty(file: string, legacy: LegacyFile): void {
  const rows = Object.values(legacy.models ?? {}).reduce(
    (n, model) => n + Object.keys(model ?? {}).length,
    0,
  );
  if (rows > 0) return;
  throw new StoreError(
    `The data file ${file} of an earlier version holds no rows (it may have been cut short by a crash); ` +
      'restore it from a backup, or move it away to start with the demo data.',
  );
}

/** A stored row with only the model's properties (the memory connector kept unknown ones). */
function rowOf(json: string, properties: Record<string, unknown>): Record<string, unknown> {
  const raw = JSON.parse(json) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key in properties));
}

/** Imports DATA_DIR/pim.json if there is one; answers the number of rows imported. */
export async function importLegacyFile(
  dataDir: string,
  dataSource: juggler.DataSource,
  repositories: RepositorySet,
): Promise<number> {
  const file = legacyFileOf(dataDir);
  if (!existsSync(file)) return 0;
  const legacy = readLegacy(file);
  const connector = dataSource.connector as unknown as Connector;
  const known = new Set(Object.keys((dataSource.connector as unknown as { _models: object })._models));
  const empresas = repositories.repositories.get('empresas');
  let imported = 0;
  if (!empresas || (await empresas.count()).count === 0) {
    refuseEmpty(file, legacy);
    await inTransaction(dataSource, async (options) => {
      for (const [model, rows] of Object.entries(legacy.models ?? {})) {
        if (!known.has(model)) {
          console.warn(
            `${LEGACY_FILE}: no table for ${model}; its ${Object.keys(rows).length} rows are kept only in the backup.`,
          );
          continue;
        }
        const properties = connector.getModelDefinition(model).properties;
        const all = Object.values(rows).map((json) => rowOf(json, properties));
        for (let i = 0; i < all.length; i += BATCH) {
          await call((cb) => connector.createAll(model, all.slice(i, i + BATCH), options, cb));
        }
        imported += all.length;
        await advanceSequence(connector, model, legacy.ids?.[model] ?? 0, options);
      }
    });
  }
  const backup = `${file}.imported-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, backup);
  console.log(
    `Imported ${imported} rows of ${file} into the embedded database; the file is kept as ${backup}.`,
  );
  return imported;
}

/** The model's id sequence continues past max(id) and the memory connector's last id. */
async function advanceSequence(connector: Connector, model: string, lastId: number, options: object) {
  const idProp = Object.entries(connector.getModelDefinition(model).properties).find(([, p]) => p.generated);
  if (!idProp) return;
  const table = connector.tableEscaped(model);
  const column = connector.idColumn(model);
  const sql =
    `SELECT setval(pg_get_serial_sequence('${table.replace(/'/g, "''")}', '${column}'), ` +
    `GREATEST((SELECT MAX("${column}") FROM ${table}), $1::int, 1))`;
  await call((cb) => connector.execute(sql, [lastId], options, cb));
}
