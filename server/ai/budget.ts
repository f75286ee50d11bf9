/**
 * Bounded work per HTTP request: a time budget shared by everything one request generates, and a small
 * concurrency pool for the generator calls of one queue row (campos × idiomas).
 */
import { GenerationError } from './generator';

/** Why a request's budget ran out (the reason its generations abort with). */
export class BudgetExceededError extends GenerationError {
  constructor(readonly budgetMs: number) {
    super(`La generación superó el tiempo máximo de ${Math.round(budgetMs / 1000)} s por petición`);
    this.name = 'BudgetExceededError';
  }
}

export interface Budget {
  /** Aborts (reason BudgetExceededError) when the budget runs out; never aborts for an unbounded budget. */
  readonly signal: AbortSignal;
  expired(): boolean;
  clear(): void;
}

/** A budget of `ms` milliseconds from now; `undefined` or 0 = unbounded (the nightly run). */
export function requestBudget(ms?: number): Budget {
  const controller = new AbortController();
  const timer =
    ms && ms > 0 ? setTimeout(() => controller.abort(new BudgetExceededError(ms)), ms) : undefined;
  return {
    signal: controller.signal,
    expired: () => controller.signal.aborted,
    clear: () => clearTimeout(timer),
  };
}

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
