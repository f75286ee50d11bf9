/**
 * `npm start`: the reference API serving the built app (./dist) on one port.
 * PORT (default 8000), HOST (default 0.0.0.0), DATABASE_URL (mysql://… or postgres://…; default: the
 * embedded database in DATA_DIR, default ./data), JWT_SECRET (default: a random secret kept in DATA_DIR),
 * ACCESS_TOKEN_TTL / REFRESH_TOKEN_TTL (seconds; default 3600 / 7 days), SESSION_TTL (absolute session
 * lifetime in seconds, default 12 h), SIGNUP_ENABLED=0 (turns POST /auth/signup off; it is admin-only anyway),
 * DB_STATEMENT_TIMEOUT_MS (time limit of a statement on MySQL/MariaDB and PostgreSQL servers, default 30000; 0: none).
 */
import './heap-settings';
import './debug-colors';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { keepDataPrivate } from './data-dir';
import { persistentSecret } from './jwt-secret';
import { corsOrigins } from './security-headers';
import { startServer } from './application';
import { engineOf, StoreError } from './store/engine';
import { statementLimitFrom } from './store/statement-limit';
import { demoLogins } from './seed-loader';

/** A positive whole number of seconds from the environment, or undefined (the server's default). */
function seconds(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number of seconds`);
  return value;
}

async function main(): Promise<void> {
  const rootDir = path.resolve(__dirname, '..', '..');
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  // Only this user reads the data folder (password hashes, the JWT secret) and the files created in it.
  keepDataPrivate(dataDir);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const staticDir = process.env.STATIC_DIR
    ? path.resolve(process.env.STATIC_DIR)
    : path.join(rootDir, 'dist');
  const server = await startServer({
    port: Number(process.env.PORT ?? 8000),
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: databaseUrl ? undefined : dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    staticDir: existsSync(staticDir) ? staticDir : undefined,
    jwtSecret: process.env.JWT_SECRET || persistentSecret(dataDir),
    accessTokenTtlSeconds: seconds('ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: seconds('REFRESH_TOKEN_TTL'),
    sessionTtlSeconds: seconds('SESSION_TTL'),
    signup: process.env.SIGNUP_ENABLED !== '0',
    jsonBodyLimit: process.env.JSON_BODY_LIMIT || undefined,
    corsOrigins: corsOrigins(process.env.CORS_ORIGINS),
    publicOpenApi: process.env.OPENAPI_PUBLIC === '1',
    statementLimitMs: statementLimitFrom(process.env.DB_STATEMENT_TIMEOUT_MS),
    loginThrottle: process.env.LOGIN_LOCK_SECONDS
      ? { lockMs: Number(process.env.LOGIN_LOCK_SECONDS) * 1000 }
      : undefined,
  });
  const port = new URL(server.url).port;
  console.log(`PIM reference API and app: http://localhost:${port}/`);
  const engine = engineOf(databaseUrl);
  console.log(
    engine === 'embedded'
      ? `Database: embedded (PGlite) in ${dataDir}`
      : `Database: ${engine === 'mysql' ? 'MySQL/MariaDB' : 'PostgreSQL'} (DATABASE_URL)`,
  );
  server.onStoreLost((message) => {
    console.error(`${message} The API cannot serve without its database; exiting.`);
    // A second for the requests under way to answer their 5xx (their statements fail at once): a write the
    // database did not take is refused, never left without an answer because the process went first.
    setTimeout(() => process.exit(1), 1000);
  });
  if (!existsSync(staticDir)) console.log('(no ./dist: run `npm run build:app` to serve the app)');
  // One line per email (the first), whatever the seed lists.
  const seen = new Set<string>();
  const logins = demoLogins().filter((login) => {
    const email = login.email.trim().toLowerCase();
    return !seen.has(email) && Boolean(seen.add(email));
  });
  if (logins.length) {
    console.log('Demo logins:');
    for (const login of logins) console.log(`  ${login.role.padEnd(8)} ${login.email} / ${login.password}`);
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** A file the server could not create or write: a read-only or full disk, a folder of another user. */
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT']);
const unwritable = (err: unknown): err is NodeJS.ErrnoException =>
  err instanceof Error && UNWRITABLE.has((err as NodeJS.ErrnoException).code ?? '');

main().catch((err: unknown) => {
  // Start-up problems the operator can fix (a locked, unreadable or unwritable data folder, a database refusing
  // the connection) are one clear line; anything else keeps its stack.
  if (err instanceof StoreError) console.error(`Cannot start: ${err.message}`);
  else if (unwritable(err))
    console.error(`Cannot start: the server cannot write its files (${err.message}).`);
  else console.error(err);
  process.exit(1);
});
