/**
 * The datasource: MySQL/MariaDB through loopback-connector-mysql when a `mysql://` URL is given, else the
 * juggler memory connector (the embedded store), optionally persisted to a JSON file by `FilePersister`.
 */
import { juggler } from '@loopback/repository';
import { FilePersister, type MemoryConnectorState } from './persistence';

export interface DataSourceHandle {
  dataSource: juggler.DataSource;
  /** True for the embedded store (memory connector). */
  embedded: boolean;
  /** Writes pending changes to the data file (no-op without one). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

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

export async function createDataSource(opts: {
  databaseUrl?: string;
  dataFile?: string;
}): Promise<DataSourceHandle> {
  if (opts.databaseUrl) {
    const dataSource = new juggler.DataSource(mysqlSettings(opts.databaseUrl));
    await dataSource.connect();
    return {
      dataSource,
      embedded: false,
      flush: async () => undefined,
      close: async () => {
        await dataSource.disconnect();
      },
    };
  }
  const dataSource = new juggler.DataSource({ name: 'db', connector: 'memory' });
  await dataSource.connect();
  const connector = dataSource.connector as unknown as MemoryConnectorState;
  const persister = opts.dataFile ? new FilePersister(opts.dataFile, connector) : undefined;
  // Load BEFORE any model is defined: defining a model creates its (empty) collection only if missing.
  persister?.load();
  persister?.install();
  return {
    dataSource,
    embedded: true,
    flush: async () => {
      await persister?.flush();
    },
    close: async () => {
      await persister?.flush();
      persister?.uninstall();
      await dataSource.disconnect();
    },
  };
}
