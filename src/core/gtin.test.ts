// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gs1Error, withCheckDigit } from './gtin';

describe('GS1 check digits with real identifiers', () => {
  it.each([
    ['4006381333931', 'EAN-13 (a Stabilo pen)'],
    ['5901234123457', 'EAN-13 (the GS1 example)'],
    ['9780306406157', 'EAN-13 (an ISBN-13)'],
    ['8410076472519', 'EAN-13'],
    ['96385074', 'EAN-8'],
    ['73513537', 'EAN-8'],
    ['036000291452', 'UPC-A'],
    ['00012345600012', 'GTIN-14'],
    ['10012345678902', 'GTIN-14'],
  ])('%s is a valid GTIN: %s', (code) => {
    expect(gs1Error('gtin', code)).toBeUndefined();
    expect(withCheckDigit(code.slice(0, -1))).toBe(code);
  });

  it('a valid GLN', () => {
    expect(gs1Error('gln', '0614141000005')).toBeUndefined();
    expect(gs1Error('gln', withCheckDigit('841234500000'))).toBeUndefined();
  });

  it('names the expected check digit', () => {
    expect(gs1Error('gtin', '4006381333932')).toBe(
      'El código EAN/GTIN «4006381333932» (EAN-13) no es válido: el dígito de control debería ser 1, no 2',
    );
    expect(gs1Error('gtin', '96385075')).toMatch(
      /\(EAN-8\) no es válido: el dígito de control debería ser 4, no 5$/,
    );
    expect(gs1Error('gtin', '036000291450')).toMatch(/\(UPC-A\).*debería ser 2, no 0$/);
    expect(gs1Error('gtin', '10012345678900')).toMatch(/\(GTIN-14\).*debería ser 2, no 0$/);
    expect(gs1Error('gln', '0614141000006')).toBe(
      'El GLN «0614141000006» no es válido: el dígito de control debería ser 5, no 6',
    );
  });

  it('refuses wrong lengths and letters; empty is left to required', () => {
    expect(gs1Error('gtin', '12345')).toMatch(/tiene 5 cifras; debe tener 8 \(EAN-8\), 12 \(UPC-A\), 13/);
    expect(gs1Error('gtin', 'abc')).toMatch(/solo puede tener cifras/);
    expect(gs1Error('gln', '96385074')).toMatch(/tiene 8 cifras; debe tener 13 cifras/);
    expect(gs1Error('gtin', '')).toBeUndefined();
    expect(gs1Error('gtin', null)).toBeUndefined();
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
});
