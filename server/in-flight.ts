/**
 * The requests being answered, so that stopping the API closes its database only after they have ended (or after a
 * grace period): a request whose client went away, or that was still running when the stop came, finishes its work
 * instead of failing half-way on a closed connection pool.
 */
import type { Middleware } from '@loopback/express';

export interface InFlight {
  middleware: Middleware;
  /** Resolves true once no request is under way, false when `graceMs` passed first. */
  settled(graceMs: number): Promise<boolean>;
  readonly count: number;
}

export function inFlightRequests(): InFlight {
  let count = 0;
  const waiting: (() => void)[] = [];
  return {
    middleware: async (_ctx, next) => {
      count += 1;
      try {
        return await next();
      } finally {
        count -= 1;
        if (count === 0) for (const wake of waiting.splice(0)) wake();
      }
    },
    settled: (graceMs) =>
      count === 0
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), graceMs);
            waiting.push(() => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    get count() {
      return count;
    },
  };
}
