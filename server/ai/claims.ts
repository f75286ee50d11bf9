/**
 * Per-row claims on the generation queue (instead of one server-wide lock): a queue row is processed (or
 * cancelled) by one task at a time, and any other run that reaches the same row waits for THAT row only — a
 * manual run never queues behind a whole nightly run. Two layers: RowClaims, in this process (a run waits for
 * the result of the local run holding a row; a check-then-claim with no await in between is atomic in
 * JavaScript), and StoredClaims, in the database (the claim every process sees).
 */
import { isDeadlock } from '../transaction';

export class RowClaims<R> {
  private readonly active = new Map<number, Promise<R>>();

  /** The task currently holding `id`, if any. */
  holder(id: number): Promise<R> | undefined {
    return this.active.get(id);
  }

  isClaimed(id: number): boolean {
    return this.active.has(id);
  }

  /**
   * Runs `task` holding every id of `ids` (none may be held: check `holder` first, synchronously). The claims
   * are released when the task settles.
   */
  run(ids: readonly number[], task: () => Promise<R>): Promise<R> {
    const held = ids.filter((id) => this.active.has(id));
    if (held.length) return Promise.reject(new Error(`Filas de la cola ya en proceso: ${held.join(', ')}`));
    const promise = Promise.resolve().then(task);
    for (const id of ids) this.active.set(id, promise);
    const release = () => {
      for (const id of ids) if (this.active.get(id) === promise) this.active.delete(id);
    };
    promise.then(release, release);
    return promise;
  }
}

/** What the stored claims need from their repository (the GenerationClaim model's). */
export interface ClaimStore {
  create(data: object): Promise<unknown>;
  deleteAll(where?: object): Promise<{ count: number }>;
  find(filter?: object): Promise<object[]>;
}

/** How many times a claim the database chose as a deadlock victim is tried. */
const CLAIM_ATTEMPTS = 5;

/** How long a claim lives without its run finishing: past it, a process that died no longer blocks the row. */
export const CLAIM_LEASE_MS = 15 * 60_000;

/** A duplicate primary key, as MySQL, PostgreSQL and the memory connector report it. */
const isDuplicateKey = (error: unknown): boolean => {
  const e = error as { code?: string; statusCode?: number; message?: string };
  return (
    e.code === 'ER_DUP_ENTRY' ||
    e.code === '23505' ||
    (e.statusCode === 409 && /Duplicate entry/.test(e.message ?? ''))
  );
};

/**
 * Claims kept in the database, so several API processes on one database share the queue without doing a row
 * twice: a claim is the insert of a row keyed by the queue row's id (atomic on every engine: the second
 * insert is a duplicate key), released by deleting it. An expired claim (its process died) is removed before
 * claiming.
 */
export class StoredClaims {
  constructor(
    private readonly store: ClaimStore,
    private readonly leaseMs = CLAIM_LEASE_MS,
  ) {}

  /**
   * True when this run now holds `id`; false when another run (in any process) does. Two processes claiming
   * rows at once can deadlock on InnoDB: each one's delete of an expired claim takes a gap lock the other's insert
   * waits for, and MySQL rolls one statement back. That claim is tried again.
   */
  async claim(id: number, token: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.deleteAll({ and: [{ id }, { until: { lt: new Date() } }] });
        await this.store.create({ id, token, until: new Date(Date.now() + this.leaseMs) });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        if (!isDeadlock(error) || attempt >= CLAIM_ATTEMPTS) throw error;
      }
    }
  }

  async release(id: number, token: string): Promise<void> {
    await this.store.deleteAll({ and: [{ id }, { token }] });
  }

  /** The ids among `ids` some run holds right now. */
  async held(ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = (await this.store.find({
      where: { and: [{ id: { inq: [...ids] } }, { until: { gte: new Date() } }] },
      fields: { id: true },
    })) as { id: number }[];
    return new Set(rows.map((row) => Number(row.id)));
  }
}
