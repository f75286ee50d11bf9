/**
 * Per-row claims on the generation queue (instead of one server-wide lock): a queue row is processed (or
 * cancelled) by one task at a time, and any other run that reaches the same row waits for THAT row only — a
 * manual run never queues behind a whole nightly run. Claims live in memory: the reference API is one process,
 * and a check-then-claim with no await in between is atomic in JavaScript.
 */
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
