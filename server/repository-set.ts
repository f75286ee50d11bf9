/**
 * All repositories of the API, generated from the registry: one SchemaRepository per stored schema, one
 * ViewRepository per `view: true` schema, one InternalRepository per join model, for refresh tokens and for generation claims;
 * relations wired to their inclusion resolvers.
 */
import type {
  Count,
  DataObject,
  Entity,
  Filter,
  FilterExcludingWhere,
  Options,
  Where,
  juggler,
} from '@loopback/repository';
import type { EntityOf, ResourceName } from '../src/resources/registry';
import type { ResourceSchema } from '../src/resources/types';
import { joinDecorator, joinsFor } from './joins';
import { installParentScope } from './parent-scope';
import type { ModelSet } from './models';
import { InternalRepository, SchemaRepository, plainRow, type IdType, type RowClass } from './repositories';
import { ViewRepository } from './views';
import type { WriteHooks } from './write-rules';

/** A stored record always has its id. */
export type Stored<E extends object> = 'id' extends keyof E
  ? Omit<E, 'id'> & { id: NonNullable<E['id']> }
  : E;

/**
 * A stored row of a declared resource: LoopBack's entity with the schema's fields typed (EntityOf) and its id
 * present.
 */
export type EntityRow<E extends object> = Omit<Entity, 'toObject' | 'toJSON'> &
  Stored<E> & {
    /** The row as a plain object of its declared fields. */
    toObject(): Stored<E>;
    toJSON(): Stored<E>;
  };

/** Where conditions and writes name declared fields only, with values of their types. */
type TypedMethods<E extends object> = {
  find(filter?: Filter<E>, options?: Options): Promise<EntityRow<E>[]>;
  findOne(filter?: Filter<E>, options?: Options): Promise<EntityRow<E> | null>;
  findById(id: IdType, filter?: FilterExcludingWhere<E>, options?: Options): Promise<EntityRow<E>>;
  count(where?: Where<E>, options?: Options): Promise<Count>;
  create(data: DataObject<E>, options?: Options): Promise<EntityRow<E>>;
  createAll(data: DataObject<E>[], options?: Options): Promise<EntityRow<E>[]>;
  updateById(id: IdType, data: DataObject<E>, options?: Options): Promise<void>;
  updateAll(data: DataObject<E>, where?: Where<E>, options?: Options): Promise<Count>;
  replaceById(id: IdType, data: DataObject<E>, options?: Options): Promise<void>;
  deleteAll(where?: Where<E>, options?: Options): Promise<Count>;
  /** Hooks around writes, given the rows as the declaration types them. */
  addHooks(hooks: WriteHooks<E, Stored<E>>): void;
};

/**
 * The repository of a declared resource, typed from its schema: the same SchemaRepository (write rules, hooks,
 * stamps), seen through the record type its declaration derives (src/resources/registry.ts EntityOf). Reads,
 * wheres and writes name declared fields only, with values of their types.
 */
export type TypedRepository<E extends object> = Omit<SchemaRepository, keyof TypedMethods<E>> &
  TypedMethods<E>;

/** The record of a registered resource as the API stores it (dates read as Date, written as Date or text). */
export type StoredEntity<N extends ResourceName> = EntityOf<N, Date | string>;

/** A stored record of the resource `N` as a plain object (what `toObject()` of its rows answers). */
export type StoredRecord<N extends ResourceName> = Stored<StoredEntity<N>>;

/** A row of the resource `N` as its repository reads it (an entity; `toObject()` gives the plain record). */
export type RowOf<N extends ResourceName> = EntityRow<StoredEntity<N>>;

/** A row of a resource named at run time (a child table of the product), as a plain object. */
export type PlainRow = Record<string, unknown>;

/** A row of a resource named at run time as a plain object. */
export { plainRow };

/** The repository of the resource `N` of the registry, every call checked against its declaration. */
export type RepositoryOf<N extends ResourceName> = TypedRepository<StoredEntity<N>>;

/**
 * `repository(name)`: for a registered resource's name, its repository with every call checked against the
 * declaration (RepositoryOf; `.untyped` gives the same repository for code driven by a schema at run time); for a
 * name known only at run time, the plain repository.
 */
export interface RepositoryLookup {
  <N extends ResourceName>(name: N): RepositoryOf<N>;
  (name: string): SchemaRepository;
}

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
  /**
   * The repository of a stored resource (throws if there is none), typed from its declaration when `name` is a
   * registered resource's.
   */
  repository: RepositoryLookup;
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
    // the same repositories, typed by the name's declaration
    repository: repository as RepositoryLookup,
  };
}
