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
 *
 * A child without a company field declares `companyVia: {field, parent, parentKey?}` (e.g. producto-generals by
 * productoId → productos; Sustitutos by skuPrincipal → productos.nombre): for a non-admin "`field` IN (the keys
 * (default: ids) of the parents they may see)" is AND-ed into every where as a SQL subquery (parent-scope.ts),
 * nested for a parent scoped through its own parent, so no request loads the parents' keys. The
 * parents' condition comes from the parent's own scoped repository, so a parent may itself be scoped by
 * `companyField` or `companyVia`; by-id routes of a hidden row answer 404; writing a row whose parent is not
 * visible (POST, PUT, PATCH body) answers 403 FORBIDDEN_COMPANY.
 */
import type { Count, DataObject, Filter, FilterExcludingWhere, Where } from '@loopback/repository';
import { EntityNotFoundError } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import type { ResourceSchema } from '../src/resources/types';
import type { CompanyAccess } from './auth/keys';
import type { CrudRepo } from './crud-controllers';
import { PARENT_SCOPE, type ParentScope } from './parent-scope';
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
  /** The property holding the company id (or, with `via`, the parent's id). */
  field: string;
  /** True for the company resource itself (scoped by its id: a non-admin cannot create companies). */
  isCompanyResource: boolean;
  /** `companyVia`: the row belongs to the company of its parent (the record of `parent` whose `key` it holds). */
  via?: { parent: ResourceSchema; scope: CompanyScope; key: string };
}

const namesOf = (schema: ResourceSchema): string[] => [schema.name, ...(schema.aliases ?? [])];

/** How a schema is scoped by company, or undefined when it is not. */
export function companyScopeOf(
  schema: ResourceSchema,
  schemas: readonly ResourceSchema[],
): CompanyScope | undefined {
  return scopeOf(schema, schemas, new Set());
}

function scopeOf(
  schema: ResourceSchema,
  schemas: readonly ResourceSchema[],
  seen: Set<string>,
): CompanyScope | undefined {
  if (schema.companyField) return { field: schema.companyField, isCompanyResource: false };
  const companies = companyResources(schemas);
  if (namesOf(schema).some((name) => companies.has(name))) {
    return { field: schema.idField, isCompanyResource: true };
  }
  const via = schema.companyVia;
  if (!via) return undefined;
  const parent = schemas.find((s) => namesOf(s).includes(via.parent));
  if (!parent || seen.has(schema.name)) {
    throw new Error(`${schema.name}: companyVia parent ${via.parent} is unknown or circular`);
  }
  const scope = scopeOf(parent, schemas, new Set([...seen, schema.name]));
  if (!scope) throw new Error(`${schema.name}: companyVia parent ${via.parent} is not company-scoped`);
  return {
    field: via.field,
    isCompanyResource: false,
    via: { parent, scope, key: via.parentKey ?? parent.idField },
  };
}

/** A repository by schema name (the raw one), for the parents of `companyVia` schemas. */
export type RepositoryOf = (schema: ResourceSchema) => CrudRepo | undefined;

/** The repository of `schema` as `access` may use it (the raw one when the schema is not company-scoped). */
export function scopedRepository(
  schema: ResourceSchema,
  scope: CompanyScope,
  repo: CrudRepo,
  access: CompanyAccess,
  repositoryOf: RepositoryOf,
): CompanyScopedRepository {
  let parent: CompanyScopedRepository | undefined;
  if (scope.via) {
    const parentRepo = repositoryOf(scope.via.parent);
    if (!parentRepo) throw new Error(`${schema.name}: no repository for ${scope.via.parent.name}`);
    parent = scopedRepository(scope.via.parent, scope.via.scope, parentRepo, access, repositoryOf);
  }
  return new CompanyScopedRepository(repo, schema, scope, access, parent);
}

/** The condition no row meets, on both stores. */
const nothing = (field: string): Clause => ({ and: [{ [field]: null }, { [field]: { neq: null } }] });

/** The condition selecting the rows `access` may see, or undefined for an admin (everything). */
export function visibleWhere(access: CompanyAccess, field: string): Clause | undefined {
  if (access.admin) return undefined;
  // No company: a condition no row meets, on both stores.
  if (access.empresaId === null) return nothing(field);
  return { [field]: access.empresaId };
}

/** `where` AND the visibility condition. */
export function restrictWhere<W>(where: W | undefined, access: CompanyAccess, field: string): W | undefined {
  return andVisible(where, visibleWhere(access, field));
}

function andVisible<W>(where: W | undefined, visible: Clause | undefined): W | undefined {
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
    private readonly parent?: CompanyScopedRepository,
  ) {
    this.field = scope.field;
  }

  private get repo(): FullRepo {
    return this.inner as FullRepo;
  }

  /**
   * The condition selecting the rows this user may see (undefined: every row). Through a parent: "`field` IN
   * (SELECT key FROM the parent WHERE the parent's own condition)", one SQL condition, nothing read here.
   */
  async visible(): Promise<Clause | undefined> {
    if (!this.scope.via || this.access.admin) return visibleWhere(this.access, this.field);
    if (!this.parent) return nothing(this.field);
    const { parent, key } = this.scope.via;
    const scope: ParentScope = {
      field: this.field,
      model: parent.model,
      key,
      where: await this.parent.visible(),
    };
    return { [PARENT_SCOPE]: scope };
  }

  private async restrict(where?: Where<Row>): Promise<Where<Row> | undefined> {
    return andVisible(where, await this.visible());
  }

  /** 404 ENTITY_NOT_FOUND unless the row exists AND is visible. */
  private async assertVisible(id: IdType): Promise<void> {
    if (this.access.admin) return;
    const { count } = await this.repo.count(await this.restrict({ [this.schema.idField]: id }));
    if (!count) throw new EntityNotFoundError(this.schema.model, id);
  }

  /** Whether the user may write a row whose company (or, with `via`, parent) is `value`. */
  private async mayWrite(value: unknown): Promise<boolean> {
    if (!this.scope.via) return mayWriteCompany(this.access, value);
    if (this.access.admin) return true;
    if (value === null || value === undefined || !this.parent || !this.scope.via) return false;
    // One visible parent with that key (never the list of every parent).
    const { count } = await this.parent.count({ [this.scope.via.key]: value } as Where<Row>);
    return count > 0;
  }

  /** 403 when `data` moves a row to a company the user may not write (the id of a company is not movable). */
  private async assertWritable(data: DataObject<Row>): Promise<void> {
    if (this.scope.isCompanyResource || !(this.field in data)) return;
    if (!(await this.mayWrite((data as Clause)[this.field]))) throw forbiddenCompany();
  }

  async find(filter?: Filter<Row>): Promise<Row[]> {
    return this.repo.find({ ...filter, where: await this.restrict(filter?.where) });
  }

  /** As `find`, the rows as the API answers them (crud-controllers.ts CrudRepo.findAnswer). */
  async findAnswer(filter?: Filter<Row>): Promise<object[]> {
    const scoped = { ...filter, where: await this.restrict(filter?.where) };
    return this.inner.findAnswer ? this.inner.findAnswer(scoped) : this.inner.find(scoped);
  }

  async count(where?: Where<Row>): Promise<Count> {
    return this.repo.count(await this.restrict(where));
  }

  async findById(id: IdType, filter?: FilterExcludingWhere<Row>): Promise<Row> {
    await this.assertVisible(id);
    return this.repo.findById(id, filter);
  }

  async create(data: DataObject<Row>): Promise<Row> {
    const row = { ...data } as Clause;
    if (this.scope.isCompanyResource) {
      if (!this.access.admin) throw forbiddenCompany();
    } else if (this.scope.via) {
      // Without the parent the row is invalid (a required field) or belongs to no company: validation decides.
      const required = this.schema.fields.some((f) => f.name === this.field && f.required);
      if (!(row[this.field] === undefined && required) && !(await this.mayWrite(row[this.field]))) {
        throw forbiddenCompany();
      }
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

  async updateAll(data: DataObject<Row>, where?: Where<Row>): Promise<Count> {
    await this.assertWritable(data);
    return this.repo.updateAll(data, await this.restrict(where));
  }

  async updateById(id: IdType, data: DataObject<Row>): Promise<void> {
    // An empty body is 400 INVALID_BODY_DEFINITION before anything else (as LoopBack answers).
    if (Object.keys(data ?? {}).length) {
      await this.assertVisible(id);
      await this.assertWritable(data);
    }
    await this.repo.updateById(id, data);
  }

  async replaceById(id: IdType, data: DataObject<Row>): Promise<void> {
    await this.assertVisible(id);
    const row = { ...data } as Clause;
    if (!this.scope.isCompanyResource && row[this.field] === undefined) {
      // A PUT that leaves the company (or parent) out keeps the row's (it would otherwise drop out of sight).
      row[this.field] =
        this.access.admin || this.scope.via
          ? (await this.repo.findById(id, { fields: { [this.field]: true } }))[this.field]
          : this.access.empresaId;
    }
    await this.assertWritable(row as DataObject<Row>);
    await this.repo.replaceById(id, row as DataObject<Row>);
  }

  async deleteById(id: IdType): Promise<void> {
    await this.assertVisible(id);
    await this.repo.deleteById(id);
  }

  async deleteAll(where?: Where<Row>): Promise<Count> {
    return this.repo.deleteAll(await this.restrict(where));
  }
}
