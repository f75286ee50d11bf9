import { getConfig } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { slowdown } from '../support/slowdown';

describe('component waits', () => {
  it('last 3 s on an idle machine, stretched by the slowdown of the moment each wait starts', () => {
    const descriptor = Object.getOwnPropertyDescriptor(getConfig(), 'asyncUtilTimeout');
    expect(typeof descriptor?.get).toBe('function');
    const wait = getConfig().asyncUtilTimeout;
    expect(wait).toBeGreaterThanOrEqual(3000);
    expect(wait).toBeLessThanOrEqual(3000 * 10);
    expect(slowdown()).toBeGreaterThanOrEqual(1);
  });
});
