/**
 * A database that cannot do what a request asked answers the client in words it can act on, instead of a bare
 * 500 "Internal Server Error" (LoopBack hides a 5xx error's message unless it is marked `expose`):
 * - its connection refused or lost (the database stopped, restarts, or is out of connections) → 503;
 * - a statement that timed out or waited too long for a lock or for the database → 503;
 * - a disk that is full or read-only → 507 (postgres-errors.ts; MySQL's codes here).
 * The message never says a write was stored: the operation "could not be confirmed" (a connection lost during a
 * commit leaves it unknown; the client reads it again). The driver's error is logged with the request.
 */
import { isStorageError, StorageError, type PgError } from './postgres-errors';

interface DriverError extends PgError {
  errno?: number;
  syscall?: string;
}

/** Connection errors of Node's sockets, mysql2 and PostgreSQL (SQLSTATE class 08, shutdown, too many clients). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_TEXT =
  /^Connection terminated unexpectedly|Client has encountered a connection error|Client was closed and is not queryable|connection is in closed state/i;

/**
 * Timeouts: PostgreSQL's statement_timeout or a cancel (57014; also the embedded database's answer to a request that
 * waited too long behind a transaction), lock_timeout (55P03); MySQL's lock wait and statement time limits; the
 * pool finding no free connection in time.
 */
const TIMEOUT_CODES = new Set([
  '57014',
  '55P03',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);
/** The same time limits by MySQL error number (mysql2 has no name for MariaDB's 1969, max_statement_time). */
const TIMEOUT_ERRNOS = new Set([1969, 3024]);
const TIMEOUT_TEXT =
  /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;

/** MySQL's full disk or table, and a server or engine in read-only mode. */
const MYSQL_STORAGE_CODES = new Set([
  'ER_DISK_FULL',
  'ER_RECORD_FILE_FULL',
  'ER_OPTION_PREVENTS_STATEMENT',
  'ER_READ_ONLY_MODE',
  'ER_INNODB_READ_ONLY',
]);

const MESSAGES = {
  unavailable:
    'Sin conexión con la base de datos: la operación no se ha podido confirmar. Inténtelo de nuevo en unos momentos.',
  timeout:
    'La base de datos no ha respondido a tiempo: la operación no se ha podido confirmar. Inténtelo de nuevo en unos momentos.',
};

export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  /** Its message is answered to the client (a 5xx's is not, otherwise). */
  readonly expose = true;
  readonly code: string;
  constructor(kind: keyof typeof MESSAGES, cause: unknown) {
    super(MESSAGES[kind], { cause });
    this.name = 'DatabaseUnavailableError';
    this.code = kind === 'timeout' ? 'DATABASE_TIMEOUT' : 'DATABASE_UNAVAILABLE';
    // The request's error log prints the stack: the driver's own words go with it.
    this.stack = `${this.stack ?? ''}\nCaused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`;
  }
}

/** What kind of database failure `err` is, if it is one of these. */
export function databaseFailureOf(err: unknown): 'storage' | 'unavailable' | 'timeout' | undefined {
  if (!err || typeof err !== 'object' || err instanceof DatabaseUnavailableError) return undefined;
  if (err instanceof StorageError) return undefined;
  const e = err as DriverError;
  const code = e.code ?? '';
  const message = e.message ?? '';
  if (MYSQL_STORAGE_CODES.has(code) || (/^\d{5}$/.test(code) && isStorageError(e))) return 'storage';
  if (TIMEOUT_CODES.has(code) || TIMEOUT_ERRNOS.has(Number(e.errno)) || TIMEOUT_TEXT.test(message))
    return 'timeout';
  // A socket that is not there (the embedded database's, once its process has gone) is a refused connection.
  if (code === 'ENOENT' && e.syscall === 'connect') return 'unavailable';
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || CONNECTION_TEXT.test(message)) {
    return 'unavailable';
  }
  return undefined;
}

/** The answer for a database failure (503 or 507, its message for the user), or `err` unchanged. */
export function asDatabaseError(err: unknown): unknown {
  const kind = databaseFailureOf(err);
  if (!kind) return err;
  if (kind === 'storage') return new StorageError((err as Error).message);
  return new DatabaseUnavailableError(kind, err);
}
