/**
 * Decimal numbers as people write them, in the interface language (es, en, de, fr, pt). Pure: the app's
 * inputs, the CSV import and the API read numbers with the same rules.
 *
 * The rules, for a comma-decimal language (es, de, fr, pt):
 * - the decimal mark is the comma; thousands may be grouped with dots, spaces or non-breaking spaces
 *   (`1.234,56`, `1 234,56`), groups of exactly three digits, one kind of grouping mark per number;
 * - a dot is also read as a decimal mark when it cannot be a thousands mark: `12.50` and `0.125` are 12.5 and
 *   0.125, because a thousands group has exactly three digits and never follows a lone 0;
 * - a single dot followed by exactly three digits (`1.234`) reads as a thousands mark, as a Spanish reader
 *   reads it: 1234;
 * - a number with both marks in the English order (`1,234.56`) is ambiguous and refused;
 * and the mirror image for English (`.` decimal, `,` thousands; `12,50` is 12.5, `1,234` is 1234).
 * Refused everywhere: several decimal marks (`12,5,0`), a mark without digits after it (`12,`), groups that
 * are not three digits (`1.2.3`), digits other than 0-9 (`١٢`), letters, and more than 15 significant digits
 * (a double keeps no more). Messages are Spanish.
 */

export type NumberLocale = 'es' | 'en' | 'de' | 'fr' | 'pt';

/** CSV files are written and read in Spanish: comma decimals, no thousands marks (what a Spanish spreadsheet reads as numbers). */
export const FILE_NUMBER_LOCALE: NumberLocale = 'es';

export type ParsedDecimal = { ok: true; value: number | null } | { ok: false; error: string };

/** The most significant digits a stored number (an IEEE double) keeps exactly. */
export const MAX_SIGNIFICANT_DIGITS = 15;

const COMMA_DECIMAL: ReadonlySet<string> = new Set(['es', 'de', 'fr', 'pt']);

/** The language part of a locale ('es-ES' → 'es'); unknown languages read numbers the Spanish way. */
export const numberLocale = (locale: string | undefined | null): NumberLocale => {
  const code = (locale ?? '').trim().toLowerCase().slice(0, 2);
  return code === 'en' || COMMA_DECIMAL.has(code) ? (code as NumberLocale) : 'es';
};

const SPACES = /[\s\u00a0\u202f\u2009]/;
const MINUS = /^[-\u2212]/;
const NON_LATIN_DIGIT = /\p{Nd}/u;

const fail = (error: string): ParsedDecimal => ({ ok: false, error });

const quoted = (text: string): string => `«${text}»`;

interface Marks {
  decimal: ',' | '.';
  /** The other punctuation mark ('.' in Spanish), read as grouping when it can be. */
  group: ',' | '.';
}

const marksOf = (locale: NumberLocale): Marks =>
  locale === 'en' ? { decimal: '.', group: ',' } : { decimal: ',', group: '.' };

const example = (locale: NumberLocale): string => (locale === 'en' ? '1,234.56' : '1.234,56');

/** Splits `integer` by its grouping mark and checks the groups: 1–3 digits first, then exactly 3. */
const ungroup = (integer: string, mark: string | undefined): string | undefined => {
  if (!mark) return /^\d+$/.test(integer) ? integer : undefined;
  const groups = integer.split(mark);
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || first === '0' || !rest.length) return undefined;
  return rest.every((group) => /^\d{3}$/.test(group)) ? groups.join('') : undefined;
};

/** Digits that carry the value: the integer part without leading zeros, the decimals without trailing ones. */
const significantDigits = (integer: string, fraction: string): number => {
  const whole = integer.replace(/^0+/, '');
  const decimals = fraction.replace(/0+$/, '');
  return whole ? whole.length + decimals.length : decimals.replace(/^0+/, '').length;
};

/**
 * Reads a number typed in `locale` (see the rules above). Empty text → `{ ok: true, value: null }`.
 * Numbers already typed as numbers are returned as they are.
 */
export function parseDecimal(input: unknown, locale: string = 'es'): ParsedDecimal {
  if (typeof input === 'number') {
    return Number.isFinite(input) ? { ok: true, value: input } : fail('No es un número');
  }
  if (input === null || input === undefined) return { ok: true, value: null };
  const raw = String(input);
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  const lang = numberLocale(locale);
  const { decimal, group } = marksOf(lang);
  const shown = quoted(text);

  let body = text;
  let sign = '';
  if (MINUS.test(body) || body.startsWith('+')) {
    sign = MINUS.test(body) ? '-' : '';
    body = body.slice(1).trimStart();
  }
  if (/[^0-9.,\s\u00a0\u202f\u2009]/.test(body)) {
    if ([...body].some((c) => NON_LATIN_DIGIT.test(c) && !/[0-9]/.test(c)))
      return fail(`${shown} no es un número: escriba las cifras con 0-9`);
    return fail(`${shown} no es un número`);
  }
  if (!/[0-9]/.test(body)) return fail(`${shown} no es un número`);

  // spaces can only group thousands (and only in the comma-decimal languages' way of writing).
  const spaceMark = SPACES.exec(body)?.[0];
  if (spaceMark && body.includes(group)) return fail(`${shown} mezcla separadores de miles`);

  const decimals = body.split(decimal).length - 1;
  const others = body.split(group).length - 1;
  if (decimals > 1) return fail(`${shown} tiene más de una marca decimal «${decimal}»`);

  let integerPart = body;
  let fraction = '';
  let groupMark: string | undefined = spaceMark;
  if (decimals === 1) {
    [integerPart, fraction] = body.split(decimal);
    if (fraction.includes(group) || SPACES.test(fraction)) {
      return fail(
        `${shown} es ambiguo: use «${decimal}» para los decimales y «${group}» para los miles (${example(lang)})`,
      );
    }
    if (others) groupMark = group;
  } else if (others === 1 && !spaceMark) {
    // the other mark alone: thousands when it can be (three digits after it, no lone 0 before), else decimal.
    const [before, after] = body.split(group);
    const thousands = /^\d{3}$/.test(after) && /^\d{1,3}$/.test(before) && before !== '0';
    if (thousands) groupMark = group;
    else [integerPart, fraction] = [before, after];
    if (!thousands && after === '') return fail(`${shown}: faltan las cifras después de «${group}»`);
  } else if (others > 1) {
    groupMark = group;
  }
  if (decimals === 1 && fraction === '') return fail(`${shown}: faltan las cifras después de «${decimal}»`);
  if (fraction !== '' && !/^\d+$/.test(fraction)) return fail(`${shown} no es un número`);
  if (integerPart === '' && fraction !== '') integerPart = '0';
  const digits = ungroup(integerPart, groupMark);
  if (digits === undefined) {
    return fail(`${shown} no es un número: los miles se agrupan de tres en tres (${example(lang)})`);
  }
  if (significantDigits(digits, fraction) > MAX_SIGNIFICANT_DIGITS) {
    return fail(`${shown} tiene más de ${MAX_SIGNIFICANT_DIGITS} cifras significativas`);
  }
  const value = Number(`${sign}${digits}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value)
    ? { ok: true, value: value === 0 ? 0 : value }
    : fail(`${shown} no es un número`);
}

export interface FormatDecimalOptions {
  /** Decimals always shown (2 for amounts of money: 12,50). */
  minDecimals?: number;
  /** Thousands marks (default true; files are written without them). */
  grouping?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

const formatterFor = (locale: NumberLocale, minDecimals: number, grouping: boolean): Intl.NumberFormat => {
  const key = `${locale}:${minDecimals}:${grouping}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: 20,
      useGrouping: grouping,
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/**
 * A stored number as people of `locale` read it (Intl.NumberFormat): 1234.5 → '1234,50' in es with two
 * decimals, '1,234.50' in en. Rounded to 15 significant digits (0.1 + 0.2 shows 0,3), never to fewer decimals
 * than were stored, so what was typed shows again. `parseDecimal(formatDecimal(n, l), l)` gives back n.
 */
export function formatDecimal(
  value: number | null | undefined,
  locale: string = 'es',
  options: FormatDecimalOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Number(value.toPrecision(MAX_SIGNIFICANT_DIGITS));
  return formatterFor(numberLocale(locale), options.minDecimals ?? 0, options.grouping ?? true).format(
    rounded,
  );
}
