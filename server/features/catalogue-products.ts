/**
 * Catalogue products (docs/requirements.md#r7-api "Catalogue products"; routes and shapes in src/core/catalogueProducts/contract.ts).
 *
 * - add: the catalogue must be visible to the caller (else 404 ENTITY_NOT_FOUND, as if it did not exist);
 *   every product must exist in the catalogue's company (else 422 INVALID_PRODUCTS, nothing written);
 *   duplicates in the selection are collapsed and products already in the catalogue are skipped, so the answer
 *   (200) lists only the CatalogoProducto rows created. Adds to one server are serialised (no duplicate rows
 *   from two concurrent requests).
 * - remove / delete-by-catalogue: 200 {deletedCount} with the number of rows really deleted (ids not in the
 *   catalogue simply count nothing).
 * - listings: products of the catalogue's company in it / not in it, filtered on the server (the exclusion is
 *   a `nin`/`inq` on ids inside the server, never in a URL), paged, with the first general record's title,
 *   brand and grouping reference.
 * Body validation is AJV's (422 VALIDATION_FAILED); query validation answers 400 INVALID_PARAMETER_VALUE.
 */
import { BindingKey, inject } from '@loopback/core';
import { EntityNotFoundError, type Count, type Where } from '@loopback/repository';
import { del, get, HttpErrors, param, post, requestBody, type SchemaObject } from '@loopback/rest';
import {
  ADD_PATH,
  DELETE_BY_CATALOGUE_PATH,
  GENERAL_FIELDS,
  GROUPING_REFERENCES_PATH,
  listPath,
  MAX_IDS_PER_REQUEST,
  REMOVE_PATH,
  type CatalogueProductsBody,
  type DeletedCount,
  type Membership,
} from '../../src/core/catalogueProducts/contract';
import { productoGeneral as generalSchema } from '../../src/resources/productoGeneral/schema';
import { productos as productSchema } from '../../src/resources/productos/schema';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { FeatureBindings, type Feature } from '../feature';
import { PARENT_SCOPE, type ParentScope } from '../parent-scope';
import { checkLimit, checkWhere } from '../query-guard';
import type { SchemaRepository } from '../repositories';
import type { RepositoryOf, RepositorySet, RowOf, StoredEntity, StoredRecord } from '../repository-set';
import { Mutex } from '../mutex';
import { requires } from '../auth/permiso';
import { compareSpanish } from '../../src/core/spanishOrder';

const LOCK = BindingKey.create<Mutex>('pim.catalogueProducts.lock');

const CATALOGUES = 'catalogos';
const LINKS = 'catalogos-productos';
const PRODUCTS = 'productos';
const GENERALS = 'producto-generals';

type Product = StoredEntity<typeof PRODUCTS>;
/** A listed product: its fields (those asked for) and its first general record's title, brand and grouping. */
type ListedProduct = Partial<StoredRecord<typeof PRODUCTS>> &
  Partial<Pick<StoredRecord<typeof GENERALS>, (typeof GENERAL_FIELDS)[number]>>;

type Clause = Record<string, unknown>;

const PRODUCT_FIELDS: ReadonlySet<string> = new Set(
  productSchema.fields.filter((field) => !field.writeOnly).map((field) => field.name),
);
const GENERAL_FIELD_SET: ReadonlySet<string> = new Set(GENERAL_FIELDS);
/** Product columns of a listing row (the general ones are added from producto-generals). */
const ROW_FIELDS: (keyof Product)[] = ['id', 'empresaId', 'nombre', 'categorias', 'imagen', 'finalizado'];

const BODY_SCHEMA: SchemaObject = {
  type: 'object',
  title: 'CatalogueProducts',
  required: ['catalogoId', 'productoIds'],
  additionalProperties: false,
  properties: {
    catalogoId: { type: 'integer', minimum: 1 },
    productoIds: {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      maxItems: MAX_IDS_PER_REQUEST,
    },
  },
};

const FILTER_SCHEMA: SchemaObject = {
  type: 'object',
  title: 'CatalogueProductsFilter',
  additionalProperties: false,
  properties: {
    where: { type: 'object', additionalProperties: true },
    order: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    limit: { type: 'integer', minimum: 1 },
    skip: { type: 'integer', minimum: 0 },
    offset: { type: 'integer', minimum: 0 },
    fields: {
      oneOf: [
        { type: 'object', additionalProperties: { type: 'boolean' } },
        { type: 'array', items: { type: 'string' } },
      ],
    },
  },
};

const WHERE_SCHEMA: SchemaObject = {
  type: 'object',
  title: 'CatalogueProductsWhere',
  additionalProperties: true,
};

const jsonBody = (schema: SchemaObject) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const ok = (description: string, schema: SchemaObject) => ({
  responses: { '200': { description, content: { 'application/json': { schema } } } },
});
const DELETED_SCHEMA: SchemaObject = {
  type: 'object',
  title: 'DeletedCount',
  properties: { deletedCount: { type: 'integer' } },
};
const COUNT_SCHEMA: SchemaObject = { type: 'object', properties: { count: { type: 'number' } } };
const LINK_SCHEMA: SchemaObject = {
  type: 'object',
  properties: { id: { type: 'integer' }, catalogoId: { type: 'integer' }, productoId: { type: 'integer' } },
};
const catalogueIdParam = (name: string) =>
  param({ name, in: 'path', required: true, schema: { type: 'integer' } });

const badParameter = (name: string, value: unknown, message: string): Error =>
  Object.assign(
    new HttpErrors.BadRequest(`Invalid data ${JSON.stringify(value)} for parameter "${name}". ${message}`),
    { code: 'INVALID_PARAMETER_VALUE' },
  );

const isClause = (value: unknown): value is Clause =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/** A listing filter's where split into product conditions and general-data conditions (400 on anything else). */
export function splitWhere(where: unknown, parameter: string): { product: Clause; general: Clause } {
  const product: Clause = {};
  const general: Clause = {};
  if (where === undefined || where === null) return { product, general };
  if (!isClause(where)) throw badParameter(parameter, where, 'where must be an object.');
  for (const [key, condition] of Object.entries(where)) {
    if (GENERAL_FIELD_SET.has(key)) general[key] = condition;
    else if (PRODUCT_FIELDS.has(key)) product[key] = condition;
    else
      throw badParameter(
        parameter,
        where,
        `Unknown property "${key}": use ${[...PRODUCT_FIELDS, ...GENERAL_FIELDS].join(', ')}.`,
      );
  }
  checkWhere(productSchema, product);
  checkWhere(generalSchema, general);
  return { product, general };
}

/** `order` restricted to product fields (an unknown column is a 500 on MySQL). */
function checkedOrder(order: unknown): string[] {
  const entries = order === undefined ? [] : Array.isArray(order) ? order : [order];
  const result: string[] = [];
  for (const entry of entries) {
    const [field, direction = 'ASC', ...rest] = String(entry).trim().split(/\s+/);
    if (!PRODUCT_FIELDS.has(field) || rest.length || !/^(ASC|DESC)$/i.test(direction))
      throw badParameter('filter', { order }, `Cannot order by "${String(entry)}".`);
    result.push(`${field} ${direction.toUpperCase()}`);
  }
  return result.length ? result : ['nombre ASC'];
}

/** The product fields a filter asks for: declared fields only (anything else is refused). */
function checkedFields(fields: unknown): (keyof Product)[] | undefined {
  if (fields === undefined) return undefined;
  const names = Array.isArray(fields)
    ? fields.map(String)
    : Object.entries(fields as Clause)
        .filter(([, on]) => on === true)
        .map(([name]) => name);
  for (const name of names)
    if (!PRODUCT_FIELDS.has(name)) throw badParameter('filter', { fields }, `Unknown field "${name}".`);
  return names.length ? (names as (keyof Product)[]) : undefined;
}

interface ListFilter {
  where?: unknown;
  order?: unknown;
  limit?: number;
  skip?: number;
  offset?: number;
  fields?: unknown;
}

export class CatalogueProductsController {
  private readonly catalogues: RepositoryOf<typeof CATALOGUES>;
  private readonly links: RepositoryOf<typeof LINKS>;
  private readonly products: RepositoryOf<typeof PRODUCTS>;
  private readonly generals: RepositoryOf<typeof GENERALS>;
  /** Membership and general-data conditions run as subqueries (a SQL store). */
  private readonly subqueries: boolean;

  constructor(
    @inject(FeatureBindings.REPOSITORIES) repositories: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(LOCK) private readonly lock: Mutex,
  ) {
    this.catalogues = repositories.repository(CATALOGUES);
    this.links = repositories.repository(LINKS);
    this.products = repositories.repository(PRODUCTS);
    this.generals = repositories.repository(GENERALS);
    this.subqueries = repositories.parentSubqueries;
  }

  /** `id` IN / NOT IN (SELECT `key` FROM `repo` WHERE `where`), run by the database. */
  private subquery(
    repo: Pick<SchemaRepository, 'entityClass'>,
    key: string,
    where: Clause,
    negate = false,
  ): Clause {
    const scope: ParentScope = { field: 'id', model: repo.entityClass.definition.name, key, where, negate };
    return { [PARENT_SCOPE]: scope };
  }

  /** The catalogue, if the caller may see it; 404 ENTITY_NOT_FOUND otherwise (its existence is not revealed). */
  private async catalogue(id: number): Promise<RowOf<typeof CATALOGUES>> {
    const found = await this.catalogues.findOne({ where: { Id: id } });
    const visible =
      found &&
      (this.access.admin || (this.access.empresaId !== null && found.empresaId === this.access.empresaId));
    if (!found || !visible) throw new EntityNotFoundError(this.catalogues.schema.model, id);
    return found;
  }

  /** The catalogue's company (a stored catalogue without one matches products without one, as before). */
  private companyOf(catalogue: RowOf<typeof CATALOGUES>): number | null {
    return catalogue.empresaId ?? null;
  }

  private async productIdsInCatalogue(catalogoId: number): Promise<number[]> {
    const rows = await this.links.find({ where: { catalogoId }, fields: { productoId: true } });
    return unique(rows.map((row) => Number(row.productoId)));
  }

  @post(ADD_PATH, {
    ...requires({ action: 'create', resource: 'catalogos-productos' }),
    ...ok('CatalogoProducto rows created', { type: 'array', items: LINK_SCHEMA }),
  })
  async add(
    @requestBody(jsonBody(BODY_SCHEMA)) body: CatalogueProductsBody,
  ): Promise<StoredRecord<typeof LINKS>[]> {
    const catalogue = await this.catalogue(body.catalogoId);
    const wanted = unique(body.productoIds);
    if (!wanted.length) return [];
    const known = await this.products.find({
      where: { and: [{ id: { inq: wanted } }, { empresaId: { eq: this.companyOf(catalogue) } }] },
      fields: { id: true },
    });
    const knownIds = new Set(known.map((row) => Number(row.id)));
    const refused = wanted.filter((id) => !knownIds.has(id));
    if (refused.length) {
      const shown = refused.slice(0, 50);
      throw Object.assign(
        new HttpErrors.UnprocessableEntity(
          `Hay productos que no existen o no pertenecen a la empresa del catálogo: ${shown.join(', ')}` +
            (refused.length > shown.length ? ` y ${refused.length - shown.length} más` : ''),
        ),
        {
          code: 'INVALID_PRODUCTS',
          details: [
            {
              path: '/productoIds',
              code: 'invalid',
              message: 'must be products of the catalogue company',
              info: { productoIds: shown, count: refused.length },
            },
          ],
        },
      );
    }
    return this.lock.run(async () => {
      const existing = await this.links.find({
        where: { and: [{ catalogoId: body.catalogoId }, { productoId: { inq: wanted } }] },
        fields: { productoId: true },
      });
      const present = new Set(existing.map((row) => Number(row.productoId)));
      const missing = wanted.filter((id) => !present.has(id));
      if (!missing.length) return [];
      const created = await this.links.createAll(
        missing.map((productoId) => ({ catalogoId: body.catalogoId, productoId })),
      );
      return created.map((row) => row.toJSON());
    });
  }

  @post(REMOVE_PATH, {
    ...requires({ action: 'delete', resource: 'catalogos-productos' }),
    ...ok('Rows deleted', DELETED_SCHEMA),
  })
  async remove(@requestBody(jsonBody(BODY_SCHEMA)) body: CatalogueProductsBody): Promise<DeletedCount> {
    await this.catalogue(body.catalogoId);
    const ids = unique(body.productoIds);
    if (!ids.length) return { deletedCount: 0 };
    const { count } = await this.lock.run(() =>
      this.links.deleteAll({ and: [{ catalogoId: body.catalogoId }, { productoId: { inq: ids } }] }),
    );
    return { deletedCount: count };
  }

  @del(`${DELETE_BY_CATALOGUE_PATH}/{catalogoId}`, {
    ...requires({ action: 'delete', resource: 'catalogos-productos' }),
    ...ok('Rows deleted', DELETED_SCHEMA),
  })
  async removeAll(@catalogueIdParam('catalogoId') catalogoId: number): Promise<DeletedCount> {
    await this.catalogue(catalogoId);
    const { count } = await this.lock.run(() => this.links.deleteAll({ catalogoId }));
    return { deletedCount: count };
  }

  @get(GROUPING_REFERENCES_PATH, {
    ...requires({ action: 'read', resource: 'catalogos-productos' }),
    ...ok('Distinct grouping references', { type: 'array', items: { type: 'string' } }),
  })
  async groupingReferences(@param.query.integer('empresaId') empresaId?: number): Promise<string[]> {
    // A non-admin sees their own company whatever they ask; an admin the asked company, or all of them.
    const company = this.access.admin ? empresaId : (this.access.empresaId ?? -1);
    const generals = await this.generals.find({
      where: { referenciaAgrupacion: { neq: null } },
      fields: { productoId: true, referenciaAgrupacion: true },
    });
    let allowed: Set<number> | undefined;
    if (company !== undefined) {
      const products = await this.products.find({ where: { empresaId: company }, fields: { id: true } });
      allowed = new Set(products.map((row) => Number(row.id)));
    }
    const references = new Set<string>();
    for (const row of generals) {
      const reference = row.referenciaAgrupacion;
      if (typeof reference !== 'string' || reference.trim() === '') continue;
      if (allowed && !allowed.has(Number(row.productoId))) continue;
      references.add(reference);
    }
    return [...references].sort(compareSpanish);
  }

  /**
   * The where selecting the listed products, or null when it can match nothing (no query needed).
   * General-data conditions become an id list (an inner join on producto-generals).
   */
  private async productWhere(
    catalogoId: number,
    membership: Membership,
    where: unknown,
    parameter: string,
  ): Promise<Where<Product> | null> {
    const { product, general } = splitWhere(where, parameter);
    const catalogue = await this.catalogue(catalogoId);
    if (this.subqueries) {
      // One query: membership and general data as subqueries, nothing loaded into id lists.
      const and: Clause[] = [
        { empresaId: this.companyOf(catalogue) },
        this.subquery(this.links, 'productoId', { catalogoId }, membership !== 'incluidos'),
      ];
      if (Object.keys(general).length) and.push(this.subquery(this.generals, 'productoId', general));
      if (Object.keys(product).length) and.push(product);
      return { and } as Where<Product>;
    }
    const inCatalogue = await this.productIdsInCatalogue(catalogoId);
    let byGeneral: number[] | undefined;
    if (Object.keys(general).length) {
      const rows = await this.generals.find({ where: general, fields: { productoId: true } });
      byGeneral = unique(rows.map((row) => Number(row.productoId)));
    }
    let idCondition: Clause | undefined;
    if (membership === 'incluidos') {
      const members = new Set(inCatalogue);
      const ids = byGeneral ? byGeneral.filter((id) => members.has(id)) : inCatalogue;
      if (!ids.length) return null;
      idCondition = { inq: ids };
    } else if (byGeneral) {
      const members = new Set(inCatalogue);
      const ids = byGeneral.filter((id) => !members.has(id));
      if (!ids.length) return null;
      idCondition = { inq: ids };
    } else if (inCatalogue.length) {
      idCondition = { nin: inCatalogue };
    }
    const and: Clause[] = [{ empresaId: this.companyOf(catalogue) }];
    if (idCondition) and.push({ id: idCondition });
    if (Object.keys(product).length) and.push(product);
    return { and } as Where<Product>;
  }

  /** The first general record of each product: title, brand, grouping reference. */
  private async withGeneralData(rows: RowOf<typeof PRODUCTS>[]): Promise<ListedProduct[]> {
    const plain: ListedProduct[] = rows.map((row) => row.toJSON());
    if (!plain.length) return plain;
    const generals = await this.generals.find({
      where: { productoId: { inq: plain.map((row) => row.id) } },
      fields: { id: true, productoId: true, titulo: true, marca: true, referenciaAgrupacion: true },
      order: ['id ASC'],
    });
    const first = new Map<unknown, RowOf<typeof GENERALS>>();
    for (const general of generals)
      if (!first.has(general.productoId)) first.set(general.productoId, general);
    return plain.map((row) => {
      const general = first.get(row.id);
      const out: ListedProduct = { ...row };
      for (const field of GENERAL_FIELDS) if (general?.[field] != null) out[field] = general[field];
      return out;
    });
  }

  private async list(
    catalogoId: number,
    membership: Membership,
    filter?: ListFilter,
  ): Promise<ListedProduct[]> {
    const where = await this.productWhere(catalogoId, membership, filter?.where, 'filter');
    const order = checkedOrder(filter?.order);
    const fields = checkedFields(filter?.fields);
    checkLimit(filter?.limit);
    if (!where) return [];
    const rows = await this.products.find({
      where,
      order: [...order, ...(order.some((entry) => entry.startsWith('id ')) ? [] : ['id ASC'])],
      limit: filter?.limit,
      skip: filter?.skip ?? filter?.offset,
      fields: fields ?? ROW_FIELDS,
    });
    return fields ? rows.map((row) => row.toJSON()) : this.withGeneralData(rows);
  }

  private async count(catalogoId: number, membership: Membership, where?: unknown): Promise<Count> {
    const condition = await this.productWhere(catalogoId, membership, where, 'where');
    if (!condition) return { count: 0 };
    return this.products.count(condition);
  }

  @get(listPath('{id}', 'disponibles'), {
    ...requires({ action: 'read', resource: 'catalogos-productos' }),
    ...ok('Products not in the catalogue', { type: 'array' }),
  })
  available(
    @catalogueIdParam('id') id: number,
    @param.query.object('filter', FILTER_SCHEMA) filter?: ListFilter,
  ): Promise<ListedProduct[]> {
    return this.list(id, 'disponibles', filter);
  }

  @get(`${listPath('{id}', 'disponibles')}/count`, {
    ...requires({ action: 'read', resource: 'catalogos-productos' }),
    ...ok('Count of products not in the catalogue', COUNT_SCHEMA),
  })
  availableCount(
    @catalogueIdParam('id') id: number,
    @param.query.object('where', WHERE_SCHEMA) where?: Clause,
  ): Promise<Count> {
    return this.count(id, 'disponibles', where);
  }

  @get(listPath('{id}', 'incluidos'), {
    ...requires({ action: 'read', resource: 'catalogos-productos' }),
    ...ok('Products in the catalogue', { type: 'array' }),
  })
  included(
    @catalogueIdParam('id') id: number,
    @param.query.object('filter', FILTER_SCHEMA) filter?: ListFilter,
  ): Promise<ListedProduct[]> {
    return this.list(id, 'incluidos', filter);
  }

  @get(`${listPath('{id}', 'incluidos')}/count`, {
    ...requires({ action: 'read', resource: 'catalogos-productos' }),
    ...ok('Count of products in the catalogue', COUNT_SCHEMA),
  })
  includedCount(
    @catalogueIdParam('id') id: number,
    @param.query.object('where', WHERE_SCHEMA) where?: Clause,
  ): Promise<Count> {
    return this.count(id, 'incluidos', where);
  }
}

export const feature: Feature = {
  name: 'catalogue-products',
  register: ({ app }) => {
    app.bind(LOCK).to(new Mutex());
    app.controller(CatalogueProductsController);
    // Deleting a catalogue deletes its product links: features/integrity-cascades.ts.
  },
};
