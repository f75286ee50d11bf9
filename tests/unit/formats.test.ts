/**
 * Dates, counts and plurals in the five interface languages (src/core/formats.ts), each language's own form on
 * every call, also when the languages alternate (each keeps its own formatter).
 */
import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatDate, formatDateTime, isSingular } from '../../src/core/formats';

const PRODUCTOS = ['producto', 'productos'] as const;
/** French groups thousands with a narrow no-break space (or a no-break space in older ICU data). */
const SPACE = '[\u202f\u00a0 ]';

describe('formats in the five interface languages', () => {
  it('a calendar date from its date part, day first, never shifted by the time zone', () => {
    const stored = '2026-11-25T00:00:00.000Z';
    expect(['es', 'en', 'fr', 'pt', 'de'].map((locale) => formatDate(stored, locale))).toEqual([
      '25/11/2026',
      '25/11/2026',
      '25/11/2026',
      '25/11/2026',
      '25.11.2026',
    ]);
    expect(formatDate('', 'es')).toBe('');
    expect(formatDate('mañana', 'es')).toBe('mañana');
  });

  it('a moment in local time with seconds, in the language’s date form', () => {
    const moment = new Date(2026, 10, 25, 9, 5, 7);
    expect(formatDateTime(moment, 'es')).toBe('25/11/2026 09:05:07');
    expect(formatDateTime(moment, 'de')).toBe('25.11.2026 09:05:07');
    expect(formatDateTime('2026-11-25', 'de')).toBe('25.11.2026');
  });

  it('counts with each language’s thousands mark (Spanish and Portuguese from five digits on)', () => {
    const forms = (n: number) => ['es', 'en', 'de', 'fr', 'pt'].map((locale) => formatCount(n, locale));
    expect(forms(1234).slice(0, 3)).toEqual(['1234', '1,234', '1.234']);
    expect(forms(1234)[3]).toMatch(new RegExp(`^1${SPACE}234$`));
    expect(forms(12345).slice(0, 3)).toEqual(['12.345', '12,345', '12.345']);
    expect(forms(12345)[4]).toMatch(new RegExp(`^12${SPACE}345$`));
    // alternating languages: each call in its own language
    expect([formatCount(12345, 'es'), formatCount(12345, 'en'), formatCount(12345, 'es')]).toEqual([
      '12.345',
      '12,345',
      '12.345',
    ]);
    // no language or an unknown one: Spanish
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(12345, 'xx')).toBe('12.345');
  });

  it('the noun agrees with the count by each language’s rule', () => {
    expect(countOf(1, PRODUCTOS, 'es')).toBe('1 producto');
    expect(countOf(0, PRODUCTOS, 'es')).toBe('0 productos');
    expect(countOf(12345, PRODUCTOS)).toBe('12.345 productos');
    // French takes the singular for 0 and 1
    expect([0, 1, 2].map((n) => isSingular(n, 'fr'))).toEqual([true, true, false]);
    expect([0, 1, 2].map((n) => isSingular(n, 'es'))).toEqual([false, true, false]);
    expect(countOf(0, ['produit', 'produits'], 'fr')).toBe('0 produit');
    expect(countOf(2, ['Produkt', 'Produkte'], 'de')).toBe('2 Produkte');
  });
});
