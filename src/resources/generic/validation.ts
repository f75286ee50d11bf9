/** react-admin validators derived from a field declaration. Messages are i18n keys (Spanish by default). */
import { maxLength, minValue, number, required, type Validator } from 'react-admin';
import { datePart } from '../../core/datePart';
import { textMaxLength } from '../../core/textLength';
import { fieldFormatError, notBeforeMessage } from '../rules';
import type { FieldSchema, ResourceSchema } from '../types';
import { lenientError, lenientValue } from './lenient';

/** Integer check: 'Debe ser un número entero' in Spanish. Empty values are left to `required`. */
export const integer =
  (message = 'pim.validation.integer'): Validator =>
  (value: unknown) =>
    value === null || value === undefined || value === '' || Number.isInteger(Number(value))
      ? undefined
      : message;

const notBlank: Validator = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.trim() === '' ? 'ra.validation.required' : undefined;

/** The calendar day a date field's form value stands for (lenient text read like the import does). */
const formDay = (field: FieldSchema | undefined, value: unknown): string | undefined =>
  field?.lenient ? datePart(lenientValue(field, value)) : datePart(value);

/** `notBefore`: this date may not be before the other date field of the record. */
const notBefore = (field: FieldSchema, schema: ResourceSchema | undefined): Validator => {
  const other = schema?.fields.find((candidate) => candidate.name === field.notBefore);
  return (value: unknown, values: Record<string, unknown>) => {
    if (!field.notBefore) return undefined;
    const end = formDay(field, value);
    const start = formDay(other, values?.[field.notBefore]);
    return end && start && end < start
      ? notBeforeMessage(field.label, other?.label ?? field.notBefore)
      : undefined;
  };
};

export const validatorsFor = (field: FieldSchema, schema?: ResourceSchema): Validator[] => {
  const validators: Validator[] = [];
  if (field.required) validators.push(required());
  // only spaces is as empty as nothing (the API would store it).
  if (field.required && (field.type === 'string' || field.type === 'text')) validators.push(notBlank);
  if (field.lenient) {
    validators.push((value: unknown) => lenientError(field, value));
  } else {
    // what the column keeps (declared, else its type's size): the API refuses longer text on save
    if (field.type === 'string' || field.type === 'text') validators.push(maxLength(textMaxLength(field)));
    // decimals ('number') are read and checked by their input (DecimalInput), in the interface language.
    if (field.type === 'integer') validators.push(number());
    if (field.type === 'integer') validators.push(integer());
  }
  if (field.min !== undefined) {
    validators.push(
      field.lenient
        ? (value: unknown) => {
            const n = lenientValue(field, value);
            return typeof n === 'number' && n < (field.min ?? 0)
              ? { message: 'ra.validation.minValue', args: { min: field.min } }
              : undefined;
          }
        : minValue(field.min),
    );
  }
  if (field.notBefore) validators.push(notBefore(field, schema));
  if (field.format) validators.push((value: unknown) => fieldFormatError(field, value));
  return validators;
};
