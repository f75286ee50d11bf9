// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attributeValueError, storedAttributeValue } from '../../src/core/attributeValues';
import { iconValueError, possibleValues } from '../../src/core/iconValues';

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

describe('numeric attributes', () => {
  const potencia = { nombre: 'Potencia', tipo: 'numero' };
  it('refuse text that is not a number, with the attribute named', () => {
    expect(attributeValueError(potencia, 'abc')).toBe(
      'El atributo «Potencia» es numérico: «abc» no es un número',
    );
    expect(attributeValueError(potencia, '1.200')).toBeUndefined();
    expect(attributeValueError(potencia, '25,5')).toBeUndefined();
    expect(attributeValueError(potencia, '')).toBeUndefined();
    expect(attributeValueError({ nombre: 'Color', tipo: 'texto' }, 'abc')).toBeUndefined();
  });
  it('are stored the Spanish way, whatever the interface language', () => {
    expect(storedAttributeValue(potencia, '1.200')).toBe('1200');
    expect(storedAttributeValue(potencia, '25.5')).toBe('25,5');
    expect(storedAttributeValue(potencia, '1,234.5', 'en')).toBe('1234,5');
    expect(storedAttributeValue(potencia, 'abc')).toBe('abc');
    expect(storedAttributeValue({ tipo: 'texto' }, '1.200')).toBe('1.200');
  });
});
