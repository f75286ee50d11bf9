/**
 * An icon's possible values (Icono.posiblesValores, a comma list such as 'A+,A,B'): a product's icon text must be
 * one of them when the icon declares any. Pure: the product editor and the API apply the same rule.
 */

/** The values of a posiblesValores text, trimmed, empty ones dropped. */
export const possibleValues = (text: unknown): string[] =>
  String(text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

const key = (text: string): string => text.trim().toLocaleLowerCase('es');

/**
 * Why `texto` is not allowed for an icon with these possible values (Spanish), or undefined: any text when the
 * icon declares none; an empty text is always allowed (the icon shown without a value).
 */
export function iconValueError(
  iconName: string,
  posiblesValores: unknown,
  texto: unknown,
): string | undefined {
  const values = Array.isArray(posiblesValores)
    ? posiblesValores.map(String)
    : possibleValues(posiblesValores);
  const text = String(texto ?? '').trim();
  if (!values.length || text === '') return undefined;
  return values.some((value) => key(value) === key(text))
    ? undefined
    : `«${text}» no es un valor posible del icono «${iconName}»: use ${values.join(', ')}`;
}
