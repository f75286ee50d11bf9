/**
 * Bounded work per HTTP request: a time budget shared by everything one request generates (the generator calls
 * of one queue row, campos × idiomas, run through the shared pool of src/core/pool.ts).
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
