/**
 * References are references on the API: a field declared `namesOf` with `mustExist` (a product's categorías and
 * familias, its general data's marca, a club's filters, the second SKU of a substitute, spare part or assembled
 * product, a range's SKU) must name records of the row's own company, on every create, replace and update —
 * a call straight to the API included. 422 in LoopBack's validation shape naming the field otherwise, with the
 * message of the rule the forms and the CSV import apply (src/core/references.ts). Names the stored row
 * already held are kept.
 * The row's company: its company field, or its parent's (a product's general data through productoId, a
 * substitute through the product named by skuPrincipal).
 */
import {
  missingNames,
  nameKeys,
  referencedNames,
  referenceErrors,
  referenceRules,
  type ReferenceRule,
} from '../../src/core/references';
import type { ResourceSchema } from '../../src/resources/types';
import type { Feature } from '../feature';
import type { PlainRow, RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';

/** No company could be found for the row (its parent does not exist): the names are looked up in every company. */
const ANY_COMPANY = Symbol('any company');

/** Targets with this many records or more are looked up by the names written rather than read whole (products). */
const LOOKUP_BY_NAME: ReadonlySet<string> = new Set(['productos']);

export function referenceRule(repos: RepositorySet, schema: ResourceSchema, rules: readonly ReferenceRule[]) {
  const own = repos.repository(schema.name);
  const idField = schema.idField ?? 'id';

  /** The company of each row (parents read at once). */
  const companiesOf = async (rows: readonly PlainRow[]): Promise<unknown[]> => {
    if (schema.companyField) return rows.map((row) => row[schema.companyField!] ?? ANY_COMPANY);
    const via = schema.companyVia;
    const keyOf = (row: PlainRow) => (via ? row[via.field] : undefined);
    const keys = [...new Set(rows.map(keyOf).filter((key) => key !== undefined && key !== null))];
    if (!via || !keys.length) return rows.map(() => ANY_COMPANY);
    const parents = repos.repository(via.parent);
    const key = via.parentKey ?? parents.schema.idField ?? 'id';
    const field = parents.schema.companyField;
    const found: PlainRow[] = await parents.find({ where: { [key]: { inq: keys } } });
    const owner = new Map(found.map((parent) => [String(parent[key]), field ? parent[field] : undefined]));
    return rows.map((row) => {
      const k = keyOf(row);
      return k === undefined || k === null ? ANY_COMPANY : (owner.get(String(k)) ?? ANY_COMPANY);
    });
  };

  const companyOf = async (row: PlainRow): Promise<unknown> => {
    if (schema.companyField) return row[schema.companyField] ?? ANY_COMPANY;
    const via = schema.companyVia;
    if (!via || row[via.field] === undefined || row[via.field] === null) return ANY_COMPANY;
    const parents = repos.repository(via.parent);
    const key = via.parentKey ?? parents.schema.idField ?? 'id';
    const parent: PlainRow | null = await parents.findOne({ where: { [key]: row[via.field] } });
    const field = parents.schema.companyField;
    return parent && field ? (parent[field] ?? ANY_COMPANY) : ANY_COMPANY;
  };

  /** The keys of the names of `rule`'s target in `company` among (or, for small targets, beyond) `names`. */
  const knownNames = async (rule: ReferenceRule, company: unknown, names: string[]): Promise<Set<string>> => {
    const targets = repos.repository(rule.target);
    const where: PlainRow = {};
    const companyField = targets.schema.companyField;
    if (company !== ANY_COMPANY && companyField) where[companyField] = company;
    if (LOOKUP_BY_NAME.has(rule.target)) {
      // exact on stores comparing case-sensitively: the names as written and in either case
      const variants = names.flatMap((name) => [name, name.toUpperCase(), name.toLowerCase()]);
      where[rule.targetField] = { inq: [...new Set(variants)] };
    }
    const rows: PlainRow[] = await targets.find({ where, fields: { [rule.targetField]: true } });
    return nameKeys(rows.map((row) => row[rule.targetField]));
  };

  /** field → message for the names `row` adds (to `previous`, its stored version) that its company lacks. */
  const problems = async (row: PlainRow, previous?: PlainRow): Promise<Record<string, string>> => {
    // only what the write adds is looked up (an update leaving the names as they were reads nothing)
    const added = rules
      .map((rule) => ({
        rule,
        names: missingNames(rule, row[rule.field], new Set(), previous?.[rule.field]),
      }))
      .filter(({ names }) => names.length);
    if (!added.length) return {};
    const company = await companyOf(row);
    const known = new Map<string, Set<string>>();
    for (const { rule, names } of added) known.set(rule.field, await knownNames(rule, company, names));
    return referenceErrors(
      added.map(({ rule }) => rule),
      row,
      (rule) => known.get(rule.field),
      previous,
    );
  };

  return {
    problems,

    async beforeWrite(row: PlainRow, stored?: PlainRow): Promise<void> {
      if (!rules.some((rule) => referencedNames(rule, row[rule.field]).length)) return;
      const id = row[idField];
      const previous =
        stored ??
        (id === undefined || id === null
          ? undefined
          : ((await own.findOne({ where: { [idField]: id } })) ?? undefined));
      const errors = await problems(row, previous);
      if (Object.keys(errors).length) throw fieldErrors(errors, 'reference');
    },

    /** The same rule for a batch: the stored rows, the parents and each target's names read once per company. */
    async beforeWriteMany(
      rows: PlainRow[],
      stored?: (PlainRow | undefined)[],
    ): Promise<(unknown | undefined)[]> {
      const refusals: (unknown | undefined)[] = rows.map(() => undefined);
      const naming = rows.flatMap((row, i) =>
        rules.some((rule) => referencedNames(rule, row[rule.field]).length) ? [i] : [],
      );
      if (!naming.length) return refusals;
      const unreadIds = naming
        .filter((i) => !stored?.[i])
        .map((i) => rows[i][idField])
        .filter((id) => id !== undefined && id !== null);
      const read = unreadIds.length
        ? new Map(
            (await own.find({ where: { [idField]: { inq: unreadIds } } })).map((row) => [
              String(row[idField]),
              row,
            ]),
          )
        : new Map<string, PlainRow>();
      const previousOf = (i: number): PlainRow | undefined => {
        const id = rows[i][idField];
        return stored?.[i] ?? (id === undefined || id === null ? undefined : read.get(String(id)));
      };
      const adding = naming
        .map((i) => {
          const previous = previousOf(i);
          const added = rules
            .map((rule) => ({
              rule,
              names: missingNames(rule, rows[i][rule.field], new Set(), previous?.[rule.field]),
            }))
            .filter(({ names }) => names.length);
          return { i, previous, added };
        })
        .filter(({ added }) => added.length);
      if (!adding.length) return refusals;
      const companies = await companiesOf(adding.map(({ i }) => rows[i]));
      // per rule and company: the names the batch adds, looked up once
      const wanted = new Map<string, { rule: ReferenceRule; company: unknown; names: Set<string> }>();
      const slot = (rule: ReferenceRule, company: unknown) =>
        `${rule.field}\u0000${company === ANY_COMPANY ? '*' : String(company)}`;
      adding.forEach(({ added }, k) => {
        for (const { rule, names } of added) {
          const key = slot(rule, companies[k]);
          const entry = wanted.get(key) ?? { rule, company: companies[k], names: new Set<string>() };
          for (const name of names) entry.names.add(name);
          wanted.set(key, entry);
        }
      });
      const known = new Map<string, Set<string>>();
      for (const [key, { rule, company, names }] of wanted)
        known.set(key, await knownNames(rule, company, [...names]));
      adding.forEach(({ i, previous, added }, k) => {
        const errors = referenceErrors(
          added.map(({ rule }) => rule),
          rows[i],
          (rule) => known.get(slot(rule, companies[k])),
          previous,
        );
        if (Object.keys(errors).length) refusals[i] = fieldErrors(errors, 'reference');
      });
      return refusals;
    },
  };
}

export const feature: Feature = {
  name: 'integrity-references',
  register: ({ repositories, registry }) => {
    for (const schema of registry) {
      if (schema.view || !repositories.repositories.has(schema.name)) continue;
      const rules = referenceRules(schema, registry).filter((rule) =>
        repositories.repositories.has(rule.target),
      );
      if (rules.length)
        repositories.repository(schema.name).addHooks(referenceRule(repositories, schema, rules));
    }
  },
};
