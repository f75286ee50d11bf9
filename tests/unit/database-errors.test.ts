// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { asDatabaseError, DatabaseUnavailableError } from '../../server/store/database-errors';
import { StorageError } from '../../server/store/postgres-errors';

const driverError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

describe('asDatabaseError', () => {
  it.each([
    ['a refused connection', driverError('connect ECONNREFUSED 127.0.0.1:3306', { code: 'ECONNREFUSED' })],
    ['a lost MySQL connection', driverError('Connection lost', { code: 'PROTOCOL_CONNECTION_LOST' })],
    ['PostgreSQL shutting down', driverError('terminating connection', { code: '57P01' })],
    ['a PostgreSQL connection failure', driverError('connection failure', { code: '08006' })],
    ['pg losing its socket', new Error('Connection terminated unexpectedly')],
    [
      'the embedded database socket gone',
      driverError('connect ENOENT /tmp/pim-db-x/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
    ],
  ])('%s → 503, the operation not confirmed', (_, err) => {
    const answer = asDatabaseError(err) as DatabaseUnavailableError;
    expect(answer).toBeInstanceOf(DatabaseUnavailableError);
    expect(answer).toMatchObject({ statusCode: 503, expose: true, code: 'DATABASE_UNAVAILABLE' });
    expect(answer.message).toMatch(
      /^Sin conexión con la base de datos: la operación no se ha podido confirmar/,
    );
    expect(answer.cause).toBe(err);
    expect(answer.stack).toContain(`Caused by: ${err.stack?.split('\n')[0]}`);
  });

  it.each([
    [
      'a MySQL lock wait',
      driverError('Lock wait timeout exceeded', { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 }),
    ],
    ['statement_timeout', driverError('canceling statement due to statement timeout', { code: '57014' })],
    [
      "MariaDB's max_statement_time (mysql2 has no name for it)",
      driverError('Query execution was interrupted (max_statement_time exceeded)', {
        errno: 1969,
        sqlState: '70100',
      }),
    ],
    [
      "MySQL's MAX_EXECUTION_TIME",
      driverError('Query execution was interrupted, maximum statement execution time exceeded', {
        code: 'ER_QUERY_TIMEOUT',
        errno: 3024,
      }),
    ],
    ['no pool connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s → 503, timed out', (_, err) => {
    const answer = asDatabaseError(err) as DatabaseUnavailableError;
    expect(answer).toMatchObject({ statusCode: 503, expose: true, code: 'DATABASE_TIMEOUT' });
    expect(answer.message).toMatch(/^La base de datos no ha respondido a tiempo/);
  });

  it.each([
    [
      'PostgreSQL out of disk',
      driverError('could not extend file "base/5/1": No space left on device', { code: '53100' }),
    ],
    ['MySQL out of disk', driverError('Disk full', { code: 'ER_DISK_FULL' })],
    [
      'MySQL read-only',
      driverError('The MariaDB server is running with the --read-only option', {
        code: 'ER_OPTION_PREVENTS_STATEMENT',
      }),
    ],
  ])('%s → 507, nothing saved', (_, err) => {
    const answer = asDatabaseError(err) as StorageError;
    expect(answer).toBeInstanceOf(StorageError);
    expect(answer).toMatchObject({ statusCode: 507, expose: true });
    expect(answer.message).toMatch(/^No se ha guardado el cambio: el disco/);
    expect(answer.stack).toContain(`Caused by: ${err.message}`);
  });

  it('leaves every other error as it is', () => {
    const sql = driverError('syntax error', { code: '42601' });
    const duplicate = driverError("Duplicate entry 'A' for key 'codigo'", { code: 'ER_DUP_ENTRY' });
    const missingFile = driverError('ENOENT: no such file or directory, open x', {
      code: 'ENOENT',
      syscall: 'open',
    });
    const upstream = driverError('connect ECONNREFUSED', { code: 'ECONNREFUSED' });
    const already = asDatabaseError(upstream);
    for (const err of [sql, duplicate, missingFile, already, undefined, 'text'])
      expect(asDatabaseError(err)).toBe(err);
  });
});
