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
 * The write rules run as on a write (SchemaRepository.checkWriteMany) and nothing is written. `error` has the
 * shape of the API's error answer (422 with details, ER_DUP_ENTRY, 403 for another company's record), so the
 * import words it as on a write. The caller needs the permission to create or to update the resource, and to
 * see the company. Set-based: the stored records, the rules' lookups and each unique field are read once per
 * batch, not per row.
 *
 *   POST /importacion/crear/{resource}   { empresaId, rows: [{ line, values }] }   → { rows: [{ line, id }] }
 *
 * The import's batch write of new rows: every row created in one transaction (a product with the
 * quick-create values and its producto_general) with the rules and hooks of a POST, set-based
 * (SchemaRepository.createMany: one INSERT per batch, the product history recorded once per batch). Any
 * refusal undoes the whole batch and answers `{ rows: [], failed: { line, error } }` (the import then sends
 * that batch row by row, to report each row's own reason). Updates: import-batch-update.ts.
 */
import { inject } from '@loopback/core';
import type { AnyObject } from '@loopback/repository';
import { param, post, requestBody } from '@loopback/rest';
import { productoGeneralFor, quickCreateProduct } from '../../src/core/csv/normalize';
import type { ResourceSchema } from '../../src/resources/types';
import { AuthBindings, type CompanyAccess, type CurrentUser } from '../auth/keys';
import type { AccessService } from '../auth/access';
import { signedIn } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import type { SchemaRepository } from '../repositories';
import { inTransaction } from '../transaction';
import { recordingBatch } from './history/recorder';
import {
  assertValidBodies,
  BatchCompanyRules,
  errorBody,
  IMPORT_BATCH,
  IMPORT_SCHEMAS,
  importTarget,
  isBlank,
  rowIndexOf,
  rowsBody,
  type ImportTarget,
} from './import/batch';

/** Rows per request (the preview sends batches of this size). */
export const DRY_RUN_BATCH = IMPORT_BATCH;

interface DryRunRow {
  line: number;
  values: AnyObject;
}

interface DryRunAnswer {
  line: number;
  operation: 'create' | 'update';
  error: AnyObject;
}

/** Key comparison as MySQL's default collation: case and trailing spaces ignored. */
const keyText = (value: unknown): string =>
  typeof value === 'string' ? value.toLowerCase().replace(/ +$/, '') : String(value);

const variants = (value: unknown): unknown[] =>
  typeof value === 'string' ? [...new Set([value, value.toUpperCase(), value.toLowerCase()])] : [value];

const sameKey = (a: unknown, b: unknown): boolean =>
  isBlank(a) || isBlank(b) ? isBlank(a) && isBlank(b) : keyText(a) === keyText(b);

/** The given (non-blank) values of a row. */
const givenOf = (row: DryRunRow): AnyObject => {
  const given: AnyObject = {};
  for (const [name, value] of Object.entries(row.values ?? {})) if (!isBlank(value)) given[name] = value;
  return given;
};

/**
 * The stored rows (of every company) holding some values of one field, read once per batch: the rows a natural
 * key names and the holders of a unique value are the same rows when the key is that unique field.
 */
class RowsByValue {
  private readonly asked = new Map<string, Set<unknown>>();
  private readonly rows = new Map<string, AnyObject[]>();

  constructor(private readonly repo: SchemaRepository) {}

  async of(field: string, values: readonly unknown[]): Promise<AnyObject[]> {
    const asked = this.asked.get(field) ?? new Set<unknown>();
    const missing = values.filter((value) => !asked.has(value));
    if (missing.length) {
      const found = (await this.repo.find({ where: { [field]: { inq: missing } } })).map(
        (row) => row.toObject() as AnyObject,
      );
      for (const value of missing) asked.add(value);
      this.asked.set(field, asked);
      this.rows.set(field, [...(this.rows.get(field) ?? []), ...found]);
    }
    return this.rows.get(field) ?? [];
  }
}

export class ImportDryRunController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(AuthBindings.ACCESS) private readonly accessService: AccessService,
    @inject(AuthBindings.CURRENT_USER) private readonly user: CurrentUser,
    @inject(IMPORT_SCHEMAS) private readonly schemas: readonly ResourceSchema[],
  ) {}

  private target(resource: string, requested: number | undefined, actions: readonly ('create' | 'update')[]) {
    return importTarget(this.repos, this.access, this.accessService, this.user, resource, requested, actions);
  }

  @post('/importacion/comprobar/{resource}', signedIn())
  async check(
    @param.path.string('resource') resource: string,
    @requestBody(rowsBody())
    body: { empresaId?: number; rows: DryRunRow[] },
  ): Promise<{ rows: DryRunAnswer[] }> {
    const target = await this.target(resource, body.empresaId, ['create', 'update']);
    return { rows: await this.checkRows(target, body.rows) };
  }

  @post('/importacion/crear/{resource}', signedIn())
  async createBatch(
    @param.path.string('resource') resource: string,
    @requestBody(rowsBody())
    body: { empresaId?: number; rows: DryRunRow[] },
  ): Promise<{ rows: { line: number; id: unknown }[]; failed?: { line: number | null; error: AnyObject } }> {
    const { repo, schema, empresaId } = await this.target(resource, body.empresaId, ['create']);
    const idField = schema.idField ?? 'id';
    const isProduct = schema.table === 'productos';
    const generals = isProduct ? this.repos.repository('producto-generals') : undefined;
    const data = body.rows.map((row) => {
      const values = givenOf(row);
      delete values[idField];
      if (schema.companyField && isBlank(values[schema.companyField]))
        values[schema.companyField] = empresaId;
      return isProduct ? quickCreateProduct(values) : values;
    });
    try {
      await assertValidBodies(repo, data, 'create');
      await new BatchCompanyRules(this.repos, schema, this.access, this.schemas).assertWritable(data, true);
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
      const index = rowIndexOf(error);
      return {
        rows: [],
        failed: {
          line: index === undefined ? null : (body.rows[index]?.line ?? null),
          error: errorBody(error),
        },
      };
    }
  }

  /** The stored record each row names (its id, else a natural key) in the company, read once per batch. */
  private async storedOf(
    repo: SchemaRepository,
    schema: ResourceSchema,
    given: readonly AnyObject[],
    empresaId: unknown,
    byValue: RowsByValue,
  ): Promise<(AnyObject | undefined)[]> {
    const idField = schema.idField ?? 'id';
    const scope: AnyObject = schema.companyField ? { [schema.companyField]: empresaId } : {};
    const found: (AnyObject | undefined)[] = given.map(() => undefined);
    const byId = given.flatMap((values, i) => (isBlank(values[idField]) ? [] : [i]));
    if (byId.length) {
      const rows = (
        await repo.find({ where: { ...scope, [idField]: { inq: byId.map((i) => given[i][idField]) } } })
      ).map((row) => row.toObject() as AnyObject);
      for (const i of byId) found[i] = rows.find((row) => String(row[idField]) === String(given[i][idField]));
    }
    // a row without an id: the first natural key that names a stored record
    const open = new Set(given.flatMap((values, i) => (isBlank(values[idField]) ? [i] : [])));
    for (const fields of schema.naturalKeys ?? []) {
      const rows = [...open].filter((i) => fields.every((field) => !isBlank(given[i][field])));
      if (!rows.length) continue;
      const valuesOf = (field: string) => [...new Set(rows.flatMap((i) => variants(given[i][field])))];
      const company = schema.companyField;
      const [only] = fields;
      const shared =
        fields.length === 1 &&
        schema.fields.some((f) => f.name === only && f.unique && !f.uniqueWith) &&
        (!company || (empresaId !== undefined && empresaId !== null));
      let candidates: AnyObject[];
      if (shared) {
        // a unique key: the rows the duplicate check reads too (of every company), this company's kept
        candidates = (await byValue.of(only, valuesOf(only))).filter(
          (row) => !company || String(row[company]) === String(empresaId),
        );
      } else {
        const where: AnyObject = { ...scope };
        for (const field of fields) where[field] = { inq: valuesOf(field) };
        candidates = (await repo.find({ where })).map((row) => row.toObject() as AnyObject);
      }
      for (const i of rows) {
        const match = candidates.find((candidate) =>
          fields.every((field) => keyText(candidate[field]) === keyText(given[i][field])),
        );
        if (match) {
          found[i] = match;
          open.delete(i);
        }
      }
    }
    return found;
  }

  /** The answers of the rows a write would refuse (the rules and uniqueness checked once per batch). */
  private async checkRows(
    { repo, schema, empresaId }: ImportTarget,
    rows: readonly DryRunRow[],
  ): Promise<DryRunAnswer[]> {
    const idField = schema.idField ?? 'id';
    const given = rows.map(givenOf);
    const byValue = new RowsByValue(repo);
    const stored = await this.storedOf(repo, schema, given, empresaId, byValue);
    const answers = new Map<number, DryRunAnswer>();
    const refuse = (i: number, error: AnyObject) =>
      answers.set(i, { line: rows[i].line, operation: stored[i] ? 'update' : 'create', error });
    const candidates = given.map((values, i) => {
      const found = stored[i];
      if (found) return { ...found, ...values, [idField]: found[idField] };
      const data: AnyObject = { ...values };
      delete data[idField];
      if (schema.companyField && isBlank(data[schema.companyField])) data[schema.companyField] = empresaId;
      return schema.table === 'productos' ? quickCreateProduct(data) : data;
    });
    given.forEach((values, i) => {
      if (stored[i] || isBlank(values[idField])) return;
      answers.set(i, {
        line: rows[i].line,
        operation: 'update',
        error: {
          statusCode: 404,
          message: `Entity not found: ${schema.model} with id ${String(values[idField])}`,
          code: 'ENTITY_NOT_FOUND',
        },
      });
    });
    // the company rules of a write (another company's record, a parent the caller may not see)
    const company = new BatchCompanyRules(this.repos, schema, this.access, this.schemas);
    for (const creating of [true, false]) {
      let open = candidates.flatMap((_, i) => (!answers.has(i) && !stored[i] === creating ? [i] : []));
      while (open.length) {
        try {
          await company.assertWritable(
            open.map((i) => (creating ? candidates[i] : given[i])),
            creating,
          );
          break;
        } catch (error) {
          const k = rowIndexOf(error) ?? 0;
          refuse(open[k], errorBody(error));
          open = open.slice(k + 1);
        }
      }
    }
    const checking = candidates.flatMap((_, i) => (answers.has(i) ? [] : [i]));
    const checked = await repo.checkWriteMany(
      checking.map((i) => candidates[i]),
      checking.map((i) => stored[i]),
    );
    const passed: { i: number; row: AnyObject }[] = [];
    checked.forEach(({ row, error }, k) => {
      if (error !== undefined) refuse(checking[k], errorBody(error));
      else passed.push({ i: checking[k], row });
    });
    for (const { i, error } of await this.duplicates(schema, passed, stored, byValue)) refuse(i, error);
    return [...answers.entries()].sort(([a], [b]) => a - b).map(([, answer]) => answer);
  }

  /** ER_DUP_ENTRY as the database would answer it, for unique fields other records already hold. */
  private async duplicates(
    schema: ResourceSchema,
    rows: readonly { i: number; row: AnyObject }[],
    stored: readonly (AnyObject | undefined)[],
    byValue: RowsByValue,
  ): Promise<{ i: number; error: AnyObject }[]> {
    const idField = schema.idField ?? 'id';
    const out: { i: number; error: AnyObject }[] = [];
    const refused = new Set<number>();
    for (const field of schema.fields) {
      if (!field.unique && !field.uniqueWith) continue;
      const open = rows.filter(({ i, row }) => !refused.has(i) && !isBlank(row[field.name]));
      if (!open.length) continue;
      const values = [...new Set(open.flatMap(({ row }) => variants(row[field.name])))];
      const others = await byValue.of(field.name, values);
      for (const { i, row } of open) {
        const value = row[field.name];
        const taken = others.some(
          (other) =>
            keyText(other[field.name]) === keyText(value) &&
            (field.uniqueWith ?? []).every((name) => sameKey(other[name], row[name])) &&
            String(other[idField]) !== String(stored[i]?.[idField]),
        );
        if (!taken) continue;
        refused.add(i);
        out.push({
          i,
          error: {
            statusCode: 422,
            code: 'ER_DUP_ENTRY',
            message: `Duplicate entry '${String(value)}' for key '${field.name}'`,
          },
        });
      }
    }
    return out;
  }
}

export const feature: Feature = {
  name: 'import-dry-run',
  register: ({ app, registry }) => {
    app.bind(IMPORT_SCHEMAS).to(registry);
    app.controller(ImportDryRunController);
  },
};
