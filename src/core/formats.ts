/**
 * Dates, counts and plurals in the interface language (es, en, de, fr, pt), the same form on every screen.
 * Pure (Intl only, no date library in the bundle).
 *
 * - A calendar date (stored as midnight UTC, or 'yyyy-mm-dd') shows from its date part, never shifted by the
 *   time zone: 25/11/2026 (es, en, fr, pt), 25.11.2026 (de).
 * - A moment (ISO date-time) shows in local time with seconds, the date as above and the time after a space:
 *   25/11/2026 10:05:09.
 * - Counts use the language's thousands mark; `countOf` adds the noun in the singular or the plural by the
 *   language's own rule (French says «0 produit», Spanish «0 productos»).
 */
import { numberLocale, type NumberLocale } from './numbers';

/** The region each interface language writes dates and numbers for (English as in Europe: day first). */
const INTL_LOCALE: Readonly<Record<NumberLocale, string>> = {
  es: 'es-ES',
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-PT',
};

const intlLocale = (locale: string | undefined | null): string => INTL_LOCALE[numberLocale(locale)];

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One Intl object per locale and kind, made on first use: making one costs far more than using it (a list's
 * first render formats tens of counts and dates).
 */
function keptPerKey<T>(make: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      kept.set(key, value);
    }
    return value;
  };
}

const localDateFormat = keptPerKey(
  (locale) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }),
);
const utcDateFormat = keptPerKey(
  (locale) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
);
const countFormat = keptPerKey((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const pluralRules = keptPerKey((locale) => new Intl.PluralRules(locale));

/** A calendar date ('yyyy-mm-dd…') in the language's form; '' when empty, the text itself when unreadable. */
export function formatDate(value: unknown, locale?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const match = typeof value === 'string' ? DATE_PART.exec(value) : null;
  if (!match) return String(value);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? String(value) : utcDateFormat(intlLocale(locale)).format(date);
}

/** A moment in local time: date in the language's form, a space, then hh:mm:ss (24 h); 'yyyy-mm-dd' is a date. */
export function formatDateTime(value: unknown, locale?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return formatDate(value, locale);
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${localDateFormat(intlLocale(locale)).format(date)} ${time}`;
}

/** A whole count with the language's thousands mark (Spanish groups from five digits on, as the RAE writes). */
export function formatCount(n: number, locale?: string | null): string {
  return countFormat(intlLocale(locale)).format(n);
}

/** Whether `n` takes the singular in this language. */
export function isSingular(n: number, locale?: string | null): boolean {
  return pluralRules(intlLocale(locale)).select(n) === 'one';
}

/** «1 producto», «2 productos», «1.234 productos»: the count and the noun that agrees with it. */
export function countOf(
  n: number,
  [singular, plural]: readonly [string, string],
  locale?: string | null,
): string {
  return `${formatCount(n, locale)} ${isSingular(n, locale) ? singular : plural}`;
}
