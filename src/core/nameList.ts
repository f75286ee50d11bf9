/**
 * A text field holding a list of names of another resource's records, separated by commas or semicolons
 * (schema `namesOf`, e.g. an attribute's categories). Pure: the names in a value, the ones that are not known,
 * and the completions of the name being typed.
 */
import { compareSpanish } from './spanishOrder';

/** The names in a list value ('Taladros, Sierras;Jardín' → three names), trimmed, empty ones dropped. */
export const splitNames = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(/[;,]/)
        .map((part) => part.trim())
        .filter(Boolean)
    : [];

/** Keys already made: a file or a batch names the same few categories and families row after row. */
const madeKeys = new Map<string, string>();
const MADE_KEYS_MAX = 10_000;

/** Names compare case- and accent-insensitively, surrounding spaces ignored (as MySQL's default collation). */
export const nameKey = (name: string): string => {
  let key = madeKeys.get(name);
  if (key === undefined) {
    key = name
      .trim()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLocaleLowerCase('es');
    if (madeKeys.size >= MADE_KEYS_MAX) madeKeys.clear();
    madeKeys.set(name, key);
  }
  return key;
};

/** The names of `value` that are not among `known` (each once, as typed). */
export const unknownNames = (value: unknown, known: readonly string[]): string[] => {
  const keys = new Set(known.map(nameKey));
  const seen = new Set<string>();
  return splitNames(value).filter((name) => {
    const key = nameKey(name);
    if (keys.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export interface Completion {
  /** The whole field value with the name being typed completed. */
  value: string;
  /** The name it completes to. */
  name: string;
}

/**
 * The completions of the last name of `value` (the text after the last separator): known names containing
 * it and not already in the list, the ones starting with it first; at most `max`.
 */
export const completions = (value: string, known: readonly string[], max = 20): Completion[] => {
  const cut = Math.max(value.lastIndexOf(','), value.lastIndexOf(';')) + 1;
  const head = value.slice(0, cut);
  const rest = value.slice(cut);
  // the spaces the person typed after the separator are kept
  const lead = /^\s*/.exec(rest)?.[0] ?? '';
  const typed = nameKey(rest);
  const present = new Set(splitNames(head).map(nameKey));
  const candidates = [...new Map(known.map((name) => [nameKey(name), name])).values()].filter(
    (name) => !present.has(nameKey(name)) && nameKey(name).includes(typed),
  );
  const starts = (name: string) => (nameKey(name).startsWith(typed) ? 0 : 1);
  return candidates
    .sort((a, b) => starts(a) - starts(b) || compareSpanish(a, b))
    .slice(0, max)
    .map((name) => ({ name, value: `${head}${lead}${name}` }));
};

/** The warning under the field for names that are not known (undefined when all are). */
export const unknownNamesWarning = (unknown: readonly string[], targetPlural: string): string | undefined =>
  unknown.length
    ? `${unknown.map((name) => `«${name}»`).join(', ')} no ${unknown.length === 1 ? 'existe' : 'existen'} en ` +
      `${targetPlural}: se guardará igualmente.`
    : undefined;

/**
 * `value` with the name `from` replaced by `to` (compared as nameKey does), the separators and spaces around
 * each name kept as they were; `one`: the whole value is one name (a brand). Undefined when `from` is not in it.
 */
export const renameInNames = (value: unknown, from: string, to: string, one = false): string | undefined => {
  if (typeof value !== 'string' || !from.trim()) return undefined;
  const key = nameKey(from);
  const parts = one ? [value] : value.split(/([;,])/);
  let changed = false;
  const renamed = parts.map((part, index) => {
    if ((!one && index % 2 === 1) || nameKey(part) !== key) return part;
    changed = true;
    const [, lead, , trail] = /^(\s*)(.*?)(\s*)$/s.exec(part) ?? [];
    return `${lead ?? ''}${to.trim()}${trail ?? ''}`;
  });
  return changed ? renamed.join('') : undefined;
};
