/**
 * Typed attribute values. An attribute declares the type of its values (Atributo.tipo): 'texto' (any text) or
 * 'numero' (a number, in its unit). A product's value of a numeric attribute must read as a number
 * (src/core/numbers.ts) and is stored as text the Spanish way, without thousands marks ('1200', '25,5'), so
 * every product holds the same form. Pure: the product editor, the CSV import (through the API) and the API
 * apply the same rule.
 */
import { FILE_NUMBER_LOCALE, formatDecimal, parseDecimal } from './numbers';

export const ATTRIBUTE_TYPES = ['texto', 'numero'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

const isNumeric = (tipo: unknown): boolean => tipo === 'numero';

/** Why `valor` is not a value of the attribute (Spanish), or undefined. Empty values are always allowed. */
export function attributeValueError(
  attribute: { nombre?: unknown; tipo?: unknown },
  valor: unknown,
  locale: string = FILE_NUMBER_LOCALE,
): string | undefined {
  if (!isNumeric(attribute.tipo)) return undefined;
  const parsed = parseDecimal(valor, locale);
  return parsed.ok
    ? undefined
    : `El atributo «${String(attribute.nombre ?? '')}» es numérico: ${parsed.error}`;
}

/** The stored text of a value typed in `locale`: numbers the Spanish way ('1.200' → '1200'); else as typed. */
export function storedAttributeValue(
  attribute: { tipo?: unknown },
  valor: string,
  locale: string = FILE_NUMBER_LOCALE,
): string {
  if (!isNumeric(attribute.tipo)) return valor;
  const parsed = parseDecimal(valor, locale);
  return parsed.ok && parsed.value !== null
    ? formatDecimal(parsed.value, FILE_NUMBER_LOCALE, { grouping: false })
    : valor;
}
