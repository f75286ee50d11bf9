/**
 * loopback-connector-postgresql with the few changes that make PostgreSQL (PGlite or a server) answer the
 * contract MySQL answers (docs/loopback-contract.md):
 * - `like`/`nlike` are case- and accent-insensitive, as MySQL's default collation (`ILIKE` + `unaccent`,
 *   on an expression searched columns have a trigram index on: postgres-text.ts);
 * - indexes come from the declarations, unique keys case-insensitive (postgres-indexes.ts);
 * - a duplicate key is 422 ER_DUP_ENTRY in MySQL's words, a full disk 507 (postgres-errors.ts), a lost
 *   connection or a timeout 503 (database-errors.ts);
 * - a row created with an explicit id moves the id sequence past it, as MySQL's AUTO_INCREMENT does;
 * - multi-row INSERTs are built in time linear in their values (insert-all.ts);
 * - on the embedded database, counts are kept until the next write (count-cache.ts).
 * The connector's class is not exported: its instance gets these methods.
 */
import { currentTransaction } from '../transaction';
import type { CountCache } from './count-cache';
import { asDatabaseError } from './database-errors';
import { duplicateEntry, isStorageError, StorageError, type PgError } from './postgres-errors';
import { buildInsertsLinearly, type InsertingConnector } from './insert-all';
import { indexSpecs, indexStatements, type IndexingConnector } from './postgres-indexes';
import { FOLDED_PATTERN, LIKE_PATTERN, LIKE_SUBJECT } from './postgres-text';

type Callback = (err: unknown, result?: unknown) => void;

interface ParameterizedSql {
  sql: string;
  params: unknown[];
}

export interface PostgresConnector extends IndexingConnector {
  /** Called after a write the disk refused (the embedded database stops: PostgreSQL cannot go on). */
  onStorageError?: (message: string) => void;
  /** Counts kept between writes (the embedded database only: one API process writes to it). */
  countCache?: CountCache;
  /** This API process is the database's only writer (the embedded database, whose data folder it locks). */
  soleWriter?: boolean;
  /** An UPDATE run with `returnedRows` in its options answers its rows there (`RETURNING *`, see below). */
  returnsUpdatedRows?: boolean;
  /** pg_trgm is there: searched columns get trigram indexes (set by the datasource before migrating). */
  trigram?: boolean;
  /** pg's pool (its options are what each new connection is made with). */
  pg?: {
    options?: Record<string, unknown>;
    connect(cb: (err: Error | undefined, client: unknown, release: () => void) => void): void;
  };
  connect(cb?: Callback): void;
  clientConfig?: Record<string, unknown>;
  _models: Record<string, unknown>;
  execute(sql: string, params: unknown[], options: object, cb: Callback): void;
  executeSQL(sql: string, params: unknown[], options: object, cb: Callback): void;
  buildExpression(column: string, operator: string, value: unknown, prop: unknown): ParameterizedSql;
  addIndexes(model: string, actualIndexes: unknown, cb: Callback): void;
  create(model: string, data: Record<string, unknown>, options: object, cb: Callback): void;
  createAll(model: string, data: Record<string, unknown>[], options: object, cb: Callback): void;
  idName(model: string): string;
  idColumn(model: string): string;
  buildWhere(
    model: string,
    where: object,
  ): { constructor: new (sql: string, params: unknown[]) => ParameterizedSql };
}

const LIKE_ESCAPE = "ESCAPE E'\\\\'";

/**
 * `like` as ILIKE on accent-free text; on a search text column (store/search-text.ts), stored folded, only the
 * pattern is folded, once, and the column's trigram index is read with a plain `LIKE`.
 */
function likeExpression(
  connector: PostgresConnector,
  column: string,
  negated: boolean,
  value: unknown,
  folded: boolean,
): ParameterizedSql {
  const Statement = connector.buildWhere(Object.keys(connector._models)[0], {}).constructor;
  const operator = `${negated ? 'NOT ' : ''}${folded ? 'LIKE' : 'ILIKE'}`;
  const subject = folded ? column : LIKE_SUBJECT(column);
  const pattern = folded ? FOLDED_PATTERN : LIKE_PATTERN;
  return new Statement(`${subject} ${operator} ${pattern} ${LIKE_ESCAPE}`, [value]);
}

/** Finds the declared key of an index name, over every model. */
function keyOf(connector: PostgresConnector, name: string) {
  for (const model of Object.keys(connector._models)) {
    const spec = indexSpecs(connector, model).find((s) => s.name === name);
    if (spec) return { key: spec.key, columns: spec.properties.length };
  }
  return undefined;
}

interface ActiveTransaction {
  connector?: unknown;
  txId?: unknown;
  connection?: { txId?: unknown };
}

/**
 * A statement run without a transaction inside `inTransaction`'s work joins the transaction still active in
 * its async context (on the embedded database a transaction holds the database until it ends: pglite-server.ts).
 */
function joinCurrentTransaction(connector: PostgresConnector, options: object): object {
  if ((options as { transaction?: unknown } | undefined)?.transaction) return options;
  const tx = currentTransaction.getStore() as ActiveTransaction | undefined;
  const active = tx?.connector === connector && tx.connection && tx.txId === tx.connection.txId;
  return active ? { ...options, transaction: tx } : options;
}

function customize(connector: PostgresConnector): void {
  // The connector's connect() hands its error hook the client of a connection that failed, which does not exist
  // (a TypeError that ends the process: loopback-connector-postgresql 8.0.7): the failure goes to the caller.
  const connect = connector.connect.bind(connector);
  connector.connect = (cb) =>
    connector.pg?.connect((err, _client, release) => {
      if (err) return cb?.(err);
      release();
      connect(cb);
    });

  const executeSQL = connector.executeSQL.bind(connector);
  // An UPDATE whose options carry an array `returnedRows` answers the rows as they are now there (RETURNING *),
  // so a write that needs them (the history, the hooks: repositories.ts) does not read them again.
  connector.returnsUpdatedRows = true;
  connector.executeSQL = (sql, params, options, cb) => {
    const joined = joinCurrentTransaction(connector, options);
    const returned = (options as { returnedRows?: unknown } | undefined)?.returnedRows;
    const collect = Array.isArray(returned) && /^UPDATE\s/i.test(sql) ? returned : undefined;
    const counts = connector.countCache;
    const inTransaction = Boolean((joined as { transaction?: unknown }).transaction);
    const kept = counts && !inTransaction ? counts.lookup(sql, params ?? []) : undefined;
    if (kept !== undefined) return process.nextTick(cb, null, kept);
    const answered = counts?.sending(sql, params ?? [], inTransaction);
    executeSQL(collect ? `${sql} RETURNING *` : sql, params, joined, (err, result) => {
      answered?.(!err, result);
      const rows = (result as { rows?: unknown[] } | null | undefined)?.rows;
      if (collect && !err && rows) collect.push(...rows);
      const pgError = err as PgError | null;
      if (pgError?.code === '23505') {
        return cb(duplicateEntry(pgError, params ?? [], (name) => keyOf(connector, name)));
      }
      if (pgError && isStorageError(pgError)) {
        console.error(`Database write failed: ${pgError.message ?? String(err)}`);
        cb(new StorageError(pgError.message ?? String(err)));
        return connector.onStorageError?.(pgError.message ?? String(err));
      }
      cb(err ? asDatabaseError(err) : err, result);
    });
  };

  const buildExpression = connector.buildExpression.bind(connector);
  connector.buildExpression = (column, operator, value, prop) => {
    if (operator !== 'like' && operator !== 'nlike') return buildExpression(column, operator, value, prop);
    const folded = Boolean((prop as { searchText?: boolean } | undefined)?.searchText);
    return likeExpression(connector, column, operator === 'nlike', value, folded);
  };

  connector.addIndexes = (model, _actual, cb) => {
    const statements = indexStatements(connector, model, connector.trigram === true);
    const next = (i: number): void => {
      if (i >= statements.length) return cb(null);
      connector.execute(statements[i], [], {}, (err) => (err ? cb(err) : next(i + 1)));
    };
    next(0);
  };

  /** After rows with explicit ids: the sequence continues past the largest id. */
  const advanceSequence = (model: string, options: object, cb: Callback, result: unknown) => {
    const table = connector.tableEscaped(model);
    const id = connector.columnEscaped(model, connector.idName(model));
    const sql =
      `SELECT setval(pg_get_serial_sequence('${table.replace(/'/g, "''")}', '${connector.idColumn(model)}'), ` +
      `GREATEST((SELECT MAX(${id}) FROM ${table}), 1))`;
    connector.execute(sql, [], options, (err) => cb(err, result));
  };
  const hasExplicitId = (model: string, rows: Record<string, unknown>[]): boolean => {
    const idName = connector.idName(model);
    const prop = (connector.getModelDefinition(model).properties as Record<string, { generated?: boolean }>)[
      idName
    ];
    return Boolean(prop?.generated) && rows.some((row) => row[idName] != null);
  };
  buildInsertsLinearly(connector as unknown as InsertingConnector);

  const create = connector.create.bind(connector);
  connector.create = (model, data, options, cb) =>
    create(model, data, options, (err, result) =>
      err || !hasExplicitId(model, [data]) ? cb(err, result) : advanceSequence(model, options, cb, result),
    );
  const createAll = connector.createAll.bind(connector);
  connector.createAll = (model, data, options, cb) =>
    createAll(model, data, options, (err, result) =>
      err || !hasExplicitId(model, data) ? cb(err, result) : advanceSequence(model, options, cb, result),
    );
}

interface DataSourceLike {
  connector?: unknown;
}

/** A juggler connector module: loopback-connector-postgresql, customized. */
export const postgresConnector = {
  name: 'postgresql',
  initialize(dataSource: DataSourceLike, callback?: (err?: unknown) => void): void {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const base = require('loopback-connector-postgresql') as {
      initialize(ds: DataSourceLike): void;
    };
    base.initialize(dataSource);
    const connector = dataSource.connector as PostgresConnector;
    // The connector hands pg its own Promise class, which pg 8 warns about (deprecated) at each new
    // connection; it is the global Promise anyway.
    delete connector.clientConfig?.Promise;
    delete connector.pg?.options?.Promise;
    customize(connector);
    // The connection is made by DataSource.connect() (and checked by the first statement).
    if (callback) process.nextTick(callback);
  },
};
