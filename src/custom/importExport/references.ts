/**
 * The import's side of "references are references" (src/core/references.ts, the rule the API applies): the
 * names a file's rows give in fields declared `namesOf` with `mustExist` are looked up in the selected company
 * (through the import backend: the whole list of a small target such as categories or brands, the names
 * written for products), and a row naming what does not exist gets a problem with the reason — in the preview,
 * so it is not counted as «Correcta», and in the import, which rejects it without sending it.
 */
import {
  nameKeys,
  namesToLookUp,
  referenceErrors,
  referenceRules,
  type ReferenceRule,
} from '../../core/references';
import { registry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { ImportBackend } from './backend';
import type { PreparedRow } from './prepare';

/** Targets looked up by the names written rather than read whole (they may hold hundreds of thousands). */
const LOOKUP_BY_NAME: ReadonlySet<string> = new Set(['productos']);
/** Names per lookup of a large target (the where travels in a URL). */
const NAMES_PER_LOOKUP = 100;
/** Rows checked between two pauses that let the page handle its events. */
const CHECK_CHUNK = 5000;

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The declared rules of a table (none: nothing to look up). */
export const importReferenceRules = (schema: ResourceSchema): ReferenceRule[] =>
  referenceRules(schema, registry);

async function knownNames(
  rule: ReferenceRule,
  names: readonly string[],
  backend: ImportBackend,
  signal?: AbortSignal,
): Promise<Set<string>> {
  if (!LOOKUP_BY_NAME.has(rule.target)) {
    const rows = await backend.find(rule.target, {}, signal);
    return nameKeys(rows.map((row) => row[rule.targetField]));
  }
  const known = new Set<string>();
  const variants = [...new Set(names.flatMap((name) => [name, name.toUpperCase(), name.toLowerCase()]))];
  for (let start = 0; start < variants.length; start += NAMES_PER_LOOKUP) {
    const chunk = variants.slice(start, start + NAMES_PER_LOOKUP);
    const rows = await backend.find(rule.target, { [rule.targetField]: { inq: chunk } }, signal);
    for (const key of nameKeys(rows.map((row) => row[rule.targetField]))) known.add(key);
  }
  return known;
}

/**
 * `rows` with a problem added to each row without problems that names records that do not exist (the file's
 * column, the rule's Spanish message). Rows are copied, not changed.
 */
export async function checkReferences(
  schema: ResourceSchema,
  rows: readonly PreparedRow[],
  backend: ImportBackend,
  options: { columnOf?: Readonly<Record<string, string>>; signal?: AbortSignal } = {},
): Promise<PreparedRow[]> {
  const rules = importReferenceRules(schema);
  const candidates = rows.filter((row) => !row.problems.length);
  if (!rules.length || !candidates.length) return [...rows];
  const wanted = new Map<string, Set<string>>();
  for (let start = 0; start < candidates.length; start += CHECK_CHUNK) {
    if (start) await pause();
    const chunk = candidates.slice(start, start + CHECK_CHUNK).map((row) => row.values);
    for (const [field, names] of namesToLookUp(rules, chunk)) {
      const all = wanted.get(field) ?? new Set<string>();
      for (const name of names) all.add(name);
      wanted.set(field, all);
    }
  }
  const known = new Map<string, Set<string>>();
  for (const rule of rules) {
    const names = [...(wanted.get(rule.field) ?? [])];
    if (names.length) known.set(rule.field, await knownNames(rule, names, backend, options.signal));
  }
  const out: PreparedRow[] = [];
  for (let start = 0; start < rows.length; start += CHECK_CHUNK) {
    // the page stays responsive: a large file is checked a chunk at a time
    if (start) await pause();
    for (const row of rows.slice(start, start + CHECK_CHUNK)) {
      const errors = row.problems.length
        ? {}
        : referenceErrors(rules, row.values, (rule) => known.get(rule.field));
      const entries = Object.entries(errors);
      out.push(
        entries.length
          ? {
              ...row,
              problems: entries.map(([field, message]) => ({
                column: options.columnOf?.[field] ?? field,
                reason: `El campo '${field}' no es correcto: ${message}`,
              })),
            }
          : row,
      );
    }
  }
  return out;
}
