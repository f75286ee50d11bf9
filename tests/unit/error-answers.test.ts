// @vitest-environment node
/**
 * The API's error answers (server/error-answers.ts) written to a real HTTP response: the database's 503 and 507
 * answer their code with their words; an unexpected 500 answers neither its words nor its code; a 4xx is as
 * LoopBack answers it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectWithCodes } from '../../server/error-answers';
import { DatabaseUnavailableError } from '../../server/store/database-errors';
import { StorageError } from '../../server/store/postgres-errors';

const logged: number[] = [];
const reject = rejectWithCodes((_error, status) => logged.push(status));
let thrown: Error;
const server = http.createServer((request, response) =>
  reject({ request, response } as Parameters<typeof reject>[0], thrown),
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const answerTo = async (error: Error) => {
  thrown = error;
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { status: res.status, error: ((await res.json()) as { error: Record<string, unknown> }).error };
};

describe('error answers', () => {
  it('a database that is not there or too slow: 503 with its words and its code', async () => {
    const gone = await answerTo(new DatabaseUnavailableError('unavailable', new Error('ECONNREFUSED')));
    expect(gone.status).toBe(503);
    expect(gone.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(gone.error.message).toMatch(/^Sin conexión con la base de datos/);
    const slow = await answerTo(new DatabaseUnavailableError('timeout', new Error('57014')));
    expect(slow.error.code).toBe('DATABASE_TIMEOUT');
  });

  it('a full disk: 507 with its words and its code', async () => {
    const full = await answerTo(new StorageError('No space left on device'));
    expect(full.status).toBe(507);
    expect(full.error.code).toBe('INSUFFICIENT_STORAGE');
    expect(full.error.message).toMatch(/^No se ha guardado el cambio/);
  });

  it('an unexpected error: 500 without its words or its code', async () => {
    const unexpected = await answerTo(
      Object.assign(new Error('relation "producto" does not exist'), { code: '42P01' }),
    );
    expect(unexpected.status).toBe(500);
    expect(unexpected.error).toEqual({ statusCode: 500, message: 'Internal Server Error' });
  });

  it('a client error keeps LoopBack’s answer (its code included)', async () => {
    const refused = await answerTo(
      Object.assign(new Error('Entity not found'), { statusCode: 404, code: 'ENTITY_NOT_FOUND' }),
    );
    expect(refused.status).toBe(404);
    expect(refused.error.code).toBe('ENTITY_NOT_FOUND');
    expect(logged).toEqual([503, 503, 507, 500, 404]);
  });
});
