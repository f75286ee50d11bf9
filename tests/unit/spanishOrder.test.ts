import { describe, expect, it } from 'vitest';
import { compareSpanish, compareSpanishLoosely } from '../../src/core/spanishOrder';

const words = ['zeta', 'Ñandú', 'nube', 'oso', 'árbol', 'Arce', 'ñu', 'Nácar'];

describe('Spanish order', () => {
  it('ñ between n and o, accents after the plain letter, as localeCompare in Spanish', () => {
    const sorted = [...words].sort(compareSpanish);
    expect(sorted).toEqual(['árbol', 'Arce', 'Nácar', 'nube', 'Ñandú', 'ñu', 'oso', 'zeta']);
    expect(sorted).toEqual([...words].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('loosely: case and accents do not count', () => {
    expect(compareSpanishLoosely('ARBOL', 'árbol')).toBe(0);
    expect(compareSpanishLoosely('nandu', 'ñandú')).toBeLessThan(0);
    expect([...words].sort(compareSpanishLoosely)).toEqual(
      [...words].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })),
    );
  });
});
