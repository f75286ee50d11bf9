/**
 * GS1 identifiers: GTIN (EAN-8, UPC-A as 12 digits, EAN-13, GTIN-14) and GLN (13 digits). The last digit is a
 * check digit computed from the others (GS1 mod 10: from the right, weights 3, 1, 3, 1…). Pure: the form, the
 * CSV import and the API check them with the same function; messages are Spanish and name the expected digit.
 */

export type Gs1Format = 'gtin' | 'gln';

export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];
export const GLN_LENGTH = 13;

/** The GS1 check digit of the digits before it (any length). */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error(`Solo cifras: ${body}`);
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) {
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** A body followed by its check digit ('841234567890' → '8412345678903'). */
export const withCheckDigit = (body: string): string => `${body}${gs1CheckDigit(body)}`;

const NAMES: Record<Gs1Format, string> = { gtin: 'El código EAN/GTIN', gln: 'El GLN' };

const LENGTH_NAMES: Record<number, string> = {
  8: 'EAN-8',
  12: 'UPC-A',
  13: 'EAN-13',
  14: 'GTIN-14',
};

const lengthsText = (format: Gs1Format): string =>
  format === 'gln' ? '13 cifras' : '8 (EAN-8), 12 (UPC-A), 13 (EAN-13) o 14 (GTIN-14) cifras';

/**
 * Why `value` is not a valid identifier of `format`, in Spanish; undefined when it is valid or empty (emptiness
 * is the `required` rule's business).
 */
export function gs1Error(format: Gs1Format, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  const name = `${NAMES[format]} «${text}»`;
  const lengths = format === 'gln' ? [GLN_LENGTH] : GTIN_LENGTHS;
  if (!/^\d+$/.test(text)) return `${name} solo puede tener cifras (${lengthsText(format)})`;
  if (!lengths.includes(text.length)) {
    return `${name} tiene ${text.length} cifras; debe tener ${lengthsText(format)}`;
  }
  const expected = gs1CheckDigit(text.slice(0, -1));
  if (Number(text.slice(-1)) !== expected) {
    const kind = format === 'gln' ? '' : ` (${LENGTH_NAMES[text.length]})`;
    return `${name}${kind} no es válido: el dígito de control debería ser ${expected}, no ${text.slice(-1)}`;
  }
  return undefined;
}
