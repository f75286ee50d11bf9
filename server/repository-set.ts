/**
 * All repositories of the API, generated from the registry: one SchemaRepository per stored schema, one
 * ViewRepository per `view: true` schema, one InternalRepository per join model, for refresh tokens and for generation claims;
 * relations wired to their inclusion resolvers.
 */
import type { juggler } from '@loopback/repository';
import type { ResourceSchema } from '../src/resources/types';
import { joinDecorator, joinsFor } from './joins';
import { installParentScope } from './parent-scope';
import type { ModelSet } from './models';
import { InternalRepository, SchemaRepository, type RowClass } from './repositories';
import { ViewRepository } from './views';

export interface RepositorySet {
  /** schema.name → repository of a stored resource. */
  repositories: Map<string, SchemaRepository>;
  /** schema.name → view repository. */
  views: Map<string, ViewRepository>;
  /** join model name → repository. */
  joinRepositories: Map<string, InternalRepository>;
  refreshTokens: InternalRepository;
  /** Claims on AI generation queue rows (ai/claims.ts). */
  generationClaims: InternalRepository;
  /** The store runs company scoping through a parent as a subquery (parent-scope.ts). */
  parentSubqueries: boolean;
  /** The repository of a stored resource (throws if there is none). */
  repository(name: string): SchemaRepository;
}

export function createRepositories(
  schemas: readonly ResourceSchema[],
  models: ModelSet,
  dataSource: juggler.DataSource,
): RepositorySet {
  const repositories = new Map<string, SchemaRepository>();
  const views = new Map<string, ViewRepository>();
  const joinRepositories = new Map<string, InternalRepository>();
  const repository = (name: string): SchemaRepository => {
    const found = repositories.get(name);
    if (!found) throw new Error(`No repository for resource ${name}`);
    return found;
  };
  const modelOf = (schema: ResourceSchema) => models.bySchema.get(schema.name) as RowClass;

  for (const schema of schemas) {
    if (schema.view) {
      views.set(schema.name, new ViewRepository(modelOf(schema), schema, repository, dataSource));
      continue;
    }
    const joins = joinsFor(schema.name);
    repositories.set(
      schema.name,
      new SchemaRepository(modelOf(schema), dataSource, schema, {
        joinedFields: joins.flatMap((j) => Object.keys(j.columns)),
        decorate: joins.length ? joinDecorator(joins, repository) : undefined,
      }),
    );
  }
  for (const [name, model] of models.joins) {
    joinRepositories.set(name, new InternalRepository(model as RowClass, dataSource));
  }
  for (const repo of repositories.values()) {
    for (const relation of repo.schema.relations ?? []) {
      const through = relation.through ? joinRepositories.get(relation.through.model) : undefined;
      repo.registerRelation(
        relation,
        async () => repository(relation.target),
        through ? async () => through : undefined,
      );
    }
  }
  const refreshTokens = new InternalRepository(models.refreshToken as RowClass, dataSource);
  const generationClaims = new InternalRepository(models.generationClaim as RowClass, dataSource);
  const parentSubqueries = installParentScope(dataSource);
  return {
    repositories,
    views,
    joinRepositories,
    refreshTokens,
    generationClaims,
    parentSubqueries,
    repository,
  };
}
