import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatDate, formatDateTime, isSingular } from './formats';

/** Intl separates French thousands with a narrow no-break space: compared as a plain space. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatDate: a calendar date in each interface language', () => {
  it.each([
    ['es', '05/11/2026'],
    ['en', '05/11/2026'],
    ['de', '05.11.2026'],
    ['fr', '05/11/2026'],
    ['pt', '05/11/2026'],
  ])('%s → %s, from the date part (midnight UTC is not shifted)', (locale, expected) => {
    expect(formatDate('2026-11-05', locale)).toBe(expected);
    expect(formatDate('2026-11-05T00:00:00.000Z', locale)).toBe(expected);
  });

  it('empty is empty; unreadable text is shown as it is; unknown languages write Spanish', () => {
    expect(formatDate(null, 'es')).toBe('');
    expect(formatDate('', 'es')).toBe('');
    expect(formatDate('mañana', 'es')).toBe('mañana');
    expect(formatDate('2026-01-31', 'xx')).toBe('31/01/2026');
  });
});

describe('formatDateTime: a moment in local time, no comma between date and time', () => {
  const moment = new Date(2026, 10, 5, 9, 4, 3);
  it.each([
    ['es', '05/11/2026 09:04:03'],
    ['en', '05/11/2026 09:04:03'],
    ['de', '05.11.2026 09:04:03'],
    ['fr', '05/11/2026 09:04:03'],
    ['pt', '05/11/2026 09:04:03'],
  ])('%s → %s', (locale, expected) => {
    expect(formatDateTime(moment, locale)).toBe(expected);
    expect(formatDateTime(moment.toISOString(), locale)).toBe(expected);
  });

  it('a bare date is a date; empty and unreadable values', () => {
    expect(formatDateTime('2026-11-05', 'de')).toBe('05.11.2026');
    expect(formatDateTime(undefined, 'es')).toBe('');
    expect(formatDateTime('nunca', 'es')).toBe('nunca');
  });
});

describe('counts and plurals in each interface language', () => {
  it.each([
    [
      'es',
      ['producto', 'productos'],
      '0 productos',
      '1 producto',
      '2 productos',
      '1234 productos',
      '12.345 productos',
    ],
    [
      'en',
      ['product', 'products'],
      '0 products',
      '1 product',
      '2 products',
      '1,234 products',
      '12,345 products',
    ],
    [
      'de',
      ['Produkt', 'Produkte'],
      '0 Produkte',
      '1 Produkt',
      '2 Produkte',
      '1.234 Produkte',
      '12.345 Produkte',
    ],
    [
      'fr',
      ['produit', 'produits'],
      '0 produit',
      '1 produit',
      '2 produits',
      '1 234 produits',
      '12 345 produits',
    ],
    [
      'pt',
      ['produto', 'produtos'],
      '0 produtos',
      '1 produto',
      '2 produtos',
      '1234 produtos',
      '12 345 produtos',
    ],
  ] as const)('%s', (locale, nouns, zero, one, two, thousands, tens) => {
    expect([0, 1, 2, 1234, 12345].map((n) => plain(countOf(n, nouns, locale)))).toEqual([
      zero,
      one,
      two,
      thousands,
      tens,
    ]);
  });

  it('isSingular follows the language, formatCount its thousands mark', () => {
    expect(isSingular(1, 'es')).toBe(true);
    expect(isSingular(0, 'es')).toBe(false);
    expect(isSingular(0, 'fr')).toBe(true);
    expect(plain(formatCount(1_000_000, 'es'))).toBe('1.000.000');
    expect(plain(formatCount(1_000_000, 'en'))).toBe('1,000,000');
  });
});
