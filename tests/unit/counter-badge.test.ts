import { describe, expect, it } from 'vitest';
import { formatCounter } from '../../src/core/counter';
import { snBadgeVariant } from '../../src/resources/generic/SNBadge';

describe('counter helper (docs/requirements.md#r9-constants)', () => {
  it('values above 999 → thousands with one decimal and k', () => {
    expect(formatCounter(1234)).toBe('1.2k');
    expect(formatCounter(1000)).toBe('1.0k');
    expect(formatCounter(25_000)).toBe('25.0k');
    expect(formatCounter(1_234_567)).toBe('1234.6k');
  });

  it('up to 999 the number itself', () => {
    expect(formatCounter(999)).toBe('999');
    expect(formatCounter(0)).toBe('0');
    expect(formatCounter(42)).toBe('42');
  });

  it('negative values mirror positive ones; non-numbers show 0', () => {
    expect(formatCounter(-1500)).toBe('-1.5k');
    expect(formatCounter(-999)).toBe('-999');
    expect(formatCounter(Number.NaN)).toBe('0');
    expect(formatCounter(null)).toBe('0');
    expect(formatCounter(undefined)).toBe('0');
  });
});

describe('S/N badge helper (docs/requirements.md#r4-states)', () => {
  it('S is positive; anything else negative', () => {
    expect(snBadgeVariant('S')).toBe('positive');
    for (const value of ['N', 's', 'SI', '', ' S', null, undefined, true, 1]) {
      expect(snBadgeVariant(value)).toBe('negative');
    }
  });
});
