/**
 * Company isolation, once for every resource. A schema is company-scoped when it declares `companyField`; the
 * company resource itself (the target of those fields' `reference`, i.e. empresas) is scoped by its own id.
 * The generated controllers of a scoped schema get a CompanyScopedRepository (built per request from the
 * CompanyAccess of the current user, see application.ts) instead of the raw repository, so every route —
 * list, count, by-id reads and writes, PATCH ?where, keyed/composite deletes, views — goes through it:
 *
 * - admin (a role with codigo 'admin'): every company;
 * - anyone else: `{[field]: empresaId}` is AND-ed into every where; a row of another company answers 404
 *   ENTITY_NOT_FOUND on by-id routes (its existence is never revealed); writing a row for another company
 *   (POST, PUT, PATCH body) answers 403 FORBIDDEN_COMPANY. A user with no company sees nothing and writes
 *   nothing.
 * - POST without the company field: the user's company. PUT without it: the row keeps its company.
 */
import type { Count, DataObject, Filter, FilterExcludingWhere, Where } from '@loopback/repository';
import { EntityNotFoundError } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import type { ResourceSchema } from '../src/resources/types';
import type { CompanyAccess } from './auth/keys';
import type { CrudRepo } from './crud-controllers';
import type { IdType, Row } from './repositories';

export const ADMIN_ROLE = 'admin';
export const FORBIDDEN_COMPANY = 'No tiene acceso a los datos de esa empresa.';

export const forbiddenCompany = (): Error => new HttpErrors.Forbidden(FORBIDDEN_COMPANY);

type Clause = Record<string, unknown>;

/** The names (and aliases) of the resources that `companyField`s refer to. */
function companyResources(schemas: readonly ResourceSchema[]): Set<string> {
  const names = new Set<string>();
  for (const schema of schemas) {
    const field = schema.fields.find((f) => f.name === schema.companyField);
    if (schema.companyField && field?.reference) names.add(field.reference);
  }
  return names;
}

export interface CompanyScope {
  /** The property holding the company id. */
  field: string;
  /** True for the company resource itself (scoped by its id: a non-admin cannot create companies). */
  isCompanyResource: boolean;
}

/** How a schema is scoped by company, or undefined when it is not. */
export function companyScopeOf(
  schema: ResourceSchema,
  schemas: readonly ResourceSchema[],
): CompanyScope | undefined {
  if (schema.companyField) return { field: schema.companyField, isCompanyResource: false };
  const companies = companyResources(schemas);
  if ([schema.name, ...(schema.aliases ?? [])].some((name) => companies.has(name))) {
    return { field: schema.idField, isCompanyResource: true };
  }
  return undefined;
}

/** The condition selecting the rows `access` may see, or undefined for an admin (everything). */
export function visibleWhere(access: CompanyAccess, field: string): Clause | undefined {
  if (access.admin) return undefined;
  // No company: a condition no row meets, on both stores.
  if (access.empresaId === null) return { and: [{ [field]: null }, { [field]: { neq: null } }] };
  return { [field]: access.empresaId };
}

/** `where` AND the visibility condition. */
export function restrictWhere<W>(where: W | undefined, access: CompanyAccess, field: string): W | undefined {
  const visible = visibleWhere(access, field);
  if (!visible) return where;
  const given = where as Clause | undefined;
  if (!given || typeof given !== 'object' || !Object.keys(given).length) return visible as W;
  return { and: [given, visible] } as W;
}

/** Whether `access` may write a row whose company is `value`. */
export const mayWriteCompany = (access: CompanyAccess, value: unknown): boolean =>
  access.admin || (access.empresaId !== null && value === access.empresaId);

type FullRepo = Required<CrudRepo>;

export class CompanyScopedRepository implements CrudRepo {
  private readonly field: string;

  constructor(
    private readonly inner: CrudRepo,
    private readonly schema: ResourceSchema,
    private readonly scope: CompanyScope,
    private readonly access: CompanyAccess,
  ) {
    this.field = scope.field;
  }

  private get repo(): FullRepo {
    return this.inner as FullRepo;
  }

  private restrict(where?: Where<Row>): Where<Row> | undefined {
    return restrictWhere(where, this.access, this.field);
  }

  /** 404 ENTITY_NOT_FOUND unless the row exists AND is visible. */
  private async assertVisible(id: IdType): Promise<void> {
    if (this.access.admin) return;
    const { count } = await this.repo.count(this.restrict({ [this.schema.idField]: id }));
    if (!count) throw new EntityNotFoundError(this.schema.model, id);
  }

  /** 403 when `data` moves a row to a company the user may not write (the id of a company is not movable). */
  private assertWritable(data: DataObject<Row>): void {
    if (this.scope.isCompanyResource || !(this.field in data)) return;
    if (!mayWriteCompany(this.access, (data as Clause)[this.field])) throw forbiddenCompany();
  }

  find(filter?: Filter<Row>): Promise<Row[]> {
    return this.repo.find({ ...filter, where: this.restrict(filter?.where) });
  }

  count(where?: Where<Row>): Promise<Count> {
    return this.repo.count(this.restrict(where));
  }

  async findById(id: IdType, filter?: FilterExcludingWhere<Row>): Promise<Row> {
    await this.assertVisible(id);
    return this.repo.findById(id, filter);
  }

  create(data: DataObject<Row>): Promise<Row> {
    const row = { ...data } as Clause;
    if (this.scope.isCompanyResource) {
      if (!this.access.admin) throw forbiddenCompany();
    } else {
      const value = row[this.field];
      // Missing: the user's company (for a non-admin an explicit null means the same).
      if ((value === undefined || (value === null && !this.access.admin)) && this.access.empresaId !== null) {
        row[this.field] = this.access.empresaId;
      }
      if (!mayWriteCompany(this.access, row[this.field])) throw forbiddenCompany();
    }
    return this.repo.create(row as DataObject<Row>);
  }

  updateAll(data: DataObject<Row>, where?: Where<Row>): Promise<Count> {
    this.assertWritable(data);
    return this.repo.updateAll(data, this.restrict(where));
  }

  async updateById(id: IdType, data: DataObject<Row>): Promise<void> {
    // An empty body is 400 INVALID_BODY_DEFINITION before anything else (as LoopBack answers).
    if (Object.keys(data ?? {}).length) {
      await this.assertVisible(id);
      this.assertWritable(data);
    }
    await this.repo.updateById(id, data);
  }

  async replaceById(id: IdType, data: DataObject<Row>): Promise<void> {
    await this.assertVisible(id);
    const row = { ...data } as Clause;
    if (!this.scope.isCompanyResource && row[this.field] === undefined) {
      // A PUT that leaves the company out keeps the row's company (it would otherwise drop out of sight).
      row[this.field] = this.access.admin
        ? (await this.repo.findById(id, { fields: { [this.field]: true } }))[this.field]
        : this.access.empresaId;
    }
    this.assertWritable(row as DataObject<Row>);
    await this.repo.replaceById(id, row as DataObject<Row>);
  }

  async deleteById(id: IdType): Promise<void> {
    await this.assertVisible(id);
    await this.repo.deleteById(id);
  }

  deleteAll(where?: Where<Row>): Promise<Count> {
    return this.repo.deleteAll(this.restrict(where));
  }
}
