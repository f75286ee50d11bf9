/** Display formats for dates (the interface language's form, Spanish by default; src/core/formats.ts). Pure. */
import { formatDate, formatDateTime as formatMoment } from '../../core/formats';

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar date (stored as midnight UTC) from its date part, never shifted by the time zone: 'dd/MM/yyyy' in Spanish. */
export const formatDateOnly = (value: unknown, locale: string = 'es'): string =>
  typeof value === 'string' ? formatDate(value, locale) : '';

/** An ISO date-time in local time: 'dd/MM/yyyy HH:mm:ss' in Spanish (the interface language's date form). */
export const formatDateTime = (value: unknown, locale: string = 'es'): string => formatMoment(value, locale);

/** A form value (ISO date-time or 'yyyy-MM-dd') → the 'yyyy-MM-dd' a date input shows. */
export const toDateInputValue = (value: unknown): string => {
  if (typeof value !== 'string') return '';
  const match = DATE_PREFIX.exec(value);
  return match ? match[0] : '';
};

/** A date input's 'yyyy-MM-dd' → the stored ISO date-time at midnight UTC (null when empty). */
export const fromDateInputValue = (value: unknown): string | null => {
  if (typeof value !== 'string' || !DATE_PREFIX.test(value)) return null;
  return `${value.slice(0, 10)}T00:00:00.000Z`;
};
