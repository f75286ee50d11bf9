import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/**
 * The share (0–1) of the last 10 seconds in which some runnable task waited for a CPU (Linux pressure stall
 * information), or 0 where the system does not report it. It follows the machine's load within seconds, where the
 * 1-minute load average lags behind (the start of a full run loads the machine long before the average shows it).
 */
export function cpuPressure(read: () => string = () => readFileSync('/proc/pressure/cpu', 'utf8')): number {
  try {
    const found = /^some avg10=([\d.]+)/m.exec(read());
    return found ? Math.min(1, Number(found[1]) / 100) : 0;
  } catch {
    return 0;
  }
}

/**
 * How many times slower than an idle machine the tests run now, between 1 and 10: the larger of the 1-minute load per
 * core and what the CPU pressure implies (tasks waiting a share p of the time run about 1 / (1 − p) times slower).
 */
export function slowdownOf(load1: number, cores: number, pressure: number): number {
  const byLoad = load1 / Math.max(1, cores);
  const byPressure = 1 / Math.max(0.1, 1 - pressure);
  return Math.min(10, Math.max(1, Math.round(10 * Math.max(byLoad, byPressure)) / 10));
}

/**
 * This machine's slowdown now. The component tests' waits (5 s) are multiplied by it at every wait, and the test
 * ceilings (20 s) when the run starts, so on an idle machine a missing element fails in 5 s, while a machine shared
 * with other jobs (or loaded by the suite's own other files) does not turn their load into failures.
 */
export const slowdown = (): number => slowdownOf(loadavg()[0], availableParallelism(), cpuPressure());
