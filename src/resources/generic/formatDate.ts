/** Display formats for dates (Spanish order). Pure. */

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar date (stored as midnight UTC) → 'dd/MM/yyyy' from its date part, never shifted by the time zone. */
export const formatDateOnly = (value: unknown): string => {
  if (typeof value !== 'string') return '';
  const match = DATE_PREFIX.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time → 'dd/MM/yyyy HH:mm:ss' in local time (no date library: it stays out of the bundle). */
export const formatDateTime = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

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
