import { describe, expect, it } from 'vitest';
import { inTransaction, isDeadlock } from '../../server/transaction';
import { recordingSource } from '../support/recordingTransactions';

/** A data source whose transactions record what happened to them. */
function recordingSourceWithEvents() {
  const events: string[] = [];
  return { dataSource: recordingSource(events), events };
}

const deadlock = () =>
  Object.assign(new Error('Deadlock found when trying to get lock'), {
    code: 'ER_LOCK_DEADLOCK',
    errno: 1213,
  });

describe('inTransaction after a deadlock', () => {
  it('tells deadlocks and serialization failures of MySQL and PostgreSQL from other errors', () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock({ code: '40P01' })).toBe(true);
    expect(isDeadlock({ code: '40001' })).toBe(true);
    expect(isDeadlock({ code: 'ER_DUP_ENTRY', errno: 1062 })).toBe(false);
    expect(isDeadlock(null)).toBe(false);
  });

  it('runs the work again in a new transaction and answers its result', async () => {
    const { dataSource, events } = recordingSourceWithEvents();
    let calls = 0;
    const result = await inTransaction(dataSource, async () => {
      calls += 1;
      if (calls === 1) throw deadlock();
      return 'hecho';
    });
    expect(result).toBe('hecho');
    expect(events).toEqual(['begin 1', 'rollback 1', 'begin 2', 'commit 2']);
  });

  it('gives up after three deadlocks, and never retries another error', async () => {
    const three = recordingSourceWithEvents();
    await expect(
      inTransaction(three.dataSource, async () => Promise.reject(deadlock())),
    ).rejects.toMatchObject({
      code: 'ER_LOCK_DEADLOCK',
    });
    expect(three.events.filter((e) => e.startsWith('begin'))).toHaveLength(3);
    const other = recordingSourceWithEvents();
    await expect(
      inTransaction(other.dataSource, async () => Promise.reject(new Error('otro'))),
    ).rejects.toThrow('otro');
    expect(other.events).toEqual(['begin 1', 'rollback 1']);
  });
});
