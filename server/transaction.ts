/**
 * Writes that belong together in one database transaction, through the connector's transaction API
 * (juggler's DataSource.beginTransaction; MySQL and PostgreSQL connectors): `work` gets the options to pass
 * to every repository call of the transaction; it commits when `work` resolves and rolls back when it throws.
 * A store without transactions runs `work` with empty options.
 *
 * The transaction is also the async context's current one (`currentTransaction`): on the embedded database
 * (a transaction holds the whole database until it ends) a statement `work` runs without passing the
 * options — a hook, a lookup — joins it instead of waiting for the transaction (store/postgres-connector.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { juggler, Options } from '@loopback/repository';
import { asDatabaseError } from './store/database-errors';

interface Transaction {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** The transaction the current async context runs in, if any. */
export const currentTransaction = new AsyncLocalStorage<object>();

/** Work waiting for a transaction under way to commit (afterCommit); the entry goes when it ends. */
const waitingForCommit = new WeakMap<object, (() => Promise<void>)[]>();

/**
 * Runs `work` once the transaction of the current async context has committed — before `inTransaction`
 * answers, outside the transaction — or at once when none is under way. Dropped when the transaction rolls
 * back. For work other connections do on what the transaction writes (a recomputation job): scheduled before
 * the commit, it could read the rows as they were.
 */
export async function afterCommit(work: () => Promise<void>): Promise<void> {
  const tx = currentTransaction.getStore();
  const waiting = tx ? waitingForCommit.get(tx) : undefined;
  if (waiting) waiting.push(work);
  else await work();
}

/** Whether the datasource's connector runs transactions. */
export const supportsTransactions = (dataSource: juggler.DataSource): boolean =>
  typeof (dataSource.connector as { beginTransaction?: unknown } | undefined)?.beginTransaction ===
  'function';

/** How many times a transaction the database chose as a deadlock victim is run again before the error is answered. */
const DEADLOCK_ATTEMPTS = 3;

/** The database broke a deadlock (or a serialization conflict) by rolling this transaction back: run it again. */
export const isDeadlock = (error: unknown): boolean => {
  const e = error as { code?: string; errno?: number } | null;
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213 || e?.code === '40P01' || e?.code === '40001';
};

export async function inTransaction<T>(
  dataSource: juggler.DataSource,
  work: (options: Options) => Promise<T>,
  given?: Options,
): Promise<T> {
  // Already inside one (the caller's), or no transactions on this store.
  if (given?.transaction || !supportsTransactions(dataSource)) return work(given ?? {});
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(dataSource, work, given);
    } catch (error) {
      // A connection lost or refused at the begin or the commit is answered as one lost by a statement.
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw asDatabaseError(error);
      console.warn(`[db] deadlock victim, transaction run again (${attempt + 1}/${DEADLOCK_ATTEMPTS})`);
    }
  }
}

async function once<T>(
  dataSource: juggler.DataSource,
  work: (options: Options) => Promise<T>,
  given?: Options,
): Promise<T> {
  const transaction = (await dataSource.beginTransaction({
    isolationLevel: 'READ COMMITTED',
  })) as unknown as Transaction;
  const waiting: (() => Promise<void>)[] = [];
  waitingForCommit.set(transaction, waiting);
  let result: T;
  try {
    result = await currentTransaction.run(transaction, () => work({ ...given, transaction }));
    await transaction.commit();
  } catch (error) {
    await transaction.rollback().catch(() => undefined);
    throw error;
  } finally {
    waitingForCommit.delete(transaction);
  }
  // committed: the waiting work runs outside the transaction, in order; a failure there is logged (the
  // transaction's writes are stored and answered as such)
  await currentTransaction.exit(async () => {
    for (const next of waiting) {
      await next().catch((err: unknown) => console.error('[db] work after a commit failed', err));
    }
  });
  return result;
}
