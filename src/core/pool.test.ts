import { describe, expect, it } from 'vitest';
import { mapPool } from './pool';

describe('mapPool', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapPool([30, 10, 20, 5], 2, async (ms) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 10]);
    expect(peak).toBe(2);
  });

  it('the first failure rejects the whole map', async () => {
    await expect(
      mapPool([1, 2, 3], 1, async (n) => {
        if (n === 2) throw new Error('falla 2');
        return n;
      }),
    ).rejects.toThrow('falla 2');
  });
});
