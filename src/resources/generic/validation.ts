/** react-admin validators derived from a field declaration. Messages are i18n keys (Spanish by default). */
import { maxLength, minValue, number, required, type Validator } from 'react-admin';
import type { FieldSchema } from '../types';

/** Integer check: 'Debe ser un número entero' in Spanish. Empty values are left to `required`. */
export const integer =
  (message = 'pim.validation.integer'): Validator =>
  (value: unknown) =>
    value === null || value === undefined || value === '' || Number.isInteger(Number(value))
      ? undefined
      : message;

export const validatorsFor = (field: FieldSchema): Validator[] => {
  const validators: Validator[] = [];
  if (field.required) validators.push(required());
  if (field.maxLength !== undefined && (field.type === 'string' || field.type === 'text')) {
    validators.push(maxLength(field.maxLength));
  }
  if (field.type === 'integer' || field.type === 'number') validators.push(number());
  if (field.type === 'integer') validators.push(integer());
  if (field.min !== undefined) validators.push(minValue(field.min));
  return validators;
};
