/**
 * A change of one declared field whose name is known only at run time (a mass edit's `campo`), typed as a
 * change of its record: the value is checked against the field's declared type before it is written.
 */
import type { FieldSchema, FieldType, FieldValue } from '../src/resources/types';

/** Whether `value` is a value of a field of type `type` as the API stores it (null: no value). */
export function isFieldValue<T extends FieldType>(
  type: T,
  value: unknown,
): value is FieldValue<T, Date | string> | null {
  if (value === null) return true;
  switch (type) {
    case 'integer':
    case 'number':
    case 'reference':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
    case 'datetime':
      return typeof value === 'string' || value instanceof Date;
    default:
      return typeof value === 'string';
  }
}

/**
 * `{ [field.name]: value }` as a change of the record `R` that declares `field`; a TypeError when `value` is
 * not of the field's type (the callers check values before, so this is a broken invariant, not a refusal).
 */
export function fieldChange<R extends object>(
  field: FieldSchema & { name: keyof R & string },
  value: unknown,
): Partial<R> {
  if (!isFieldValue(field.type, value)) {
    throw new TypeError(`${field.name}: ${JSON.stringify(value)} is no ${field.type} value`);
  }
  // the name is a key of R and the value of that key's declared type: what the type system cannot pair itself
  return { [field.name]: value } as Partial<R>;
}
