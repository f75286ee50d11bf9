/** A change of a field named at run time is checked against the field's declared type (server/field-values.ts). */
import { describe, expect, it } from 'vitest';
import { productos } from '../../src/resources/productos/schema';
import { trabajosEdicionMasiva } from '../../src/resources/trabajosEdicionMasiva/schema';
import { fieldChange, isFieldValue } from '../../server/field-values';
import type { StoredRecord } from '../../server/repository-set';

const field = <S extends { fields: readonly { name: string }[] }>(schema: S, name: string) => {
  const found = schema.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found as S['fields'][number];
};

describe('field values by declared type', () => {
  it('accepts the values of the type and null, refuses the others', () => {
    expect(isFieldValue('integer', 3)).toBe(true);
    expect(isFieldValue('integer', '3')).toBe(false);
    expect(isFieldValue('sn', 'S')).toBe(true);
    expect(isFieldValue('sn', true)).toBe(false);
    expect(isFieldValue('boolean', false)).toBe(true);
    expect(isFieldValue('datetime', new Date(0))).toBe(true);
    expect(isFieldValue('date', 5)).toBe(false);
    expect(isFieldValue('text', null)).toBe(true);
    expect(isFieldValue('text', undefined)).toBe(false);
  });

  it('builds the change of a declared field, or throws on a value of another type', () => {
    const nombre = field(productos, 'nombre');
    expect(fieldChange<StoredRecord<'productos'>>(nombre, 'A-1')).toEqual({ nombre: 'A-1' });
    const total = field(trabajosEdicionMasiva, 'total');
    expect(fieldChange<StoredRecord<'trabajos-edicion-masiva'>>(total, 7)).toEqual({ total: 7 });
    expect(() => fieldChange<StoredRecord<'trabajos-edicion-masiva'>>(total, '7')).toThrow(TypeError);
  });
});
