/**
 * What the import's batch endpoints share (import-dry-run.ts: dry run and batch create; import-batch-update.ts:
 * batch update): the resource and the caller's right to write it, the company rules of the generated routes
 * applied to a whole batch at once (company.ts), and the error answer a write would give.
 */
import { BindingKey } from '@loopback/core';
import type { AnyObject } from '@loopback/repository';
import { getModelSchemaRef, HttpErrors, validateRequestBody, type RequestBodyObject } from '@loopback/rest';
import type { ReferenceObject, SchemaObject, SchemasObject } from '@loopback/rest';
import { canAccessWithRules } from '../../../src/core/permissions';
import type { ResourceSchema } from '../../../src/resources/types';
import type { AccessService } from '../../auth/access';
import type { CompanyAccess, CurrentUser } from '../../auth/keys';
import {
  companyScopeOf,
  forbiddenCompany,
  mayWriteCompany,
  scopedRepository,
  type CompanyScope,
  type CompanyScopedRepository,
} from '../../company';
import { apiIdOf, serverManagedFields, SURROGATE_ID } from '../../models';
import type { RepositorySet } from '../../repository-set';
import type { IdType, SchemaRepository } from '../../repositories';
import { seesCompany } from '../products/access';

/** Rows per request at most (the preview and the import send batches of up to this size). */
export const IMPORT_BATCH = 500;

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The error as the API answers it (what the import reads). */
export const errorBody = (error: unknown): AnyObject => {
  const e = (error ?? {}) as AnyObject;
  const notFound = e.code === 'ENTITY_NOT_FOUND';
  return {
    statusCode: Number(e.statusCode ?? e.status ?? (notFound ? 404 : 500)),
    message: String(e.message ?? error),
    ...(e.code ? { code: e.code } : {}),
    ...(Array.isArray(e.details) ? { details: e.details } : {}),
  };
};

/** The position of the row a batch refusal names (`rowIndex`, set by the repository), if any. */
export const rowIndexOf = (error: unknown): number | undefined => {
  const index = (error as { rowIndex?: unknown } | null)?.rowIndex;
  return typeof index === 'number' ? index : undefined;
};

/** A refusal of the row at `index` of a batch. */
export const atRow = (error: Error, index: number): Error => Object.assign(error, { rowIndex: index });

export interface ImportTarget {
  repo: SchemaRepository;
  schema: ResourceSchema;
  empresaId: unknown;
}

/** The resource's repository, after checking the caller may write it (one of `actions`) in the company. */
export async function importTarget(
  repos: RepositorySet,
  access: CompanyAccess,
  accessService: AccessService,
  user: CurrentUser,
  resource: string,
  requested: number | undefined,
  actions: readonly ('create' | 'update')[],
): Promise<ImportTarget> {
  if (!repos.repositories.has(resource)) throw new HttpErrors.NotFound(`Recurso desconocido: ${resource}`);
  const repo = repos.repository(resource);
  const schema = repo.schema;
  if (schema.view) throw new HttpErrors.NotFound(`Recurso desconocido: ${resource}`);
  const rules = (access.userId !== null && (await accessService.stateOf(user.id))?.rules) || [];
  if (!actions.some((action) => canAccessWithRules(rules, { action, resource }))) {
    throw new HttpErrors.Forbidden(`Sin permiso para importar ${resource}`);
  }
  const empresaId = requested ?? access.empresaId;
  if (schema.companyField && !seesCompany(access, empresaId)) {
    throw new HttpErrors.Forbidden('Sin acceso a la empresa');
  }
  return { repo, schema, empresaId };
}

/**
 * The company rules of the generated routes for a batch, each in a constant number of queries: which stored
 * rows the caller may see, and whether rows may be written with their company (or parent).
 */
export class BatchCompanyRules {
  private readonly scope: CompanyScope | undefined;
  private scopedRepo?: CompanyScopedRepository;

  constructor(
    private readonly repos: RepositorySet,
    private readonly schema: ResourceSchema,
    private readonly access: CompanyAccess,
    schemas: readonly ResourceSchema[],
  ) {
    this.scope = companyScopeOf(schema, schemas);
  }

  private scoped(schema: ResourceSchema, scope: CompanyScope): CompanyScopedRepository {
    return scopedRepository(schema, scope, this.repos.repository(schema.name), this.access, (s) =>
      this.repos.repository(s.name),
    );
  }

  /** The ids among `ids` of rows the caller may see. */
  async visibleIds(ids: readonly IdType[]): Promise<Set<string>> {
    const idField = this.schema.idField ?? 'id';
    if (!this.scope || this.access.admin) return new Set(ids.map(String));
    this.scopedRepo ??= this.scoped(this.schema, this.scope);
    const rows = (await this.scopedRepo.find({
      where: { [idField]: { inq: [...ids] } },
      fields: { [idField]: true },
    })) as AnyObject[];
    return new Set(rows.map((row) => String(row[idField])));
  }

  /**
   * 403 FORBIDDEN_COMPANY (marked with its row) for the first row written to a company — or under a parent —
   * the caller may not write, as a POST, PUT or PATCH of that row alone would answer. `creating`: new rows
   * (the company resource itself is then an admin's only).
   */
  async assertWritable(rows: readonly AnyObject[], creating: boolean): Promise<void> {
    const scope = this.scope;
    if (!scope || this.access.admin) return;
    if (scope.isCompanyResource) {
      if (creating && rows.length) throw atRow(forbiddenCompany(), 0);
      return;
    }
    const field = scope.field;
    if (!scope.via) {
      const index = rows.findIndex((row) => field in row && !mayWriteCompany(this.access, row[field]));
      if (index >= 0) throw atRow(forbiddenCompany(), index);
      return;
    }
    const keys = [...new Set(rows.map((row) => row[field]).filter((key) => !isBlank(key)))];
    const parent = scope.via;
    const visible = keys.length
      ? new Set(
          (
            (await this.scoped(parent.parent, parent.scope).find({
              where: { [parent.key]: { inq: keys } },
              fields: { [parent.key]: true },
            })) as AnyObject[]
          ).map((row) => String(row[parent.key])),
        )
      : new Set<string>();
    const required = this.schema.fields.some((f) => f.name === field && f.required);
    const index = rows.findIndex((row) => {
      if (!creating && !(field in row)) return false;
      const key = row[field];
      if (creating && key === undefined && required) return false; // invalid: validation answers
      return isBlank(key) || !visible.has(String(key));
    });
    if (index >= 0) throw atRow(forbiddenCompany(), index);
  }
}

/** The declarations of every resource (bound by the import features, for the company rules). */
export const IMPORT_SCHEMAS = BindingKey.create<readonly ResourceSchema[]>('pim.import.schemas');

/** The body of the batch endpoints: at most IMPORT_BATCH rows, each with its file line and values. */
export const rowsBody = (withId = false): RequestBodyObject => ({
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['rows'],
        properties: {
          empresaId: { type: 'number' },
          rows: {
            type: 'array',
            maxItems: IMPORT_BATCH,
            items: {
              type: 'object',
              required: withId ? ['line', 'id', 'values'] : ['line', 'values'],
              properties: {
                line: { type: 'number' },
                ...(withId ? { id: { oneOf: [{ type: 'number' }, { type: 'string' }] } } : {}),
                values: { type: 'object' },
              },
            },
          },
        },
      },
    },
  },
});

/**
 * The body schema of a POST (create) or PATCH (update) of a resource, as its generated routes declare it, and
 * an array of such bodies (a batch checked in one pass: LoopBack's validator builds a cache key of its options
 * at every call, which cost more than the check itself for 200 small rows).
 */
const bodySchemas = new Map<
  string,
  { schema: SchemaObject | ReferenceObject; batch: SchemaObject; definitions: SchemasObject }
>();

/**
 * 422 (marked with its row) for the first row whose values the resource's POST or PATCH would refuse as a
 * request body (types, lengths, unknown properties, required fields on a create): the same validation.
 */
export async function assertValidBodies(
  repo: SchemaRepository,
  rows: readonly AnyObject[],
  mode: 'create' | 'update',
): Promise<void> {
  const schema = repo.schema;
  const key = `${schema.name}:${mode}`;
  let body = bodySchemas.get(key);
  if (!body) {
    const apiId = apiIdOf(schema);
    const managed = serverManagedFields(schema);
    const exclude =
      mode === 'create'
        ? [...(apiId ? [apiId] : [SURROGATE_ID]), ...managed]
        : [...(apiId ? [] : [SURROGATE_ID]), ...managed];
    const ref = getModelSchemaRef(repo.entityClass, {
      partial: mode === 'update',
      exclude,
    } as Parameters<typeof getModelSchemaRef>[1]);
    const name = ref.$ref.split('/').pop() as string;
    const schemaRef = { $ref: `#/components/schemas/${name}` };
    body = {
      schema: schemaRef,
      batch: { type: 'array', items: schemaRef },
      definitions: (ref.definitions ?? {}) as SchemasObject,
    };
    bodySchemas.set(key, body);
  }
  try {
    await validateRequestBody(
      { value: rows, schema: body.batch },
      { required: true, content: {} },
      body.definitions,
    );
    return;
  } catch {
    // some row is refused: each is checked alone below, so the first one gets the error a write of it gives
  }
  for (const [index, value] of rows.entries()) {
    try {
      await validateRequestBody(
        { value, schema: body.schema },
        { required: true, content: {} },
        body.definitions,
      );
    } catch (error) {
      throw atRow(error as Error, index);
    }
  }
}
