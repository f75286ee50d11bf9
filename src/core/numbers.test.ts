import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './numbers';

const value = (text: string, locale: string): number | null => {
  const parsed = parseDecimal(text, locale);
  if (!parsed.ok) throw new Error(`${text} (${locale}): ${parsed.error}`);
  return parsed.value;
};

const error = (text: string, locale: string): string => {
  const parsed = parseDecimal(text, locale);
  if (parsed.ok) throw new Error(`${text} (${locale}) was read as ${parsed.value}`);
  return parsed.error;
};

describe('parseDecimal in the comma-decimal languages', () => {
  for (const locale of ['es', 'de', 'fr', 'pt']) {
    it(`${locale}: comma decimals, dot or space thousands`, () => {
      expect(value('12,50', locale)).toBe(12.5);
      expect(value('12.50', locale)).toBe(12.5);
      expect(value('1.234,56', locale)).toBe(1234.56);
      expect(value('1.234.567,5', locale)).toBe(1234567.5);
      expect(value('1 234,56', locale)).toBe(1234.56);
      expect(value('1\u00a0234,56', locale)).toBe(1234.56);
      expect(value('1\u202f234\u202f567', locale)).toBe(1234567);
      expect(value(' -3,25 ', locale)).toBe(-3.25);
      expect(value('0,5', locale)).toBe(0.5);
      expect(value(',5', locale)).toBe(0.5);
      expect(value('0.125', locale)).toBe(0.125);
      expect(value('13', locale)).toBe(13);
    });

    it(`${locale}: a lone dot before exactly three digits groups thousands`, () => {
      expect(value('1.234', locale)).toBe(1234);
      expect(value('12.345', locale)).toBe(12345);
      expect(value('1.2345', locale)).toBe(1.2345);
    });

    it(`${locale}: refuses what cannot be read with one meaning`, () => {
      expect(error('1.2.3', locale)).toMatch(/de tres en tres/);
      expect(error('12,', locale)).toMatch(/faltan las cifras después de «,»/);
      expect(error('12.', locale)).toMatch(/faltan las cifras/);
      expect(error('12,5,0', locale)).toMatch(/más de una marca decimal/);
      expect(error('1,234.56', locale)).toMatch(/ambiguo/);
      expect(error('١٢', locale)).toMatch(/0-9/);
      expect(error('abc', locale)).toMatch(/no es un número/);
      expect(error('1e5', locale)).toMatch(/no es un número/);
      expect(error('1.234 567', locale)).toMatch(/mezcla/);
      expect(error('1234567890123456', locale)).toMatch(/más de 15 cifras significativas/);
      expect(error('1'.padEnd(40, '0'), locale)).toMatch(/más de 15 cifras significativas/);
    });
  }
});

describe('parseDecimal in English', () => {
  it('dot decimals, comma thousands', () => {
    expect(value('1,234.56', 'en')).toBe(1234.56);
    expect(value('12.50', 'en')).toBe(12.5);
    expect(value('12,50', 'en')).toBe(12.5);
    expect(value('1,234', 'en')).toBe(1234);
    expect(value('1.234', 'en')).toBe(1.234);
    expect(value('1,234,567', 'en')).toBe(1234567);
  });

  it('refuses the Spanish order, repeated marks and short groups', () => {
    expect(error('1.234,56', 'en')).toMatch(/ambiguo/);
    expect(error('12,5,0', 'en')).toMatch(/de tres en tres/);
    expect(error('1.2.3', 'en')).toMatch(/más de una marca decimal/);
    expect(error('12.', 'en')).toMatch(/faltan las cifras/);
  });
});

describe('parseDecimal edges', () => {
  it('empty text is no value; numbers pass through; regional locales use their language', () => {
    expect(parseDecimal('  ', 'es')).toEqual({ ok: true, value: null });
    expect(parseDecimal(7.5, 'es')).toEqual({ ok: true, value: 7.5 });
    expect(value('1.234,5', 'es-ES')).toBe(1234.5);
    expect(value('1,234.5', 'en-US')).toBe(1234.5);
    expect(value('123456789012345', 'es')).toBe(123456789012345);
    expect(value('0,000000000000000001', 'es')).toBe(1e-18);
  });
});

describe('formatDecimal', () => {
  it('shows the number the way each language writes it', () => {
    expect(formatDecimal(12.5, 'es', { minDecimals: 2 })).toBe('12,50');
    expect(formatDecimal(12.5, 'en', { minDecimals: 2 })).toBe('12.50');
    expect(formatDecimal(1234567.25, 'de')).toBe('1.234.567,25');
    expect(formatDecimal(1234567.25, 'fr')).toBe('1\u202f234\u202f567,25');
    expect(formatDecimal(0.1 + 0.2, 'pt')).toBe('0,3');
    expect(formatDecimal(null, 'es')).toBe('');
  });

  it('reads back what it wrote, in every language', () => {
    const samples = [0, 12.5, 1234.56, 1234567.891, -0.125, 100000, 999.999];
    for (const locale of ['es', 'en', 'de', 'fr', 'pt']) {
      for (const n of samples) expect(value(formatDecimal(n, locale), locale)).toBe(n);
      for (const n of samples) expect(value(formatDecimal(n, locale, { minDecimals: 2 }), locale)).toBe(n);
    }
  });
});
