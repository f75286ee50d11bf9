/**
 * Readiness rules follow what they name, in the rename's own transaction (a recordWrites hook: the rename and
 * the rules change together or not at all):
 * - a family's `nombre` → the rules' `familia`;
 * - an attribute's `nombre` → the `campo` of the rules of tipo `atributo`;
 * - a category's `codigo` → the rules' `categoriaCodigo`.
 * Names and codes belong to a company, so only the renaming company's rules are rewritten; another company's
 * rules are left as they are. A rule shared by every company (no `empresaId`) stays as declared for the others
 * and the renaming company gets its own copy naming the new name (none when it already has one). The scores
 * are recomputed by the jobs the rename and the rule changes schedule (product-readiness.ts).
 */
import type { Options } from '@loopback/repository';
import { nameKey } from '../../../src/core/nameList';
import type { PlainRow, RepositorySet, StoredEntity } from '../../repository-set';
import type { WriteRecord } from '../../write-rules';
import { RULES } from './compute';

interface Follow {
  /** The renamed resource and the field the rules name it by. */
  resource: string;
  key: 'nombre' | 'codigo';
  /** The rule field naming it, and the rule type it concerns (any when absent). */
  field: 'familia' | 'campo' | 'categoriaCodigo';
  tipo?: string;
}

export const RULE_FOLLOWS: readonly Follow[] = [
  { resource: 'familias', key: 'nombre', field: 'familia' },
  { resource: 'atributos', key: 'nombre', field: 'campo', tipo: 'atributo' },
  { resource: 'categorias', key: 'codigo', field: 'categoriaCodigo' },
];

/** The fields that make two rules ask the same thing. */
const SIGNATURE = ['marketplaceId', 'tipo', 'campo', 'categoriaCodigo', 'familia'] as const;
/** A rule as stored (or as copied for a company, without its id). */
type Rule = StoredEntity<typeof RULES>;

const signature = (rule: Rule): string =>
  SIGNATURE.map((field) =>
    field === 'marketplaceId' ? String(rule[field]) : nameKey(String(rule[field] ?? '')),
  ).join('|');

const companyOf = (value: unknown): number | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value))
    ? null
    : Number(value);

/** Rewrites the rules of `company` naming `from` to `to` (see the module's comment); answers how many changed. */
export async function followRename(
  repos: RepositorySet,
  follow: Follow,
  company: number | null,
  from: string,
  to: string,
  options: Options,
): Promise<number> {
  const rules = repos.repository(RULES);
  const everyCompany = { empresaId: { eq: null } };
  const owners = company === null ? [everyCompany] : [{ empresaId: company }, everyCompany];
  const candidates = (
    await rules.find(
      { where: { and: [{ or: owners }, ...(follow.tipo ? [{ tipo: follow.tipo }] : [])] } },
      options,
    )
  ).map((row) => row.toObject());
  const wanted = nameKey(from);
  const naming = candidates.filter((rule) => nameKey(String(rule[follow.field] ?? '')) === wanted);
  if (!naming.length) return 0;
  const existing = new Set(
    candidates.filter((rule) => companyOf(rule.empresaId) === company).map((rule) => signature(rule)),
  );
  const shared = new Set(
    candidates.filter((rule) => companyOf(rule.empresaId) === null).map((rule) => signature(rule)),
  );
  let changed = 0;
  for (const rule of naming) {
    const renamed = { ...rule, [follow.field]: to };
    const own = companyOf(rule.empresaId) === company;
    if (own && company !== null && shared.has(signature(renamed))) {
      // a shared rule already asks this of the company's products: the company's copy would repeat it
      await rules.deleteById(rule.id, options);
    } else if (own) {
      await rules.updateById(rule.id, { [follow.field]: to }, options);
    } else if (!existing.has(signature(renamed))) {
      const copy: Rule = { ...renamed, empresaId: company };
      delete copy.id;
      await rules.create(copy, options);
      existing.add(signature(renamed));
    } else continue;
    changed++;
  }
  return changed;
}

/** Adds the hooks: a rename of a family, an attribute or a category's code carries to the rules. */
export function installRuleRenames(repos: RepositorySet): void {
  if (!repos.repositories.has(RULES)) return;
  for (const follow of RULE_FOLLOWS) {
    if (!repos.repositories.has(follow.resource)) continue;
    repos.repository(follow.resource).addHooks({
      recordWrites: async (records: WriteRecord<PlainRow>[], options: Options) => {
        for (const { before, after } of records) {
          if (!before || !after) continue;
          const from = String(before[follow.key] ?? '');
          const to = String(after[follow.key] ?? '');
          if (!from.trim() || !to.trim() || nameKey(from) === nameKey(to)) continue;
          await followRename(repos, follow, companyOf(after.empresaId), from, to, options);
        }
      },
    });
  }
}
