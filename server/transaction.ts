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

interface Transaction {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** The transaction the current async context runs in, if any. */
export const currentTransaction = new AsyncLocalStorage<object>();

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
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
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
  try {
    const result = await currentTransaction.run(transaction, () => work({ ...given, transaction }));
    await transaction.commit();
    return result;
  } catch (error) {
    await transaction.rollback().catch(() => undefined);
    throw error;
  }
}
