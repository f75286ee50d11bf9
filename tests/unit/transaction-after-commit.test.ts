import { describe, expect, it } from 'vitest';
import { afterCommit, currentTransaction, inTransaction } from '../../server/transaction';
import { recordingSource } from '../support/recordingTransactions';

describe('afterCommit', () => {
  it('outside a transaction: runs the work at once', async () => {
    const events: string[] = [];
    await afterCommit(async () => void events.push('work'));
    expect(events).toEqual(['work']);
  });

  it('inside one: waits for the commit, runs in order outside the transaction, before inTransaction answers', async () => {
    const events: string[] = [];
    const seen: unknown[] = [];
    const result = await inTransaction(recordingSource(events), async () => {
      await afterCommit(async () => {
        seen.push(currentTransaction.getStore());
        events.push('first');
      });
      // a failing piece is logged and does not stop the next one
      await afterCommit(async () => Promise.reject(new Error('falla')));
      await afterCommit(async () => void events.push('second'));
      events.push('work done');
      return 'hecho';
    });
    expect(result).toBe('hecho');
    expect(events).toEqual(['begin 1', 'work done', 'commit 1', 'first', 'second']);
    expect(seen).toEqual([undefined]);
  });

  it('a transaction rolled back drops its waiting work; a retried one runs the work of the attempt that committed', async () => {
    const events: string[] = [];
    await expect(
      inTransaction(recordingSource(events), async () => {
        await afterCommit(async () => void events.push('never'));
        throw new Error('otro');
      }),
    ).rejects.toThrow('otro');
    expect(events).toEqual(['begin 1', 'rollback 1']);

    const retried: string[] = [];
    let attempt = 0;
    await inTransaction(recordingSource(retried), async () => {
      attempt += 1;
      await afterCommit(async () => void retried.push(`after attempt ${attempt}`));
      if (attempt === 1) throw Object.assign(new Error('deadlock'), { code: 'ER_LOCK_DEADLOCK' });
    });
    expect(retried).toEqual(['begin 1', 'rollback 1', 'begin 2', 'commit 2', 'after attempt 2']);
  });

  it('work started in a transaction that has ended runs at once', async () => {
    const events: string[] = [];
    let late: Promise<unknown> | undefined;
    const stores: unknown[] = [];
    await inTransaction(recordingSource(events), async () => {
      // a timer set inside the transaction keeps its async context: it fires after the commit, still in it
      late = new Promise((resolve) =>
        setTimeout(() => {
          stores.push(currentTransaction.getStore());
          resolve(afterCommit(async () => void events.push('late work')));
        }, 10),
      );
    });
    await late;
    expect(stores[0]).toBeDefined();
    expect(events).toEqual(['begin 1', 'commit 1', 'late work']);
  });
});
