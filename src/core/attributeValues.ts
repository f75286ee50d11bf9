/**
 * Typed attribute values. An attribute declares the type of its values (Atributo.tipo):
 * - 'texto': any text;
 * - 'numero': a number, in the attribute's unit, read as the language writes numbers (src/core/numbers.ts) and
 *   stored as text the Spanish way without thousands marks ('1200', '25,5');
 * - 'sino': yes or no, stored as the spec's S/N flags ('S' / 'N'; sí, si, no, true, false… are read);
 * - 'lista': one of the attribute's posiblesValores (a comma list, as an icon's), stored as the list spells it;
 * - 'fecha': a date, stored as ISO 'aaaa-mm-dd' (dd/mm/aaaa, dd-mm-aaaa and aaaa/mm/dd are read).
 * Empty values are always allowed (the product has no value). One rule, pure: the product editor, the API
 * (server/features/integrity-values.ts) and the CSV import (preview included) validate and normalise with it.
 */
import { datePart } from './datePart';
import { parseFlexibleDate, toSN } from './csv/normalize';
import { possibleValues } from './iconValues';
import { FILE_NUMBER_LOCALE, formatDecimal, parseDecimal } from './numbers';

export const ATTRIBUTE_TYPES = ['texto', 'numero', 'sino', 'lista', 'fecha'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** How each type is named to people (the attribute form's select). */
export const ATTRIBUTE_TYPE_LABELS: Readonly<Record<AttributeType, string>> = {
  texto: 'Texto',
  numero: 'Número',
  sino: 'Sí/No',
  lista: 'Uno de una lista',
  fecha: 'Fecha',
};

/** What the rule reads of an attribute. */
export interface TypedAttribute {
  nombre?: unknown;
  tipo?: unknown;
  /** For 'lista': the allowed values, a comma list ('Rojo, Verde') or an array. */
  posiblesValores?: unknown;
}

/** The attribute's type ('texto' when it declares none or an unknown one). */
export const attributeType = (attribute: Pick<TypedAttribute, 'tipo'>): AttributeType =>
  (ATTRIBUTE_TYPES as readonly unknown[]).includes(attribute.tipo)
    ? (attribute.tipo as AttributeType)
    : 'texto';

/** The values a 'lista' attribute allows (trimmed, in its order; empty when it declares none). */
export const attributeChoices = (attribute: Pick<TypedAttribute, 'posiblesValores'>): string[] =>
  Array.isArray(attribute.posiblesValores)
    ? attribute.posiblesValores.map((value) => String(value).trim()).filter(Boolean)
    : possibleValues(attribute.posiblesValores);

export type AttributeValueReading = { ok: true; value: string } | { ok: false; error: string };

const DATE_FORMATS = 'dd/mm/aaaa o aaaa-mm-dd';
const key = (text: string): string => text.trim().toLocaleLowerCase('es');

/**
 * A value as written (typed in a form in `locale`, a cell of a file, a body of the API) → the stored text of
 * the attribute's value, or why it is not one (Spanish, naming the attribute). Blank → '' (no value).
 */
export function readAttributeValue(
  attribute: TypedAttribute,
  valor: unknown,
  locale: string = FILE_NUMBER_LOCALE,
): AttributeValueReading {
  const text = typeof valor === 'number' ? String(valor) : typeof valor === 'string' ? valor : '';
  if (valor !== null && valor !== undefined && typeof valor !== 'string' && typeof valor !== 'number') {
    if (typeof valor === 'boolean' && attributeType(attribute) === 'sino')
      return { ok: true, value: valor ? 'S' : 'N' };
    return {
      ok: false,
      error: `El valor del atributo «${String(attribute.nombre ?? '')}» debe ser un texto`,
    };
  }
  if (text.trim() === '') return { ok: true, value: '' };
  const name = String(attribute.nombre ?? '');
  const shown = `«${text.trim()}»`;
  switch (attributeType(attribute)) {
    case 'numero': {
      const parsed = parseDecimal(valor, locale);
      if (!parsed.ok) return { ok: false, error: `El atributo «${name}» es numérico: ${parsed.error}` };
      return {
        ok: true,
        value:
          parsed.value === null ? '' : formatDecimal(parsed.value, FILE_NUMBER_LOCALE, { grouping: false }),
      };
    }
    case 'sino': {
      const sn = toSN(text);
      return sn
        ? { ok: true, value: sn }
        : { ok: false, error: `El atributo «${name}» es de sí o no: ${shown} no es sí ni no (use S o N)` };
    }
    case 'lista': {
      const choices = attributeChoices(attribute);
      if (!choices.length) return { ok: true, value: text.trim() };
      const choice = choices.find((candidate) => key(candidate) === key(text));
      return choice
        ? { ok: true, value: choice }
        : { ok: false, error: `${shown} no es un valor del atributo «${name}»: use ${choices.join(', ')}` };
    }
    case 'fecha': {
      const day = datePart(parseFlexibleDate(text.trim()) ?? undefined);
      return day
        ? { ok: true, value: day }
        : {
            ok: false,
            error: `El atributo «${name}» es una fecha: ${shown} no es una fecha (${DATE_FORMATS})`,
          };
    }
    default:
      return { ok: true, value: text };
  }
}

/** Why `valor` is not a value of the attribute (Spanish), or undefined. Empty values are always allowed. */
export function attributeValueError(
  attribute: TypedAttribute,
  valor: unknown,
  locale: string = FILE_NUMBER_LOCALE,
): string | undefined {
  const reading = readAttributeValue(attribute, valor, locale);
  return reading.ok ? undefined : reading.error;
}

/**
 * The stored text of a value typed in `locale` ('1.200' → '1200', 'sí' → 'S', '25/12/2024' → '2024-12-25',
 * 'rojo' → 'Rojo'); a value the rule refuses is kept as typed (nothing typed is lost; the field says why).
 */
export function storedAttributeValue(
  attribute: TypedAttribute,
  valor: string,
  locale: string = FILE_NUMBER_LOCALE,
): string {
  const reading = readAttributeValue(attribute, valor, locale);
  return reading.ok && reading.value !== '' ? reading.value : valor;
}

/**
 * The attribute's own declaration (field → Spanish message): a 'lista' attribute declares its values, and its
 * default value (valorDefecto) is a value of its type.
 */
export function attributeDeclarationErrors(
  attribute: TypedAttribute & { valorDefecto?: unknown },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (attributeType(attribute) === 'lista' && !attributeChoices(attribute).length) {
    errors.posiblesValores =
      'Un atributo «Uno de una lista» necesita sus valores posibles, separados por comas';
  }
  const defaultError = attributeValueError(attribute, attribute.valorDefecto);
  if (defaultError) errors.valorDefecto = defaultError;
  return errors;
}
