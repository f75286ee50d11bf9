/**
 * Group commit of the API's creates: a POST that arrives while a create of the same resource is under way
 * waits for it, then goes in with every other one that waited, as one write (SchemaRepository.createMany: the
 * same rules and hooks, one transaction, one INSERT per table instead of one transaction per row). Alone, a
 * create runs at once, as before. Each request is answered once its row is committed, with the row as `create`
 * answers it. When the batch fails (a refusal, a duplicate key), nothing of it is stored (the repository
 * batches only where a create is a transaction) and its creates run again one by one, in their order: each
 * gets the answer it would have got on its own.
 *
 * Only the generic POST routes batch (`asRouteCreate`): the request ends with the create, so nothing after it
 * in the request relies on having written alone. Creates of different writers (the product history's user and
 * origin, features/history/context.ts) never share a batch.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataObject } from '@loopback/repository';
import { writeContext } from './features/history/context';
import { currentTransaction } from './transaction';

/** The most rows one batch writes (the rest wait for the next). */
export const MAX_BATCH = 50;

const routeCreate = new AsyncLocalStorage<boolean>();

/** Runs a route's create (`work`), which may join other concurrent creates of the resource. */
export const asRouteCreate = <T>(work: () => Promise<T>): Promise<T> => routeCreate.run(true, work);

/**
 * The batch a create may join: undefined when it must run alone (not a route's create, inside a
 * transaction, or a request that has written a product's history already).
 */
function batchKey(): string | undefined {
  if (!routeCreate.getStore() || currentTransaction.getStore()) return undefined;
  const context = writeContext();
  if (context.fresh || context.versions.size) return undefined;
  return `${context.usuario}\u0000${context.origen}`;
}

interface Waiting<R extends object> {
  data: DataObject<R>;
  resolve(row: R): void;
  reject(error: unknown): void;
}

export interface CreateWriter<R extends object> {
  one(data: DataObject<R>): Promise<R>;
  many(data: DataObject<R>[]): Promise<R[]>;
}

/** The creates of one resource: `create` runs a row alone or with the creates waiting for the one under way. */
export function createBatcher<R extends object>(writer: CreateWriter<R>) {
  /** Per writer: the creates waiting for the one under way (the entry exists while one is). */
  const waiting = new Map<string, Waiting<R>[]>();
  const one = (data: DataObject<R>) => routeCreate.exit(() => writer.one(data));

  const runBatch = async (batch: Waiting<R>[]): Promise<void> => {
    if (batch.length > 1) {
      let rows: R[] | undefined;
      try {
        rows = await routeCreate.exit(() => writer.many(batch.map((w) => w.data)));
      } catch {
        // Nothing of the batch is stored: each create again on its own, for its own answer.
      }
      if (rows) {
        batch.forEach((w, i) => w.resolve(rows[i]));
        return;
      }
    }
    for (const w of batch) await one(w.data).then(w.resolve, w.reject);
  };

  /** Writes what waited, batch after batch, until nothing waits; then the next create runs at once. */
  const drain = async (key: string): Promise<void> => {
    for (let queue = waiting.get(key); queue?.length; queue = waiting.get(key)) {
      await runBatch(queue.splice(0, MAX_BATCH));
    }
    waiting.delete(key);
  };

  return {
    create(data: DataObject<R>): Promise<R> {
      const key = batchKey();
      if (key === undefined) return writer.one(data);
      const queue = waiting.get(key);
      if (queue) return new Promise<R>((resolve, reject) => queue.push({ data, resolve, reject }));
      waiting.set(key, []);
      const done = one(data);
      // the waiting creates are written after this one, in its async context (same writer), without
      // holding back its answer
      void done.then(
        () => drain(key),
        () => drain(key),
      );
      return done;
    },
  };
}
