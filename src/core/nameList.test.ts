import { describe, expect, it } from 'vitest';
import { renameInNames } from './nameList';

describe('renameInNames', () => {
  it('replaces the whole name only, keeping separators and spaces', () => {
    expect(renameInNames('Bisagras; Cerraduras', 'Bisagras', 'Herrajes')).toBe('Herrajes; Cerraduras');
    expect(renameInNames('Cerraduras, bisagras ', 'Bisagras', 'Herrajes')).toBe('Cerraduras, Herrajes ');
    expect(renameInNames('Bisagras extra; Cerraduras', 'Bisagras', 'Herrajes')).toBeUndefined();
    expect(renameInNames('Jardín', 'jardin', 'Exterior')).toBe('Exterior');
  });

  it('reads a single name whole (a brand may hold a comma)', () => {
    expect(renameInNames('Acme, S.A.', 'Acme, S.A.', 'Acme', true)).toBe('Acme');
    expect(renameInNames('Acme, S.A.', 'Acme', 'Otra', true)).toBeUndefined();
    expect(renameInNames(null, 'Acme', 'Otra', true)).toBeUndefined();
  });
});
