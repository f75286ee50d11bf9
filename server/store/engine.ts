/**
 * Which database the API runs on, from DATABASE_URL: `mysql://` (or `mariadb://`) → MySQL/MariaDB,
 * `postgres://` (or `postgresql://`) → a PostgreSQL server, nothing → the embedded PGlite database.
 */
export type EngineKind = 'mysql' | 'postgres' | 'embedded';

export function engineOf(databaseUrl: string | undefined): EngineKind {
  if (!databaseUrl) return 'embedded';
  const protocol = new URL(databaseUrl).protocol;
  if (protocol === 'mysql:' || protocol === 'mariadb:') return 'mysql';
  if (protocol === 'postgres:' || protocol === 'postgresql:') return 'postgres';
  throw new Error(
    `DATABASE_URL must start with mysql:// or postgres:// (got ${protocol}); leave it unset for the embedded database`,
  );
}

/** A start-up failure whose message says all (printed without a stack trace). */
export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}
