import { describe, expect, it } from 'vitest';
import { iconValueError, possibleValues } from './iconValues';

describe('icon values', () => {
  it('must be one of the icon’s posiblesValores when it declares any', () => {
    expect(possibleValues(' A+, A ,,B')).toEqual(['A+', 'A', 'B']);
    expect(iconValueError('Clase', 'A+,A,B', 'a')).toBeUndefined();
    expect(iconValueError('Clase', 'A+,A,B', 'Z')).toBe(
      '«Z» no es un valor posible del icono «Clase»: use A+, A, B',
    );
    expect(iconValueError('Libre', '', 'lo que sea')).toBeUndefined();
    expect(iconValueError('Clase', 'A,B', '')).toBeUndefined();
  });
});
