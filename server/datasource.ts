/**
 * The datasource, by engine (store/engine.ts): MySQL/MariaDB through loopback-connector-mysql, a PostgreSQL
 * server or the embedded PGlite database through loopback-connector-postgresql (store/postgres-connector.ts).
 * The embedded database runs in its own process (store/pglite-child.ts) on `dataDir`, or in memory without
 * one (optionally started from a template, store/template.ts).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { juggler } from '@loopback/repository';
import { engineOf, StoreError, type EngineKind } from './store/engine';
import { lockDataDir, type DataLock } from './store/data-lock';
import { answerDatabaseFailures, joinCurrentTransactions, mysqlSettings } from './store/mysql';
import { startPgliteChild, type PgliteChild } from './store/pglite-child';
import { CountCache } from './store/count-cache';
import { DatabaseUnavailableError } from './store/database-errors';
import { postgresConnector, type PostgresConnector } from './store/postgres-connector';
import { prepareTextSearch } from './store/postgres-text';
import { legacyFileOf } from './store/legacy-import';
import { templateExists } from './store/template';

export { mysqlSettings };

export interface DataSourceHandle {
  dataSource: juggler.DataSource;
  engine: EngineKind;
  /** The database came from a template: already migrated and seeded. */
  prepared: boolean;
  /** Keeps the in-memory database as the template (no-op elsewhere, or when it came from one). */
  saveTemplate(): Promise<void>;
  /** Called if the embedded database process ends while the API runs. */
  onLost(listener: (message: string) => void): void;
  close(): Promise<void>;
}

/** Connections of the API to its embedded database. */
const EMBEDDED_CONNECTIONS = 6;

/** The embedded database's folder inside DATA_DIR. */
export const pgdataOf = (dataDir: string): string => path.join(dataDir, 'pgdata');

const postgresSettings = (settings: Record<string, unknown>) => ({
  name: 'db',
  connector: postgresConnector,
  // Errors of idle pooled connections (a database that went away) are logged, never thrown.
  onError: (err: Error) => console.error(`Database connection error: ${err.message}`),
  ...settings,
});

/**
 * A datasource whose failed connection is answered to `connect` below: juggler also emits it as an 'error'
 * event, which with no listener would end the process with a stack trace instead of the message.
 */
function newDataSource(settings: object): juggler.DataSource {
  const dataSource = new juggler.DataSource(settings);
  dataSource.on('error', () => undefined);
  return dataSource;
}

async function connect(dataSource: juggler.DataSource, what: string): Promise<void> {
  try {
    await dataSource.connect();
    await dataSource.execute('SELECT 1');
  } catch (err) {
    // The driver's words, not the message for a client (store/database-errors.ts).
    const cause = err instanceof DatabaseUnavailableError ? err.cause : err;
    throw new StoreError(`Could not connect to ${what}: ${(cause as Error).message}`);
  }
}

async function connectPostgres(url: string): Promise<juggler.DataSource> {
  const dataSource = newDataSource(postgresSettings({ url, max: 10 }));
  const where = new URL(url);
  await connect(dataSource, `PostgreSQL at ${where.hostname}:${where.port || 5432}`);
  await dataSource.execute('CREATE EXTENSION IF NOT EXISTS unaccent');
  await prepareText(dataSource);
  return dataSource;
}

/** `like`'s functions, and whether searched columns get trigram indexes (store/postgres-text.ts). */
async function prepareText(dataSource: juggler.DataSource): Promise<void> {
  const connector = dataSource.connector as unknown as PostgresConnector;
  connector.trigram = await prepareTextSearch((sql) => dataSource.execute(sql));
}

/**
 * Marks a data folder whose database is being created (initdb, or a template unpacked): one cut short (a kill, a
 * crash, a broken template) holds nothing of the user's yet, and is made again at the next start instead of
 * failing to open for ever.
 */
const creatingMarkOf = (dataDir: string): string => path.join(dataDir, 'pgdata.creating');

/** A database folder the start could not open: where one existed before, what the operator can do. */
const damaged = (err: unknown): unknown =>
  err instanceof StoreError
    ? new StoreError(
        `${err.message} The folder may be damaged or incomplete: restore it from a backup, or move it away ` +
          'to start again with the demo data.',
      )
    : err;

async function startEmbedded(opts: { dataDir?: string; template?: string }) {
  let lock: DataLock | undefined;
  const pgdata = opts.dataDir ? pgdataOf(opts.dataDir) : undefined;
  if (opts.dataDir && pgdata) lock = await lockDataDir(opts.dataDir, pgdata);
  const creating = opts.dataDir ? creatingMarkOf(opts.dataDir) : undefined;
  if (creating && pgdata && existsSync(creating)) {
    console.warn(`The creation of ${pgdata} was cut short at the last start: it is made again.`);
    rmSync(pgdata, { recursive: true, force: true });
  }
  const isNew = !pgdata || !existsSync(path.join(pgdata, 'PG_VERSION'));
  // A new database starts from the template when there is one (not when an old pim.json waits to be imported).
  const fresh = isNew && (!opts.dataDir || !existsSync(legacyFileOf(opts.dataDir)));
  const load = fresh && opts.template && templateExists(opts.template) ? opts.template : undefined;
  if (creating && isNew) writeFileSync(creating, '');
  let child: PgliteChild;
  try {
    // Recorded at once: a next start after a crash ends this process even if it never finished opening.
    child = await startPgliteChild({ dataDir: pgdata, load, onSpawn: (pid) => lock?.setDbPid(pid) });
  } catch (err) {
    lock?.release();
    // A template that does not open (damaged on disk) is made again by the next start.
    if (load) rmSync(load, { force: true });
    throw isNew ? err : damaged(err);
  }
  if (creating) rmSync(creating, { force: true });
  // PostgreSQL cannot go on after a failed WAL write (on a server it would restart): the process ends, and the
  // API with it (server/index.ts) once the answer saying so has gone out.
  const stopOnStorageError = (message: string) => {
    console.error(`The embedded database stops: it could not write to ${opts.dataDir} (${message}).`);
    setTimeout(() => child.kill(), 100);
  };
  // PGlite runs one request at a time (a transaction keeps it to its connection until it ends:
  // store/pglite-server.ts); several connections keep it busy while the API reads answers and sends the next.
  const dataSource = newDataSource(
    postgresSettings({
      host: child.socketDir ?? '127.0.0.1',
      port: child.port,
      user: 'postgres',
      database: 'postgres',
      max: EMBEDDED_CONNECTIONS,
      // A request waiting this long for a connection is stuck (a transaction never ended): fail it.
      connectionTimeoutMillis: 30_000,
    }),
  );
  const connector = dataSource.connector as unknown as PostgresConnector;
  connector.onStorageError = stopOnStorageError;
  // This API process is the only writer of its embedded database (the data folder is locked).
  connector.soleWriter = true;
  connector.countCache = new CountCache();
  try {
    await connect(dataSource, 'the embedded database');
    await prepareText(dataSource);
  } catch (err) {
    await child.stop();
    lock?.release();
    throw err;
  }
  return { dataSource, child, lock, fresh, prepared: Boolean(load) };
}

export async function createDataSource(opts: {
  databaseUrl?: string;
  /** The embedded database's folder; undefined = in memory. */
  dataDir?: string;
  /** Template file for a new embedded database (in memory, or a new data folder). */
  template?: string;
}): Promise<DataSourceHandle> {
  const engine = engineOf(opts.databaseUrl);
  if (engine !== 'embedded') {
    const dataSource =
      engine === 'mysql'
        ? newDataSource(mysqlSettings(opts.databaseUrl!))
        : await connectPostgres(opts.databaseUrl!);
    if (engine === 'mysql') {
      joinCurrentTransactions(dataSource);
      answerDatabaseFailures(dataSource);
      const where = new URL(opts.databaseUrl!);
      await connect(dataSource, `MySQL at ${where.hostname}:${where.port || 3306}`);
    }
    return {
      dataSource,
      engine,
      prepared: false,
      saveTemplate: async () => undefined,
      onLost: () => undefined,
      close: async () => {
        await dataSource.disconnect();
      },
    };
  }
  const { dataSource, child, lock, fresh, prepared } = await startEmbedded(opts);
  return {
    dataSource,
    engine,
    prepared,
    saveTemplate: async () => {
      if (fresh && opts.template && !prepared) await child.dump(opts.template);
    },
    onLost: (listener) => child.onUnexpectedExit(listener),
    close: async () => {
      await dataSource.disconnect();
      await child.stop();
      lock?.release();
    },
  };
}
