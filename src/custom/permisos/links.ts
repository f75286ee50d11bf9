/** Id lists of a record's many-to-many links (a user's roles, a role's permisos). Pure. */

/** The ids of included related records (`record.roles`, `record.permisos`), numeric, unique, sorted. */
export const idsOf = (related: unknown): number[] =>
  normalizeIds(Array.isArray(related) ? related.map((item) => (item as { id?: unknown } | null)?.id) : []);

/** A form value → numeric, unique, sorted ids (strings of digits accepted; anything else dropped). */
export const normalizeIds = (value: unknown): number[] => {
  const list = Array.isArray(value) ? value : [];
  const ids = list
    .map((item) => (typeof item === 'string' && item.trim() !== '' ? Number(item) : item))
    .filter((item): item is number => typeof item === 'number' && Number.isInteger(item));
  return [...new Set(ids)].sort((a, b) => a - b);
};

export const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** The record's own fields for the entity's save: the link lists and their included records removed. */
export const withoutLinks = (
  data: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> => Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));
