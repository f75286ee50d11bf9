import { describe, expect, it } from 'vitest';
import { cpuPressure, slowdown, slowdownOf } from '../support/slowdown';

const PSI = (some: number) =>
  `some avg10=${some.toFixed(2)} avg60=1.00 avg300=1.00 total=123\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n`;

describe('cpuPressure', () => {
  it('reads the share of the last 10 s in which some task waited for a CPU', () => {
    expect(cpuPressure(() => PSI(42.5))).toBeCloseTo(0.425);
    expect(cpuPressure(() => PSI(0))).toBe(0);
  });

  it('is 0 where the system does not report it', () => {
    expect(
      cpuPressure(() => {
        throw new Error('ENOENT');
      }),
    ).toBe(0);
    expect(cpuPressure(() => 'something else')).toBe(0);
  });
});

describe('slowdownOf', () => {
  it('is 1 on an idle machine', () => {
    expect(slowdownOf(0.1, 2, 0)).toBe(1);
  });

  it('follows the load per core when it is the larger', () => {
    expect(slowdownOf(6, 2, 0.1)).toBe(3);
  });

  it('follows the CPU pressure when the load average has not caught up yet', () => {
    expect(slowdownOf(0.5, 2, 0.5)).toBe(2);
    expect(slowdownOf(0.5, 2, 0.75)).toBe(4);
  });

  it('stays between 1 and 10', () => {
    expect(slowdownOf(100, 2, 1)).toBe(10);
    expect(slowdownOf(0, 0, 0)).toBe(1);
  });
});

describe('slowdown', () => {
  it('gives this machine a factor between 1 and 10', () => {
    const now = slowdown();
    expect(now).toBeGreaterThanOrEqual(1);
    expect(now).toBeLessThanOrEqual(10);
  });
});
