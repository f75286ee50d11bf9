/**
 * Reference-data endpoints (paths, shapes and rules in src/core/referenceData/contract.ts):
 * products of a category, the attribute-by-category check and removal, and the principal SKUs.
 *
 * Company isolation: a non-admin only ever reads and removes rows of their own company (another company's
 * attribute answers 404 ENTITY_NOT_FOUND, as if it did not exist); an admin reads every company, or the one
 * given in `?empresaId=` (the app sends the selected company).
 */
import { inject } from '@loopback/core';
import { EntityNotFoundError, type Where } from '@loopback/repository';
import { get, HttpErrors, param } from '@loopback/rest';
import {
  categoryKey,
  COMPRUEBA_ATRIBUTOS_PATH,
  ELIMINA_ATRIBUTOS_PATH,
  inCategories,
  isTipoCategoria,
  POR_CATEGORIA_PATH,
  SKU_PRINCIPALES_PATH,
  SKU_SUGGESTIONS_DEFAULT,
  SKU_SUGGESTIONS_MAX,
  TIPO_NO_VALIDO,
  type CheckAnswer,
  type CountAnswer,
  type ProductoEnCategoria,
} from '../../src/core/referenceData/contract';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { FeatureBindings, type Feature } from '../feature';
import { containsPattern } from '../../src/core/likePatterns';
import type { Row } from '../repositories';
import type { RepositorySet, RowOf, StoredRecord } from '../repository-set';
import { requires } from '../auth/permiso';

type Clause = Record<string, unknown>;

/** `like` pattern matching `text` anywhere, with LIKE's own wildcards escaped. */

/** The company condition of a caller (undefined: every company). */
export function companyWhere(access: CompanyAccess, requested?: number): Clause | undefined {
  if (!access.admin) {
    // No company: a condition no row meets, on both stores.
    if (access.empresaId === null) return { and: [{ empresaId: null }, { empresaId: { neq: null } }] };
    return { empresaId: access.empresaId };
  }
  return requested === undefined ? undefined : { empresaId: requested };
}

const and = (...clauses: (Clause | undefined)[]): Where<Row> => {
  const parts = clauses.filter((c): c is Clause => !!c && Object.keys(c).length > 0);
  if (parts.length === 0) return {};
  return (parts.length === 1 ? parts[0] : { and: parts }) as Where<Row>;
};

/** Above this many category names a query reads the company's categorised products and filters here. */
const MAX_LIKE_TERMS = 50;

const empresaParam = param({ name: 'empresaId', in: 'query', schema: { type: 'integer', minimum: 1 } });

/** A product as the category answers list it (every field present, null when unset). */
const productShape = (row: StoredRecord<'productos'>): ProductoEnCategoria => ({
  id: row.id,
  empresaId: row.empresaId ?? null,
  nombre: row.nombre ?? null,
  categorias: row.categorias ?? null,
  imagen: row.imagen ?? null,
  finalizado: row.finalizado ?? null,
});

export class ReferenceDataController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  /** The names and codes a category query matches, in lower case. */
  private async categoryNames(tipo: 'categoria' | 'subcategoria', nombre: string, scope?: Clause) {
    const key = categoryKey(nombre);
    const categorias = await this.repos.repository('categorias').find({ where: and(scope) });
    const matched = categorias.filter(
      (c) => categoryKey(String(c.nombre ?? '')) === key || categoryKey(String(c.codigo ?? '')) === key,
    );
    const names = new Set<string>([key]);
    const add = (row: { nombre?: string | null; codigo?: string | null }) => {
      if (typeof row.nombre === 'string') names.add(categoryKey(row.nombre));
      if (typeof row.codigo === 'string') names.add(categoryKey(row.codigo));
    };
    matched.forEach(add);
    if (tipo === 'categoria') {
      for (const child of categorias) {
        if (matched.some((parent) => parent.empresaId === child.empresaId && parent.codigo === child.padre))
          add(child);
      }
    }
    return names;
  }

  /**
   * Products of a company scope whose category list holds one of `names`: the datastore narrows with `like`
   * (case-insensitive on both stores), the exact list membership is checked here.
   */
  private async productsIn(names: ReadonlySet<string>, scope?: Clause): Promise<RowOf<'productos'>[]> {
    const likes = [...names].map((name) => ({ categorias: { like: containsPattern(name) } }));
    const narrowed = likes.length <= MAX_LIKE_TERMS ? { or: likes } : { categorias: { neq: null } };
    const rows = await this.repos.repository('productos').find({
      where: and(scope, narrowed),
      order: ['nombre ASC'],
    });
    return rows.filter((row) => inCategories(row.categorias, names));
  }

  @get(`/${POR_CATEGORIA_PATH}/{tipo}/{nombre}`, {
    ...requires({ action: 'read', resource: 'productos' }),
    responses: { '200': { description: 'Products of a category or subcategory' } },
  })
  async productosPorCategoria(
    @param.path.string('tipo') tipo: string,
    @param.path.string('nombre') nombre: string,
    @empresaParam empresaId?: number,
  ): Promise<ProductoEnCategoria[]> {
    if (!isTipoCategoria(tipo)) {
      throw Object.assign(new HttpErrors.BadRequest(TIPO_NO_VALIDO), { code: 'TIPO_NO_VALIDO' });
    }
    const scope = companyWhere(this.access, empresaId);
    const names = await this.categoryNames(tipo, nombre, scope);
    return (await this.productsIn(names, scope)).map((row) => productShape(row.toObject()));
  }

  /** The product-attribute rows of an attribute (visible to the caller) in the products of a category. */
  private async attributeRowsIn(
    categoriaNombre: string,
    atributoId: number,
  ): Promise<{ rows: RowOf<'producto-atributos'>[]; products: RowOf<'productos'>[] }> {
    const scope = companyWhere(this.access);
    const [atributo] = await this.repos
      .repository('atributos')
      .find({ where: and(scope, { id: atributoId }), limit: 1 });
    if (!atributo) throw new EntityNotFoundError('Atributo', atributoId);
    const products = await this.productsIn(new Set([categoryKey(categoriaNombre)]), {
      empresaId: atributo.empresaId,
    });
    if (!products.length) return { rows: [], products };
    const rows = await this.repos.repository('producto-atributos').find({
      where: { and: [{ atributoId }, { productoId: { inq: products.map((p) => p.id) } }] },
    });
    return { rows, products };
  }

  @get(`/${COMPRUEBA_ATRIBUTOS_PATH}/{categoriaNombre}/{atributoId}`, {
    ...requires({ action: 'read', resource: 'atributos' }),
    responses: { '200': { description: 'How many products of the category carry the attribute' } },
  })
  async compruebaAtributos(
    @param.path.string('categoriaNombre') categoriaNombre: string,
    @param.path.integer('atributoId') atributoId: number,
  ): Promise<CheckAnswer> {
    const { rows, products } = await this.attributeRowsIn(categoriaNombre, atributoId);
    const carrying = new Set(rows.map((row) => row.productoId));
    const productos = products.filter((p) => carrying.has(p.id)).map((p) => String(p.nombre));
    return { count: productos.length, productos };
  }

  @get(`/${ELIMINA_ATRIBUTOS_PATH}/{categoriaNombre}/{atributoId}`, {
    ...requires({ action: 'update', resource: 'producto-atributos' }),
    responses: { '200': { description: 'Removes the attribute from the products of the category' } },
  })
  async eliminaAtributos(
    @param.path.string('categoriaNombre') categoriaNombre: string,
    @param.path.integer('atributoId') atributoId: number,
  ): Promise<CountAnswer> {
    const { rows } = await this.attributeRowsIn(categoriaNombre, atributoId);
    if (!rows.length) return { count: 0 };
    const { count } = await this.repos
      .repository('producto-atributos')
      .deleteAll({ id: { inq: rows.map((row) => row.id) } });
    return { count };
  }

  @get(`/${SKU_PRINCIPALES_PATH}`, {
    ...requires({ action: 'read', resource: 'productos' }),
    responses: { '200': { description: 'SKUs usable as principal SKU (product names)' } },
  })
  async skuPrincipales(
    @param({ name: 'q', in: 'query', schema: { type: 'string' } }) q?: string,
    @param({ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }) limit?: number,
    @empresaParam empresaId?: number,
  ): Promise<string[]> {
    const term = (q ?? '').trim();
    const rows = await this.repos.repository('productos').find({
      where: and(
        companyWhere(this.access, empresaId),
        term ? { nombre: { like: containsPattern(term) } } : {},
      ),
      order: ['nombre ASC'],
      limit: Math.min(Math.max(1, limit ?? SKU_SUGGESTIONS_DEFAULT), SKU_SUGGESTIONS_MAX),
      fields: { nombre: true, id: true },
    });
    return [...new Set(rows.map((row) => String(row.nombre)))];
  }
}

export const feature: Feature = {
  name: 'reference-data',
  register: ({ app }) => {
    app.controller(ReferenceDataController);
  },
};
