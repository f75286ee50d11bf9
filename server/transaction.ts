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

export async function inTransaction<T>(
  dataSource: juggler.DataSource,
  work: (options: Options) => Promise<T>,
  given?: Options,
): Promise<T> {
  // Already inside one (the caller's), or no transactions on this store.
  if (given?.transaction || !supportsTransactions(dataSource)) return work(given ?? {});
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
