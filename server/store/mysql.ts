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
