import type { juggler } from '@loopback/repository';
import { currentTransaction } from '../transaction';
import { asDatabaseError } from './database-errors';

/** mysql://user:pass@host:port/db?charset=... → loopback-connector-mysql settings. */
export function mysqlSettings(databaseUrl: string): Record<string, unknown> {
  const url = new URL(databaseUrl);
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new Error(`DATABASE_URL must start with mysql:// (got ${url.protocol})`);
  }
  const settings: Record<string, unknown> = {
    name: 'db',
    // The module itself, so resolution never depends on juggler's own node_modules lookup.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    connector: require('loopback-connector-mysql'),
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    charset: 'utf8mb4',
    connectionLimit: 10,
  };
  for (const [key, value] of url.searchParams) settings[key] = value;
  return settings;
}

interface MysqlConnector {
  executeSQL(sql: string, params: unknown[], options: object, cb: (...args: unknown[]) => void): void;
}

/**
 * A statement run without a transaction inside `inTransaction`'s work (a write rule's lookup, a hook) joins
 * the transaction still under way in its async context, as on the PostgreSQL engines (postgres-connector.ts):
 * a rule checking a rename's cascade sees the rename it belongs to. juggler clears a transaction's connection
 * when it commits or rolls back, so work that outlives it runs on its own.
 */
export function joinCurrentTransactions(dataSource: juggler.DataSource): void {
  const connector = dataSource.connector as unknown as MysqlConnector;
  const executeSQL = connector.executeSQL.bind(connector);
  connector.executeSQL = (sql, params, options, cb) => {
    if ((options as { transaction?: unknown } | undefined)?.transaction)
      return executeSQL(sql, params, options, cb);
    const tx = currentTransaction.getStore() as { connector?: unknown; connection?: unknown } | undefined;
    const active = tx?.connector === connector && Boolean(tx.connection);
    executeSQL(sql, params, active ? { ...options, transaction: tx } : options, cb);
  };
}

/** A lost connection, a timeout or a full or read-only disk answers 503/507 with its message (database-errors.ts). */
export function answerDatabaseFailures(dataSource: juggler.DataSource): void {
  const connector = dataSource.connector as unknown as MysqlConnector;
  const executeSQL = connector.executeSQL.bind(connector);
  connector.executeSQL = (sql, params, options, cb) =>
    executeSQL(sql, params, options, (err, ...rest) => cb(err ? asDatabaseError(err) : err, ...rest));
}
