/**
 * First-start seeding with the deterministic demo data of ./seed (buildDemoData). Rows are inserted through
 * the repositories (passwords hashed, stamps set, unique keys checked) in dependency order: referenced
 * resources first, join models last, all in one transaction: a start stopped while it seeds leaves no
 * half demo behind (its companies would keep the next start from seeding the rest).
 */
import type { juggler } from '@loopback/repository';
import type { ResourceSchema } from '../src/resources/types';
import type { RepositorySet } from './repository-set';
import { buildDemoData, type DemoData, type DemoLogin } from './seed/index';
import { inTransaction } from './transaction';

export type { DemoData, DemoLogin };

export const demoData = (): DemoData => buildDemoData();

export const demoLogins = (): DemoLogin[] => buildDemoData().logins;

/** Schemas ordered so that every referenced resource comes before the resources referring to it. */
export function insertionOrder(schemas: readonly ResourceSchema[]): ResourceSchema[] {
  const byName = new Map<string, ResourceSchema>();
  for (const s of schemas) {
    byName.set(s.name, s);
    for (const alias of s.aliases ?? []) byName.set(alias, s);
  }
  const ordered: ResourceSchema[] = [];
  const state = new Map<ResourceSchema, 'visiting' | 'done'>();
  const visit = (schema: ResourceSchema) => {
    if (state.get(schema)) return; // done, or a reference cycle: leave it where it is
    state.set(schema, 'visiting');
    for (const field of schema.fields) {
      const target = field.reference ? byName.get(field.reference) : undefined;
      if (target && target !== schema) visit(target);
    }
    state.set(schema, 'done');
    ordered.push(schema);
  };
  schemas.forEach(visit);
  return ordered;
}

/** Inserts the demo data if the store has no empresas. Returns whether it seeded. */
export async function seedIfEmpty(
  set: RepositorySet,
  dataSource: juggler.DataSource,
  build: () => DemoData = demoData,
): Promise<boolean> {
  const empresas = set.repositories.get('empresas');
  if (!empresas || (await empresas.count()).count > 0) return false;
  const data = build();
  const known = new Set<string>();
  await inTransaction(dataSource, async (options) => {
    for (const schema of insertionOrder([...set.repositories.values()].map((r) => r.schema))) {
      known.add(schema.name);
      const rows = data.rows[schema.name];
      if (rows?.length) await set.repository(schema.name).createAll(rows, options);
    }
    for (const [name, repo] of set.joinRepositories) {
      known.add(name);
      const rows = data.rows[name];
      if (rows?.length) await repo.createAll(rows, options);
    }
  });
  const unknown = Object.keys(data.rows).filter((name) => !known.has(name) && !set.views.has(name));
  if (unknown.length) console.warn(`Seed: no repository for ${unknown.join(', ')}; rows skipped.`);
  return true;
}
