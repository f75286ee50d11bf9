// @vitest-environment node
/**
 * Group commit of the API's creates (server/create-batch.ts): a route's create that arrives while another is
 * under way waits and goes in with the others as one write; a failed batch is written again row by row, each
 * create getting its own answer; creates of different writers, and creates not made by a route, never share a
 * batch.
 */
import { describe, expect, it } from 'vitest';
import type { MiddlewareContext } from '@loopback/express';
import { asRouteCreate, createBatcher, MAX_BATCH } from '../../server/create-batch';
import { writeContextMiddleware } from '../../server/features/history/context';

interface Item {
  nombre: string;
  id?: number;
}

/** A writer that answers each write when `release` is called, and records what it was asked. */
function slowWriter(refuse: (nombre: string) => boolean = () => false) {
  const calls: string[][] = [];
  const pending: (() => void)[] = [];
  let next = 1;
  const later = <T>(work: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) =>
      pending.push(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
  const write = (rows: Item[]) => {
    const refused = rows.find((r) => refuse(r.nombre));
    if (refused) throw new Error(`refused ${refused.nombre}`);
    return rows.map((r) => ({ ...r, id: next++ }));
  };
  return {
    calls,
    writer: {
      one: (data: Item) => {
        calls.push([data.nombre]);
        return later(() => write([data])[0]);
      },
      many: (data: Item[]) => {
        calls.push(data.map((d) => d.nombre));
        return later(() => write(data));
      },
    },
    /** Answers every write asked so far, and those they lead to, until none is left. */
    async settle() {
      for (let round = 0; round < 100; round++) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const now = pending.splice(0);
        if (!now.length) return;
        now.forEach((run) => run());
      }
    },
  };
}

/** Runs `work` as a request of `email` runs it (the history's write context). */
function asUser<T>(email: string, work: () => Promise<T>): Promise<T> {
  const ctx = {
    get: async () => ({ email }),
    request: { path: '/productos', headers: {} },
  } as unknown as MiddlewareContext;
  return writeContextMiddleware()(ctx, work) as Promise<T>;
}

const routeCreate = (batcher: { create(d: Item): Promise<Item> }, nombre: string, email = 'a@pim') =>
  asUser(email, () => asRouteCreate(() => batcher.create({ nombre })));

describe('createBatcher', () => {
  it('runs a create alone at once, and the creates that came meanwhile as one write', async () => {
    const { writer, calls, settle } = slowWriter();
    const batcher = createBatcher<Item>(writer);
    const answers = ['A', 'B', 'C', 'D'].map((n) => routeCreate(batcher, n));
    await settle();
    expect(calls).toEqual([['A'], ['B', 'C', 'D']]);
    expect((await Promise.all(answers)).map((r) => [r.nombre, r.id])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['D', 4],
    ]);
    // nothing under way any more: the next create runs alone again
    const after = routeCreate(batcher, 'E');
    await settle();
    expect(calls.at(-1)).toEqual(['E']);
    expect((await after).id).toBe(5);
  });

  it('writes a failed batch again row by row: only the refused create fails', async () => {
    const { writer, calls, settle } = slowWriter((n) => n === 'DUP');
    const batcher = createBatcher<Item>(writer);
    const answers = ['A', 'B', 'DUP', 'C'].map((n) =>
      routeCreate(batcher, n).then(
        (row) => `ok ${row.nombre}`,
        (error: Error) => error.message,
      ),
    );
    await settle();
    expect(calls).toEqual([['A'], ['B', 'DUP', 'C'], ['B'], ['DUP'], ['C']]);
    expect(await Promise.all(answers)).toEqual(['ok A', 'ok B', 'refused DUP', 'ok C']);
  });

  it('never puts the creates of two writers in one batch', async () => {
    const { writer, calls, settle } = slowWriter();
    const batcher = createBatcher<Item>(writer);
    const answers = [
      routeCreate(batcher, 'A1', 'a@pim'),
      routeCreate(batcher, 'B1', 'b@pim'),
      routeCreate(batcher, 'A2', 'a@pim'),
      routeCreate(batcher, 'B2', 'b@pim'),
      routeCreate(batcher, 'A3', 'a@pim'),
    ];
    await settle();
    await Promise.all(answers);
    expect(calls).toEqual([['A1'], ['B1'], ['A2', 'A3'], ['B2']]);
  });

  it('runs creates that are not a route’s alone, even while one is under way', async () => {
    const { writer, calls, settle } = slowWriter();
    const batcher = createBatcher<Item>(writer);
    const answers = [
      routeCreate(batcher, 'A'),
      asUser('a@pim', () => batcher.create({ nombre: 'H1' })),
      asUser('a@pim', () => batcher.create({ nombre: 'H2' })),
    ];
    await settle();
    await Promise.all(answers);
    expect(calls).toEqual([['A'], ['H1'], ['H2']]);
  });

  it(`writes at most ${MAX_BATCH} rows at once`, async () => {
    const { writer, calls, settle } = slowWriter();
    const batcher = createBatcher<Item>(writer);
    const names = Array.from({ length: MAX_BATCH + 3 }, (_, i) => `P${i}`);
    const answers = names.map((n) => routeCreate(batcher, n));
    await settle();
    await Promise.all(answers);
    expect(calls.map((c) => c.length)).toEqual([1, MAX_BATCH, 2]);
  });
});
