// @vitest-environment node
/**
 * Claims of AI generation queue rows kept in the database (server/ai/claims.ts): a second claim of a held row is
 * refused (duplicate key); a claim the database rolled back as a deadlock victim (two processes claiming at once
 * on InnoDB) is tried again instead of failing the whole run; a deadlock that does not go away is reported.
 */
import { describe, expect, it } from 'vitest';
import { StoredClaims, type ClaimStore } from '../../server/ai/claims';

const DEADLOCK = Object.assign(new Error('Deadlock found when trying to get lock'), {
  code: 'ER_LOCK_DEADLOCK',
  errno: 1213,
});

/** Claims in a map, as the database keeps them by id; `deadlocks` inserts fail as a deadlock victim first. */
function claimStore(deadlocks = 0) {
  const rows = new Map<number, { id: number; token: string; until: Date }>();
  let inserts = 0;
  const store: ClaimStore = {
    async create(data) {
      inserts += 1;
      if (deadlocks > 0) {
        deadlocks -= 1;
        throw DEADLOCK;
      }
      const row = data as { id: number; token: string; until: Date };
      if (rows.has(row.id)) throw Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
      rows.set(row.id, row);
      return row;
    },
    async deleteAll() {
      return { count: 0 };
    },
    async find() {
      return [...rows.values()];
    },
  };
  return { store, rows, inserts: () => inserts };
}

describe('StoredClaims', () => {
  it('holds a free row and refuses it to a second run', async () => {
    const { store, rows } = claimStore();
    const claims = new StoredClaims(store);
    expect(await claims.claim(7, 'a')).toBe(true);
    expect(await claims.claim(7, 'b')).toBe(false);
    expect(rows.get(7)?.token).toBe('a');
  });

  it('tries a claim again when the database chose it as a deadlock victim', async () => {
    const { store, rows, inserts } = claimStore(2);
    const claims = new StoredClaims(store);
    expect(await claims.claim(7, 'a')).toBe(true);
    expect(inserts()).toBe(3);
    expect(rows.get(7)?.token).toBe('a');
  });

  it('reports a deadlock that does not go away', async () => {
    const { store, rows } = claimStore(100);
    const claims = new StoredClaims(store);
    await expect(claims.claim(7, 'a')).rejects.toBe(DEADLOCK);
    expect(rows.size).toBe(0);
  });
});
