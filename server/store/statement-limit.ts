/**
 * A time limit on database statements (DB_STATEMENT_TIMEOUT_MS, default 30 s; 0 turns it off): a query that
 * escapes the API's bounds (paging, indexes, `like` limits) is stopped by the database server itself and the
 * request answers 503 with «La base de datos no ha respondido a tiempo…» (database-errors.ts), instead of
 * holding a connection and the server's CPU for minutes.
 *
 * - MySQL/MariaDB: every read (SELECT), from the end of the start on (the migration's catalogue reads are not
 *   limited): MariaDB's `SET STATEMENT max_statement_time=… FOR …`, MySQL's `MAX_EXECUTION_TIME` hint (which
 *   MySQL honours on SELECT only). Writes are keyed by ids and are not cut short.
 * - PostgreSQL server: `statement_timeout` on every connection from the end of the start on (the start's
 *   migration — indexes built on a large existing database, the search text filled — is not limited).
 * - The embedded database: none. PGlite runs one statement at a time to its end (its WebAssembly cannot be
 *   interrupted); the API's bounds keep each statement short, and a request waiting behind a long transaction
 *   is answered with the same message after the wait limit (pglite-server.ts).
 */
import type { juggler } from '@loopback/repository';
import { READ_STATEMENT } from './statement-kind';

export const DEFAULT_STATEMENT_LIMIT_MS = 30_000;

export type MysqlFlavor = 'mariadb' | 'mysql';

/** `sql` with the time limit of `flavor`, when it reads and a limit is set (`ms` > 0). */
export function limitedStatement(sql: string, flavor: MysqlFlavor, ms: number): string {
  if (!(ms > 0) || !READ_STATEMENT.test(sql)) return sql;
  if (flavor === 'mariadb') {
    // seconds, to the microsecond
    const seconds = Math.max(ms / 1000, 0.000001).toFixed(6);
    return `SET STATEMENT max_statement_time=${seconds} FOR ${sql}`;
  }
  return sql.replace(
    READ_STATEMENT,
    (select) => `${select} /*+ MAX_EXECUTION_TIME(${Math.max(1, Math.round(ms))}) */`,
  );
}

/** MariaDB or MySQL, from the server's version string. */
export const flavorOf = (version: string): MysqlFlavor => (/mariadb/i.test(version) ? 'mariadb' : 'mysql');

interface MysqlConnector {
  executeSQL(sql: string, params: unknown[], options: object, cb: (...args: unknown[]) => void): void;
}

/** Limits the reads of a MySQL/MariaDB datasource from now on. */
export async function limitMysqlReads(dataSource: juggler.DataSource, ms: number): Promise<void> {
  if (!(ms > 0)) return;
  const [row] = (await dataSource.execute('SELECT VERSION() AS version')) as { version?: string }[];
  const flavor = flavorOf(String(row?.version ?? ''));
  const connector = dataSource.connector as unknown as MysqlConnector;
  const executeSQL = connector.executeSQL.bind(connector);
  connector.executeSQL = (sql, params, options, cb) =>
    executeSQL(limitedStatement(sql, flavor, ms), params, options, cb);
}

/** The parts of node-postgres's pool (pg-pool) the limit uses. */
export interface PostgresPool {
  listeners(event: 'error'): unknown[];
  on(event: 'error', listener: (err: Error) => void): unknown;
  end(): Promise<void>;
}

/** loopback-connector-postgresql: its pool (`pg`) and the settings it made it from (`clientConfig`). */
export interface PostgresPoolHolder {
  pg?: PostgresPool | null;
  clientConfig?: object;
}

/**
 * Limits every statement of a PostgreSQL server from now on: the connector gets a pool of the same settings
 * whose connections carry `statement_timeout` from their start, and the pool of the start (the migration ran
 * on it without a limit) closes its connections as they come back (pg-pool's end()).
 */
export function limitPostgresStatements(connector: PostgresPoolHolder, ms: number): void {
  const previous = connector.pg;
  if (!(ms > 0) || !previous) return;
  const Pool = previous.constructor as new (config: object) => PostgresPool;
  const pool = new Pool({ ...connector.clientConfig, statement_timeout: Math.max(1, Math.round(ms)) });
  for (const listener of previous.listeners('error')) pool.on('error', listener as (err: Error) => void);
  connector.pg = pool;
  previous.end().catch((err: unknown) => console.error('[db] closing the connections of the start:', err));
}

/** DB_STATEMENT_TIMEOUT_MS: milliseconds (decimals allowed), 0 for none; unset or empty: the default. */
export function statementLimitFrom(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_STATEMENT_LIMIT_MS;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error('DB_STATEMENT_TIMEOUT_MS must be a number of milliseconds (0: no limit)');
  return value;
}
