/**
 * The one bounded-concurrency pool of the app and the API (bulk deletes, imports, catalogue deletes, AI
 * generator calls). Pure: no timers, no environment.
 */

/**
 * Maps `items` with at most `concurrency` calls of `fn` at once, results in input order. The first failure
 * rejects the whole map and aborts the signal given to the calls still running (they are not awaited).
 */
export async function mapPool<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, signal: AbortSignal) => Promise<R>,
  outer?: AbortSignal,
): Promise<R[]> {
  const controller = new AbortController();
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      if (controller.signal.aborted) throw controller.signal.reason;
      const index = next++;
      results[index] = await fn(items[index], controller.signal);
    }
  };
  try {
    const width = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length));
    await Promise.all(Array.from({ length: width }, worker));
    return results;
  } catch (error) {
    controller.abort(error);
    throw error;
  } finally {
    outer?.removeEventListener('abort', forward);
  }
}
