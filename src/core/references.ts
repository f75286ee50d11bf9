/**
 * References are references: a field declared `namesOf: { reference, mustExist: true }` in its schema (a
 * product's categorías and familias, its general data's marca, a club's filters, the second SKU of a
 * substitute, spare part or assembled product, a range's SKU) names records of its company by their name, and a
 * name that no such record has is refused. One rule for the forms, the CSV import (preview and import) and the
 * API (server/features/integrity-references.ts): they differ only in how they find the company's names.
 * Names compare as nameKey does (case, accents and surrounding spaces ignored, as MySQL's default collation).
 * Names the stored record already held are kept (a record saved before the rule existed can still be edited;
 * only what the write adds must exist). Pure.
 */
import { nameKey, splitNames } from './nameList';

/** The part of a field declaration the rule reads (structurally a src/resources FieldSchema). */
interface DeclaredField {
  name: string;
  label: string;
  namesOf?: { reference: string; field?: string; one?: boolean; mustExist?: boolean };
}

/** The part of a resource declaration the rule reads (structurally a src/resources ResourceSchema). */
interface DeclaredResource {
  name: string;
  labelPlural: string;
  aliases?: readonly string[];
  fields: readonly DeclaredField[];
}

/** One field that must name existing records. */
export interface ReferenceRule {
  /** The field holding the name(s). */
  field: string;
  /** Its Spanish label. */
  label: string;
  /** The resource whose records it names (its API path: 'categorias', 'Marca', 'productos'). */
  target: string;
  /** The target's field holding the name (default 'nombre'). */
  targetField: string;
  /** One name (a brand, a SKU) rather than a list of names. */
  one: boolean;
  /** The target's Spanish plural, lower-cased, for messages ('categorías'). */
  targetPlural: string;
}

/** The fields of `schema` that must name existing records (schema `namesOf` with `mustExist`). */
export function referenceRules(
  schema: DeclaredResource,
  schemas: readonly DeclaredResource[],
): ReferenceRule[] {
  return schema.fields.flatMap((field) => {
    const names = field.namesOf;
    if (!names?.mustExist) return [];
    const target = schemas.find((s) => s.name === names.reference || s.aliases?.includes(names.reference));
    return [
      {
        field: field.name,
        label: field.label,
        target: names.reference,
        targetField: names.field ?? 'nombre',
        one: Boolean(names.one),
        targetPlural: (target?.labelPlural ?? names.reference).toLocaleLowerCase('es'),
      },
    ];
  });
}

/** The names a value holds: the whole trimmed text for a single name, the split list otherwise. */
export const referencedNames = (rule: Pick<ReferenceRule, 'one'>, value: unknown): string[] => {
  if (!rule.one) return splitNames(value);
  if (typeof value === 'number') return [String(value)];
  return typeof value === 'string' && value.trim() ? [value.trim()] : [];
};

/** The keys of some names, for `known` (see missingNames). */
export const nameKeys = (names: Iterable<unknown>): Set<string> => {
  const keys = new Set<string>();
  for (const name of names) if (typeof name === 'string' && name.trim()) keys.add(nameKey(name));
  return keys;
};

/**
 * The names of `value` that are not among `known` (keys made by nameKeys) nor in `previous` (the stored
 * value of the same field), each once, as written.
 */
export function missingNames(
  rule: Pick<ReferenceRule, 'one'>,
  value: unknown,
  known: ReadonlySet<string>,
  previous?: unknown,
): string[] {
  const kept = nameKeys(referencedNames(rule, previous));
  const seen = new Set<string>();
  return referencedNames(rule, value).filter((name) => {
    const key = nameKey(name);
    if (known.has(key) || kept.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The Spanish message for names that do not exist: «Prof» no existe entre las familias de la empresa. */
export const missingReferenceMessage = (
  rule: Pick<ReferenceRule, 'targetPlural'>,
  missing: readonly string[],
): string => {
  const article = rule.targetPlural.endsWith('as') ? 'las' : 'los';
  const verb = missing.length === 1 ? 'existe' : 'existen';
  return `${missing.map((name) => `«${name}»`).join(', ')} no ${verb} entre ${article} ${rule.targetPlural} de la empresa.`;
};

/**
 * field → message for every rule whose value names what `known(rule)` does not hold (nor the stored record
 * `previous`). `known` answers the keys of the company's names of the rule's target; a rule it answers
 * undefined for is not checked (its names could not be read).
 */
export function referenceErrors(
  rules: readonly ReferenceRule[],
  row: Readonly<Record<string, unknown>>,
  known: (rule: ReferenceRule) => ReadonlySet<string> | undefined,
  previous?: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of rules) {
    if (!(rule.field in row)) continue;
    const keys = known(rule);
    if (!keys) continue;
    const missing = missingNames(rule, row[rule.field], keys, previous?.[rule.field]);
    if (missing.length) errors[rule.field] = missingReferenceMessage(rule, missing);
  }
  return errors;
}

/** The names a set of rows hold per rule field (what a lookup of the target must answer for). */
export function namesToLookUp(
  rules: readonly ReferenceRule[],
  rows: Iterable<Readonly<Record<string, unknown>>>,
): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>(rules.map((rule) => [rule.field, new Set<string>()]));
  for (const row of rows) {
    for (const rule of rules) {
      for (const name of referencedNames(rule, row[rule.field])) wanted.get(rule.field)?.add(name);
    }
  }
  return wanted;
}
