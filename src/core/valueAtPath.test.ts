import { describe, expect, it } from 'vitest';
import { valueAtPath } from './valueAtPath';

describe('valueAtPath', () => {
  const messages = { ra: { auth: { sign_in: 'Iniciar sesión' } }, n: 0 };

  it('reads a nested value by its dotted path', () => {
    expect(valueAtPath(messages, 'ra.auth.sign_in')).toBe('Iniciar sesión');
    expect(valueAtPath(messages, 'ra.auth')).toEqual({ sign_in: 'Iniciar sesión' });
    expect(valueAtPath(messages, 'n')).toBe(0);
  });

  it('is undefined past a missing or non-object step', () => {
    expect(valueAtPath(messages, 'ra.nada.sign_in')).toBeUndefined();
    expect(valueAtPath(messages, 'n.x')).toBeUndefined();
    expect(valueAtPath(null, 'ra')).toBeUndefined();
  });
});
