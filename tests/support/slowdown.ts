import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times slower than a machine running only this suite the tests run now: the 1-minute load per core,
 * between 1 and 10. The component tests' waits (5 s) and ceilings (20 s) are multiplied by it, so on a 2-core
 * machine running `npm test` alone a missing element fails in 5 s, while a machine shared with other jobs
 * does not turn their load into failures.
 */
export const slowdown = (): number =>
  Math.min(10, Math.max(1, Math.round((10 * loadavg()[0]) / availableParallelism()) / 10));
