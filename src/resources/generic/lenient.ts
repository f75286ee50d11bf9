/**
 * Lenient (free-text) fields and save normalisation, over the CSV import's own functions
 * (src/core/csv/normalize.ts), so a form and an import read '07/03/2026' or ' 3 ' the same way.
 * Pure.
 */
import { normalizeRow, parseFlexibleDate, toInteger } from '../../core/csv/normalize';
import type { FieldSchema, ResourceSchema } from '../types';

export const LENIENT_DATE_MESSAGE = 'Fecha no válida: use dd/mm/aaaa (también aaaa-mm-dd).';
export const LENIENT_INTEGER_MESSAGE = 'pim.validation.integer';

const INTEGER_TEXT = /^[+-]?\d+$/;

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isNumeric = (field: FieldSchema): boolean => field.type === 'integer' || field.type === 'number';
const isDate = (field: FieldSchema): boolean => field.type === 'date' || field.type === 'datetime';

/** The error of a lenient field's typed value (undefined when it reads, or when empty). */
export const lenientError = (field: FieldSchema, value: unknown): string | undefined => {
  if (!field.lenient || isEmpty(value)) return undefined;
  if (isDate(field)) return parseFlexibleDate(value) === null ? LENIENT_DATE_MESSAGE : undefined;
  if (isNumeric(field)) {
    if (typeof value === 'number') return Number.isInteger(value) ? undefined : LENIENT_INTEGER_MESSAGE;
    return typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? undefined : LENIENT_INTEGER_MESSAGE;
  }
  return undefined;
};

/** A stored value as a lenient input shows it: ISO dates as dd/mm/yyyy, the rest as typed. */
export const formatLenient = (field: FieldSchema, value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (isDate(field) && typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})T00:00:00(?:\.000)?Z$/.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  return String(value);
};

/** A field's value as the API stores it: lenient dates → midnight UTC ISO, lenient integers → numbers. */
export const lenientValue = (field: FieldSchema, value: unknown): unknown => {
  if (!field.lenient) return value;
  if (isEmpty(value)) return null;
  if (isDate(field)) return parseFlexibleDate(value);
  if (isNumeric(field)) return toInteger(value);
  return value;
};

/**
 * The values a form saves: `normalizeRow(fields, …)` when the schema asks for it (docs/requirements.md#r5-validation), then every lenient
 * field read with the same functions. Returns a new object.
 */
export const normalizeForSave = (
  schema: ResourceSchema,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> => {
  const out = schema.normalizeOnSave ? normalizeRow(schema.fields, { ...values }) : { ...values };
  for (const field of schema.fields) {
    if (field.lenient && field.name in out) out[field.name] = lenientValue(field, out[field.name]);
  }
  return out;
};
