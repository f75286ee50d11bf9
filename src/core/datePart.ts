/**
 * The date part of a value, as 'YYYY-MM-DD': the one reading of "date part only" for range overlaps, `notBefore`
 * rules and the reference-data contract. A Date gives its UTC day (dates are stored at midnight UTC); a string its
 * leading 'YYYY-MM-DD' (ISO date-times included); anything else, or an unreadable value, undefined. Pure.
 */
const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

export function datePart(value: unknown): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  return DATE_PREFIX.exec(value.trim())?.[0];
}
