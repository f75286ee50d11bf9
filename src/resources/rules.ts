/**
 * Record rules declared in the schema language, shared by the forms (client) and the reference API (server).
 * Pure TypeScript.
 */
import { datePart } from '../core/datePart';
import { gs1Error } from '../core/gtin';
import type { FieldSchema, ResourceSchema } from './types';

/** The message of a `notBefore` rule: "a range ending before it starts". */
export const notBeforeMessage = (label: string, otherLabel: string): string =>
  `«${label}» no puede ser anterior a «${otherLabel}».`;

/**
 * The `notBefore` rules of a schema on one record (values already as ISO dates or 'YYYY-MM-DD'):
 * field → message for every date that is before the date it may not precede. Empty when all hold.
 */
export function dateOrderErrors(
  schema: ResourceSchema,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of schema.fields) {
    if (!field.notBefore) continue;
    const end = datePart(values[field.name]);
    const start = datePart(values[field.notBefore]);
    if (end && start && end < start) {
      const other = schema.fields.find((candidate) => candidate.name === field.notBefore);
      errors[field.name] = notBeforeMessage(field.label, other?.label ?? field.notBefore);
    }
  }
  return errors;
}

/** Why a value breaks its field's declared `format` (GTIN/EAN or GLN check digits), in Spanish; else undefined. */
export const fieldFormatError = (field: FieldSchema, value: unknown): string | undefined =>
  field.format ? gs1Error(field.format, value) : undefined;

/** The `format` rules of a schema on one record: field → message. Empty when all hold. */
export function formatErrors(
  schema: ResourceSchema,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of schema.fields) {
    const error = fieldFormatError(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}
