/**
 * The search text columns schemas declare (`searchText`, src/resources/types.ts: the product list's one search
 * box over SKU, title, EAN and brand), kept by the database itself, so that every write — the API's, the
 * import's, a bulk insert, a mass edit — leaves it right in its own transaction:
 * - the row's `fields` and its child rows' `from.fields`, joined by line breaks (a search box types none, so a
 *   term never matches across two fields), folded as the engine's `like` compares: `lower(pim_unaccent(…))` on
 *   PostgreSQL (store/postgres-text.ts; the connector folds the pattern the same way), lower case on MySQL,
 *   whose collation already ignores case and accents;
 * - triggers: the row's before its insert and an update of its fields or of the column itself (a replace, or
 *   the child's triggers clearing it); the child table's after its inserts, updates and deletes (one statement
 *   per write on PostgreSQL, one per row on MySQL); made at every start (PostgreSQL) or when missing or
 *   different (MySQL), so a database made by another version gets these definitions;
 * - at every start, rows without the text yet (a database of an earlier version) get it in one statement, and
 *   on PostgreSQL the table is then vacuumed and analyzed;
 * - on PostgreSQL one trigram index on the column, so `like '%…%'` reads the matching rows only, and a larger
 *   statistics sample for it; the child's fields it reads have none of their own (dropped where an earlier
 *   version made them);
 * - a child row without any of its fields adds nothing; on PostgreSQL the child's triggers rewrite only the
 *   rows whose text changes (a new product's empty general data leaves the product, and its indexes, alone).
 * Answers whether the columns are kept: a MySQL user without the right to make triggers keeps the former
 * search (server/features/product-search.ts).
 */
import type { juggler } from '@loopback/repository';
import type { ResourceSchema } from '../../src/resources/types';
import type { EngineKind } from './engine';
import { trigramIndexName } from './postgres-indexes';
import { FOLDED } from './postgres-text';

type SearchText = NonNullable<ResourceSchema['searchText']>;

/** The parts of the SQL connectors (MySQL's and PostgreSQL's) this module uses. */
interface NamingConnector {
  table(model: string): string;
  tableEscaped(model: string): string;
  columnEscaped(model: string, property: string): string;
  trigram?: boolean;
  /** Set once the search text columns are kept (read by the product search). */
  searchTextReady?: boolean;
  /** The embedded database's kept counts (store/count-cache.ts). */
  countCache?: { derivedColumn(column: string): void };
}

/** One declared search text, with the models of both tables. */
export interface SearchTextTable {
  model: string;
  idField: string;
  childModel: string;
  text: SearchText;
}

const SEPARATOR = "'\n'";
/** The statistics target of a search text column on PostgreSQL (the default is 100). */
const STATISTICS = 1000;

/**
 * The SQL of one engine: the folded text of the row named `row` (NEW in a row trigger, or a table alias); its
 * child rows are those whose key is `id` (the row's own id unless given).
 */
function textOf(
  connector: NamingConnector,
  table: SearchTextTable,
  engine: EngineKind,
  row: string,
  id = `${row}.${connector.columnEscaped(table.model, table.idField)}`,
) {
  const { model, childModel, text } = table;
  const c = (property: string) => connector.columnEscaped(model, property);
  const g = (property: string) => `g.${connector.columnEscaped(childModel, property)}`;
  const childFields = text.from.fields.map(g).join(', ');
  const children =
    engine === 'mysql'
      ? `SELECT GROUP_CONCAT(CONCAT_WS(${SEPARATOR}, ${childFields}) SEPARATOR ${SEPARATOR})`
      : `SELECT string_agg(concat_ws(${SEPARATOR}, ${childFields}), ${SEPARATOR})`;
  // child rows without any of the fields add nothing (NULL, not an empty line): a product's text is the same
  // before and after its empty general data is written, so that write leaves the product alone
  const joined =
    `concat_ws(${SEPARATOR}, ${text.fields.map((f) => `${row}.${c(f)}`).join(', ')}, ` +
    `NULLIF((${children} FROM ${connector.tableEscaped(childModel)} g WHERE ${g(text.from.key)} = ${id}), ''))`;
  return engine === 'mysql' ? `LOWER(${joined})` : FOLDED(joined);
}

type Execute = (sql: string, params?: unknown[]) => Promise<unknown>;

async function postgresStatements(
  connector: NamingConnector,
  table: SearchTextTable,
  execute: Execute,
): Promise<void> {
  const { model, childModel, idField, text } = table;
  const name = `pim_search_${connector.table(model)}`.toLowerCase().slice(0, 50);
  const childName = `pim_search_${connector.table(childModel)}`.toLowerCase().slice(0, 50);
  const parent = connector.tableEscaped(model);
  const child = connector.tableEscaped(childModel);
  const column = connector.columnEscaped(model, text.column);
  const id = connector.columnEscaped(model, idField);
  const key = connector.columnEscaped(childModel, text.from.key);
  // the triggers below write the column on a write of either table: a kept count naming it cannot outlive one
  connector.countCache?.derivedColumn(column.replace(/"/g, ''));
  // the parent's own trigger computes the text of a row whose column is written (to anything: NULL here); rows
  // whose text the child's write leaves as it was are not written (every index of the table would get an entry).
  // The comparison names the written ids (n), so it is worked out for those rows only: as a condition on the
  // parent alone the planner may test it on every row of the table before the join (a plan made while the
  // table was small stays in the session: 10,000 texts worked out for a batch of 200 new general rows)
  const refresh = (ids: string) =>
    `UPDATE ${parent} p SET ${column} = NULL FROM (${ids}) n WHERE p.${id} = n.${key} ` +
    `AND p.${column} IS DISTINCT FROM ${textOf(connector, table, 'postgres', 'p', `n.${key}`)};`;
  await execute(
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
      `NEW.${column} := ${textOf(connector, table, 'postgres', 'NEW')}; RETURN NEW; END $$`,
  );
  await execute(
    `CREATE OR REPLACE FUNCTION ${childName}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
      `IF TG_OP = 'INSERT' THEN ${refresh(`SELECT DISTINCT ${key} FROM nuevas`)} ` +
      `ELSIF TG_OP = 'UPDATE' THEN ${refresh(`SELECT ${key} FROM nuevas UNION SELECT ${key} FROM viejas`)} ` +
      `ELSE ${refresh(`SELECT DISTINCT ${key} FROM viejas`)} END IF; RETURN NULL; END $$`,
  );
  // the row's fields and the column itself: a write of the column (a replace sets every column) is recomputed
  const own = [...text.fields.map((f) => connector.columnEscaped(model, f)), column].join(', ');
  const triggers: [string, string][] = [
    [name, `BEFORE INSERT OR UPDATE OF ${own} ON ${parent} FOR EACH ROW EXECUTE PROCEDURE ${name}()`],
    [
      `${childName}_i`,
      `AFTER INSERT ON ${child} REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE PROCEDURE ${childName}()`,
    ],
    [
      `${childName}_u`,
      `AFTER UPDATE ON ${child} REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas ` +
        `FOR EACH STATEMENT EXECUTE PROCEDURE ${childName}()`,
    ],
    [
      `${childName}_d`,
      `AFTER DELETE ON ${child} REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE PROCEDURE ${childName}()`,
    ],
  ];
  // made anew at every start, each in one transaction (no write passes between the drop and the create), so
  // a database made by another version gets these definitions
  for (const [trigger, definition] of triggers) {
    const on = definition.includes(` ON ${parent} `) ? parent : child;
    await execute(`DROP TRIGGER IF EXISTS ${trigger} ON ${on}; CREATE TRIGGER ${trigger} ${definition}`);
  }
  // rare terms (a hundred products in 100,000) are estimated from a larger sample: with the default one the
  // planner may take them for common and walk the list's sort index row by row instead of reading the trigram index
  const target = (await execute(
    'SELECT 1 AS found FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2 AND attstattarget = $3',
    [parent, connector.columnEscaped(model, text.column).replace(/"/g, ''), STATISTICS],
  )) as unknown[];
  if (!target.length)
    await execute(`ALTER TABLE ${parent} ALTER COLUMN ${column} SET STATISTICS ${STATISTICS}`);
  if (connector.trigram) {
    const index = trigramIndexName(connector, model, text.column);
    await execute(`CREATE INDEX IF NOT EXISTS "${index}" ON ${parent} USING gin (${column} gin_trgm_ops)`);
  }
  // the child's fields are searched through the text: the trigram indexes an earlier version gave them
  // (server/indexes.ts, likeSearchedFields) are dropped, so writing a child row no longer updates them
  for (const field of text.from.fields)
    await execute(`DROP INDEX IF EXISTS "${trigramIndexName(connector, childModel, field)}"`);
  // rows written before the column existed (a database of an earlier version): computed by the trigger
  const filled = await execute(`UPDATE ${parent} SET ${column} = NULL WHERE ${column} IS NULL`);
  // a whole table's new texts wait in the trigram index's pending list, which every search would read
  // through, and its old row versions in the table: vacuumed at once, with fresh statistics
  if (affected(filled) > 0) await execute(`VACUUM (ANALYZE) ${parent}`);
}

/** The rows an UPDATE changed, as either connector answers it. */
const affected = (result: unknown): number => {
  const r = result as { affectedRows?: number; count?: number } | undefined;
  return Number(r?.affectedRows ?? r?.count ?? 0);
};

async function mysqlStatements(
  connector: NamingConnector,
  table: SearchTextTable,
  execute: Execute,
): Promise<void> {
  const { model, childModel, idField, text } = table;
  const parent = connector.tableEscaped(model);
  const child = connector.tableEscaped(childModel);
  const column = connector.columnEscaped(model, text.column);
  const id = connector.columnEscaped(model, idField);
  const key = connector.columnEscaped(childModel, text.from.key);
  const base = `pim_search_${connector.table(model)}`.toLowerCase().slice(0, 50);
  const childBase = `pim_search_${connector.table(childModel)}`.toLowerCase().slice(0, 50);
  const set = (row: string) => `SET ${row}.${column} = ${textOf(connector, table, 'mysql', row)}`;
  // the parent's own trigger computes the text of a row whose column is written (NULL here)
  const refresh = (of: string) => `UPDATE ${parent} SET ${column} = NULL WHERE ${id} = ${of}.${key}`;
  // the row's fields changed, or the column was written (a replace sets every column; the child's triggers)
  const changed = [...text.fields.map((f) => connector.columnEscaped(model, f)), column]
    .map((c) => `NOT (NEW.${c} <=> OLD.${c})`)
    .join(' OR ');
  // name, when and on which table, body
  const triggers: [string, string, string][] = [
    [`${base}_bi`, `BEFORE INSERT ON ${parent}`, set('NEW')],
    [`${base}_bu`, `BEFORE UPDATE ON ${parent}`, `BEGIN IF ${changed} THEN ${set('NEW')}; END IF; END`],
    [`${childBase}_ai`, `AFTER INSERT ON ${child}`, refresh('NEW')],
    [
      `${childBase}_au`,
      `AFTER UPDATE ON ${child}`,
      `BEGIN ${refresh('NEW')}; IF NOT (NEW.${key} <=> OLD.${key}) THEN ${refresh('OLD')}; END IF; END`,
    ],
    [`${childBase}_ad`, `AFTER DELETE ON ${child}`, refresh('OLD')],
  ];
  // made when missing or different (MySQL cannot replace a trigger in one step: left alone when it is right)
  for (const [trigger, when, body] of triggers) {
    const found = (await execute(
      'SELECT ACTION_STATEMENT AS body FROM information_schema.TRIGGERS ' +
        'WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME = ?',
      [trigger],
    )) as { body?: string }[];
    if (found.length && String(found[0].body).trim() === body) continue;
    if (found.length) await execute(`DROP TRIGGER ${trigger}`);
    await execute(`CREATE TRIGGER ${trigger} ${when} FOR EACH ROW ${body}`);
  }
  // rows written before the column existed (a database of an earlier version)
  await execute(`UPDATE ${parent} p ${set('p')} WHERE p.${column} IS NULL`);
}

/** The declared search texts of `schemas`, with their models. */
export function searchTextTables(schemas: readonly ResourceSchema[]): SearchTextTable[] {
  return schemas.flatMap((schema) => {
    const text = schema.searchText;
    if (!text) return [];
    const child = schemas.find((s) => s.name === text.from.resource);
    if (!child) throw new Error(`${schema.name}.searchText: unknown resource ${text.from.resource}`);
    return [{ model: schema.model, idField: schema.idField, childModel: child.model, text }];
  });
}

/** Makes (or checks) the triggers and index of every declared search text, and fills the missing texts. */
export async function prepareSearchTexts(
  dataSource: juggler.DataSource,
  engine: EngineKind,
  tables: readonly SearchTextTable[],
): Promise<boolean> {
  const connector = dataSource.connector as unknown as NamingConnector;
  const execute: Execute = (sql, params) => dataSource.execute(sql, params ?? []);
  try {
    for (const table of tables) {
      if (engine === 'mysql') await mysqlStatements(connector, table, execute);
      else await postgresStatements(connector, table, execute);
    }
    connector.searchTextReady = tables.length > 0;
  } catch (err) {
    if (engine !== 'mysql') throw err;
    // e.g. binary logging without SUPER or log_bin_trust_function_creators: the search reads the tables
    console.warn(
      `The product search reads every product: triggers could not be made (${(err as Error).message})`,
    );
    connector.searchTextReady = false;
  }
  return connector.searchTextReady;
}

/**
 * The search texts of `tables` are kept on this datasource: a start that found its database already migrated by
 * this build (store/migration-state.ts, recorded only after prepareSearchTexts succeeded) says so without
 * making the triggers again.
 */
export function markSearchTextReady(
  dataSource: juggler.DataSource,
  tables: readonly SearchTextTable[],
): void {
  (dataSource.connector as unknown as NamingConnector).searchTextReady = tables.length > 0;
}

/** Whether the declared search texts are kept on this datasource (prepareSearchTexts succeeded). */
export const searchTextReady = (dataSource: juggler.DataSource): boolean =>
  (dataSource.connector as unknown as NamingConnector | undefined)?.searchTextReady === true;
