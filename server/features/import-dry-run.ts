/**
 * The CSV import's dry run: the preview asks, once per batch of rows, what the API would answer if the rows
 * were written — the rules that need stored data (references, typed values, declared rules, the record a key
 * names, uniqueness) — so a row the preview marks «Correcta» is one the import writes.
 *
 *   POST /importacion/comprobar/{resource}   { empresaId, rows: [{ line, values }] }
 *     → { rows: [{ line, operation: 'create' | 'update', error }] }   (only the rows the API would refuse)
 *
 * Each row is taken as the import sends it: an update of the stored record its id or natural key names (its
 * given values over the stored ones), else a create in `empresaId` (a product with the quick-create values).
 * The write rules run as on a write (SchemaRepository.checkWrite) and nothing is written. `error` has the
 * shape of the API's error answer (422 with details, ER_DUP_ENTRY), so the import words it as on a write.
 * The caller needs the permission to create or to update the resource, and to see the company.
 *
 *   POST /importacion/crear/{resource}   { empresaId, rows: [{ line, values }] }   → { rows: [{ line, id }] }
 *
 * The import's batch write of new rows: every row created in one transaction (a product with the
 * quick-create values and its producto_general), through the same repository as a POST, so its rules and
 * hooks apply. Any refusal undoes the whole batch and answers `{ rows: [], failed: { line, error } }` (the
 * import then sends that batch row by row, to report each row's own reason).
 */
import { inject } from '@loopback/core';
import type { AnyObject } from '@loopback/repository';
import { HttpErrors, param, post, requestBody, type RequestBodyObject } from '@loopback/rest';
import { productoGeneralFor, quickCreateProduct } from '../../src/core/csv/normalize';
import { canAccessWithRules } from '../../src/core/permissions';
import type { ResourceSchema } from '../../src/resources/types';
import { AuthBindings, type CompanyAccess, type CurrentUser } from '../auth/keys';
import type { AccessService } from '../auth/access';
import { signedIn } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import type { SchemaRepository } from '../repositories';
import { inTransaction } from '../transaction';
import { recordingBatch } from './history/recorder';
import { seesCompany } from './products/access';

/** Rows per request (the preview sends batches of this size). */
export const DRY_RUN_BATCH = 200;

interface DryRunRow {
  line: number;
  values: AnyObject;
}

interface DryRunAnswer {
  line: number;
  operation: 'create' | 'update';
  error: AnyObject;
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Key comparison as MySQL's default collation: case and trailing spaces ignored. */
const keyText = (value: unknown): string =>
  typeof value === 'string' ? value.toLowerCase().replace(/ +$/, '') : String(value);

const variants = (value: unknown): unknown[] =>
  typeof value === 'string' ? [...new Set([value, value.toUpperCase(), value.toLowerCase()])] : [value];

/** The error as the API answers it (what the import reads). */
const errorBody = (error: unknown): AnyObject => {
  const e = (error ?? {}) as AnyObject;
  return {
    statusCode: Number(e.statusCode ?? e.status ?? 500),
    message: String(e.message ?? error),
    ...(e.code ? { code: e.code } : {}),
    ...(Array.isArray(e.details) ? { details: e.details } : {}),
  };
};

/** The body of both batch endpoints: at most DRY_RUN_BATCH rows, each with its file line and values. */
const ROWS_BODY: RequestBodyObject = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['rows'],
        properties: {
          empresaId: { type: 'number' },
          rows: {
            type: 'array',
            maxItems: DRY_RUN_BATCH,
            items: {
              type: 'object',
              required: ['line', 'values'],
              properties: { line: { type: 'number' }, values: { type: 'object' } },
            },
          },
        },
      },
    },
  },
};

export class ImportDryRunController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(AuthBindings.ACCESS) private readonly accessService: AccessService,
    @inject(AuthBindings.CURRENT_USER) private readonly user: CurrentUser,
  ) {}

  @post('/importacion/comprobar/{resource}', signedIn())
  async check(
    @param.path.string('resource') resource: string,
    @requestBody(ROWS_BODY)
    body: { empresaId?: number; rows: DryRunRow[] },
  ): Promise<{ rows: DryRunAnswer[] }> {
    const { repo, schema, empresaId } = await this.target(resource, body.empresaId, ['create', 'update']);
    const answers: DryRunAnswer[] = [];
    for (const row of body.rows) {
      const answer = await this.checkRow(repo, schema, row, empresaId);
      if (answer) answers.push(answer);
    }
    return { rows: answers };
  }

  @post('/importacion/crear/{resource}', signedIn())
  async createBatch(
    @param.path.string('resource') resource: string,
    @requestBody(ROWS_BODY)
    body: { empresaId?: number; rows: DryRunRow[] },
  ): Promise<{ rows: { line: number; id: unknown }[]; failed?: { line: number | null; error: AnyObject } }> {
    const { repo, schema, empresaId } = await this.target(resource, body.empresaId, ['create']);
    const idField = schema.idField ?? 'id';
    const isProduct = schema.table === 'productos';
    const generals = isProduct ? this.repos.repository('producto-generals') : undefined;
    const data = body.rows.map((row) => {
      const values: AnyObject = {};
      for (const [name, value] of Object.entries(row.values ?? {})) if (!isBlank(value)) values[name] = value;
      delete values[idField];
      if (schema.companyField && isBlank(values[schema.companyField]))
        values[schema.companyField] = empresaId;
      return isProduct ? quickCreateProduct(values) : values;
    });
    try {
      return await inTransaction(repo.dataSource, (options) =>
        recordingBatch(this.repos, options, async () => {
          // every row at once (multi-row INSERTs, set-based rules and hooks), then the products' general data
          const stored = (await repo.createMany(data, options)) as AnyObject[];
          if (generals) {
            await generals.createMany(
              stored.map((product) =>
                productoGeneralFor({ id: Number(product.id), nombre: String(product.nombre) }),
              ),
              options,
            );
          }
          return { rows: stored.map((row, i) => ({ line: body.rows[i].line, id: row[idField] })) };
        }),
      );
    } catch (error) {
      // the whole batch is undone: the answer says which row failed and why (as a write would answer)
      return { rows: [], failed: { line: this.lineOf(body.rows, error), error: errorBody(error) } };
    }
  }

  /** The file line of the row a batch refusal names (`rowIndex`), or null when it names none. */
  private lineOf(rows: readonly DryRunRow[], error: unknown): number | null {
    const index = (error as { rowIndex?: unknown } | null)?.rowIndex;
    return typeof index === 'number' ? (rows[index]?.line ?? null) : null;
  }

  /** The resource's repository, after checking the caller may write it (one of `actions`) in the company. */
  private async target(
    resource: string,
    requested: number | undefined,
    actions: readonly ('create' | 'update')[],
  ): Promise<{ repo: SchemaRepository; schema: ResourceSchema; empresaId: unknown }> {
    if (!this.repos.repositories.has(resource))
      throw new HttpErrors.NotFound(`Recurso desconocido: ${resource}`);
    const repo = this.repos.repository(resource);
    const schema = repo.schema;
    if (schema.view) throw new HttpErrors.NotFound(`Recurso desconocido: ${resource}`);
    const rules =
      (this.access.userId !== null && (await this.accessService.stateOf(this.user.id))?.rules) || [];
    if (!actions.some((action) => canAccessWithRules(rules, { action, resource }))) {
      throw new HttpErrors.Forbidden(`Sin permiso para importar ${resource}`);
    }
    const empresaId = requested ?? this.access.empresaId;
    if (schema.companyField && !seesCompany(this.access, empresaId)) {
      throw new HttpErrors.Forbidden('Sin acceso a la empresa');
    }
    return { repo, schema, empresaId };
  }

  /** The stored record the row names (its id, else a natural key), in the company. */
  private async storedOf(
    repo: SchemaRepository,
    schema: ResourceSchema,
    values: AnyObject,
    empresaId: unknown,
  ): Promise<AnyObject | undefined> {
    const idField = schema.idField ?? 'id';
    const scope: AnyObject = schema.companyField ? { [schema.companyField]: empresaId } : {};
    if (!isBlank(values[idField])) {
      const [found] = await repo.find({ where: { ...scope, [idField]: values[idField] }, limit: 1 });
      return found ? (found.toObject() as AnyObject) : undefined;
    }
    for (const fields of schema.naturalKeys ?? []) {
      if (fields.some((field) => isBlank(values[field]))) continue;
      const where: AnyObject = { ...scope };
      for (const field of fields) where[field] = { inq: variants(values[field]) };
      const candidates = await repo.find({ where, limit: 20 });
      const found = candidates.find((candidate) =>
        fields.every((field) => keyText(candidate[field]) === keyText(values[field])),
      );
      if (found) return found.toObject() as AnyObject;
    }
    return undefined;
  }

  private async checkRow(
    repo: SchemaRepository,
    schema: ResourceSchema,
    row: DryRunRow,
    empresaId: unknown,
  ): Promise<DryRunAnswer | undefined> {
    const idField = schema.idField ?? 'id';
    const given: AnyObject = {};
    for (const [name, value] of Object.entries(row.values ?? {})) if (!isBlank(value)) given[name] = value;
    const stored = await this.storedOf(repo, schema, given, empresaId);
    const operation = stored ? 'update' : 'create';
    if (!stored && !isBlank(given[idField])) {
      return {
        line: row.line,
        operation: 'update',
        error: {
          statusCode: 404,
          message: `Entity not found: ${schema.model} with id ${String(given[idField])}`,
          code: 'ENTITY_NOT_FOUND',
        },
      };
    }
    let candidate: AnyObject;
    if (stored) {
      candidate = { ...stored, ...given, [idField]: stored[idField] };
    } else {
      const data: AnyObject = { ...given };
      delete data[idField];
      if (schema.companyField && isBlank(data[schema.companyField])) data[schema.companyField] = empresaId;
      candidate = schema.table === 'productos' ? quickCreateProduct(data) : data;
    }
    let checked: AnyObject;
    try {
      checked = await repo.checkWrite(candidate);
    } catch (error) {
      return { line: row.line, operation, error: errorBody(error) };
    }
    const duplicate = await this.duplicateOf(repo, schema, checked, stored?.[idField]);
    return duplicate ? { line: row.line, operation, error: duplicate } : undefined;
  }

  /** ER_DUP_ENTRY as the database would answer it, for a unique field another record already holds. */
  private async duplicateOf(
    repo: SchemaRepository,
    schema: ResourceSchema,
    row: AnyObject,
    ownId: unknown,
  ): Promise<AnyObject | undefined> {
    const idField = schema.idField ?? 'id';
    for (const field of schema.fields) {
      if (!field.unique && !field.uniqueWith) continue;
      const value = row[field.name];
      if (isBlank(value)) continue;
      const where: AnyObject = { [field.name]: { inq: variants(value) } };
      for (const other of field.uniqueWith ?? []) where[other] = row[other] ?? null;
      const others = await repo.find({ where, limit: 20 });
      const taken = others.some(
        (other) => keyText(other[field.name]) === keyText(value) && String(other[idField]) !== String(ownId),
      );
      if (taken) {
        return {
          statusCode: 422,
          code: 'ER_DUP_ENTRY',
          message: `Duplicate entry '${String(value)}' for key '${field.name}'`,
        };
      }
    }
    return undefined;
  }
}

export const feature: Feature = {
  name: 'import-dry-run',
  register: ({ app }) => {
    app.controller(ImportDryRunController);
  },
};
