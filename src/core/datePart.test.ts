import { describe, expect, it } from 'vitest';
import { datePart } from './datePart';

describe('datePart', () => {
  it('date part: UTC day of a Date, leading day of a string, undefined otherwise', () => {
    expect(datePart(new Date('2026-03-07T23:30:00.000Z'))).toBe('2026-03-07');
    expect(datePart(' 2026-03-07T10:00:00Z')).toBe('2026-03-07');
    expect(datePart('07/03/2026')).toBeUndefined();
    expect(datePart(20260307)).toBeUndefined();
  });
});
