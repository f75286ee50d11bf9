import { describe, expect, it } from 'vitest';
import {
  attributeDeclarationErrors,
  attributeValueError,
  readAttributeValue,
  storedAttributeValue,
} from './attributeValues';

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

describe('sí/no attributes', () => {
  const exterior = { nombre: 'Apto exterior', tipo: 'sino' };
  it('are stored as the S/N flags, read from the ways people write yes and no', () => {
    for (const yes of ['S', 's', 'sí', 'Si', 'true'])
      expect(readAttributeValue(exterior, yes)).toEqual({ ok: true, value: 'S' });
    for (const no of ['N', 'no', 'NO', 'false'])
      expect(readAttributeValue(exterior, no)).toEqual({ ok: true, value: 'N' });
    expect(readAttributeValue(exterior, true)).toEqual({ ok: true, value: 'S' });
  });
  it('refuse anything else, naming the attribute', () => {
    expect(attributeValueError(exterior, 'quizá')).toBe(
      'El atributo «Apto exterior» es de sí o no: «quizá» no es sí ni no (use S o N)',
    );
    expect(storedAttributeValue(exterior, 'quizá')).toBe('quizá');
  });
});

describe('list attributes', () => {
  const color = { nombre: 'Color', tipo: 'lista', posiblesValores: 'Rojo, Verde ,Azul' };
  it('take one of the declared values, stored as the list spells it', () => {
    expect(readAttributeValue(color, ' verde ')).toEqual({ ok: true, value: 'Verde' });
    expect(storedAttributeValue(color, 'AZUL')).toBe('Azul');
  });
  it('refuse a value outside the list, saying which ones are allowed', () => {
    expect(attributeValueError(color, 'Morado')).toBe(
      '«Morado» no es un valor del atributo «Color»: use Rojo, Verde, Azul',
    );
  });
  it('must declare their values', () => {
    expect(attributeDeclarationErrors({ nombre: 'Color', tipo: 'lista', posiblesValores: ' , ' })).toEqual({
      posiblesValores: 'Un atributo «Uno de una lista» necesita sus valores posibles, separados por comas',
    });
    expect(attributeDeclarationErrors(color)).toEqual({});
  });
});

describe('date attributes', () => {
  const alta = { nombre: 'Fecha de homologación', tipo: 'fecha' };
  it('are stored as ISO dates, read from dd/mm/aaaa and ISO', () => {
    expect(readAttributeValue(alta, '25/12/2024')).toEqual({ ok: true, value: '2024-12-25' });
    expect(readAttributeValue(alta, '5-3-2024')).toEqual({ ok: true, value: '2024-03-05' });
    expect(readAttributeValue(alta, '2024-12-25')).toEqual({ ok: true, value: '2024-12-25' });
  });
  it('refuse impossible dates and other text', () => {
    expect(attributeValueError(alta, '31/02/2024')).toBe(
      'El atributo «Fecha de homologación» es una fecha: «31/02/2024» no es una fecha (dd/mm/aaaa o aaaa-mm-dd)',
    );
    expect(attributeValueError(alta, 'mañana')).toContain('«mañana» no es una fecha');
  });
});

describe('an attribute declaration', () => {
  it('has a default value of its own type', () => {
    expect(attributeDeclarationErrors({ nombre: 'Potencia', tipo: 'numero', valorDefecto: 'mucha' })).toEqual(
      {
        valorDefecto: 'El atributo «Potencia» es numérico: «mucha» no es un número',
      },
    );
    expect(attributeDeclarationErrors({ nombre: 'Potencia', tipo: 'numero', valorDefecto: '1.200' })).toEqual(
      {},
    );
  });
  it('with an unknown type is read as text', () => {
    expect(readAttributeValue({ nombre: 'X', tipo: 'otro' }, 'abc')).toEqual({ ok: true, value: 'abc' });
  });
});
