// @vitest-environment node
/**
 * Contract: a list's total is right after every kind of write. The embedded database keeps counts between
 * requests and keeps a table's plain count over writes that cannot change it (server/store/count-cache.ts):
 * a save of a column the count's conditions do not name. Here each write changes, or leaves, the totals the
 * product list shows (through the data provider) for the company and for «finalizado», and the general
 * data's title moves a product in and out of a search (a column the database's triggers write).
 */
import type { DataProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDataProvider } from '../support/appClient';
import { apiHelpers, type Row } from '../support/api';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let token: string;
let provider: DataProvider;
const { call } = apiHelpers(() => server.url);
const tag = `LT${Date.now() % 100000}`;
const EMPRESA = 1;

const ok = async (method: string, path: string, body?: unknown): Promise<Row> => {
  const res = await call(token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

/** The total the product list shows for `filter` (the selected company's products). */
const total = async (filter: Record<string, unknown> = {}): Promise<number | undefined> =>
  (
    await provider.getList('productos', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter,
    })
  ).total;

/** The company's products, the finished ones, and those a search for `word` finds. */
const totals = async (word: string) => ({
  all: await total(),
  finished: await total({ finalizado: 'S' }),
  searched: await total({ q: word }),
});

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  token = await loginToken(server.url);
  provider = testDataProvider(
    server.url,
    () => token,
    () => EMPRESA,
  );
});

afterAll(async () => {
  await server?.stop();
});

describe('list totals after writes', () => {
  it('follow creates, saves of the counted columns and of others, the general data and deletes', async () => {
    const word = `${tag}palabra`;
    const start = await totals(word);
    expect(start.all).toBeGreaterThan(0);
    expect(start.searched).toBe(0);
    // asked twice: the second may come from the kept count, and is the same
    expect(await totals(word)).toEqual(start);

    const created = await ok('POST', '/productos', {
      empresaId: EMPRESA,
      nombre: `${tag}-uno`,
      finalizado: 'N',
    });
    const afterCreate = await totals(word);
    expect(afterCreate).toEqual({ ...start, all: (start.all ?? 0) + 1 });

    // a column the totals do not count by: nothing moves
    await ok('PATCH', `/productos/${String(created.id)}`, { enviarAecoc: 'S' });
    expect(await totals(word)).toEqual(afterCreate);

    // the column «finalizado» counts by, back and forth
    await ok('PATCH', `/productos/${String(created.id)}`, { finalizado: 'S' });
    const finished = await totals(word);
    expect(finished).toEqual({ ...afterCreate, finished: (afterCreate.finished ?? 0) + 1 });
    await ok('PATCH', `/productos/${String(created.id)}`, { finalizado: 'N' });
    expect(await totals(word)).toEqual(afterCreate);

    // the general data's title is in the product's search text (the database writes it)
    const general = await ok('POST', '/producto-generals', {
      productoId: created.id,
      titulo: 'Sin la palabra',
    });
    expect(await totals(word)).toEqual(afterCreate);
    await ok('PATCH', `/producto-generals/${String(general.id)}`, { titulo: `Con ${word} dentro` });
    expect(await totals(word)).toEqual({ ...afterCreate, searched: 1 });

    await ok('DELETE', `/productos/${String(created.id)}`);
    expect(await totals(word)).toEqual(start);
  });
});
