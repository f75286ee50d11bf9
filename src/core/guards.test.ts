import { describe, expect, it } from 'vitest';
import { isRecord } from './guards';

describe('isRecord', () => {
  it('isRecord accepts plain objects only', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isRecord)).toEqual([true, true, false, false, false, false]);
  });
});
