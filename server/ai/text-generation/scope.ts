/**
 * The caller's view of the catalogue for text generation: every job reads products only through it, so the
 * caller only reads, generates or reviews texts of products it can see (CompanyAccess).
 */
import type { Where } from '@loopback/repository';
import type { CompanyAccess } from '../../auth/keys';
import { restrictWhere } from '../../company';
import { PARENT_SCOPE, type ParentScope } from '../../parent-scope';
import type { Row } from '../../repositories';
import type { PlainRow, RepositorySet } from '../../repository-set';
import type { ProductData } from '../generator';
import { ReviewSql } from './review-sql';
import { GENERALS, LANGUAGES, num, PRODUCTS } from './shared';

export class TextScope {
  private reviewSql?: ReviewSql;

  constructor(
    private readonly repos: RepositorySet,
    private readonly access: CompanyAccess,
  ) {}

  repo(name: string) {
    return this.repos.repository(name);
  }

  /** The review queries in SQL, scoped to the caller's companies. */
  sql(): ReviewSql {
    this.reviewSql ??= new ReviewSql((name) => this.repo(name), this.access);
    return this.reviewSql;
  }

  /** Products the caller can see, optionally only `ids`. */
  async visibleProducts(ids?: readonly number[]): Promise<Row[]> {
    const where: Where<Row> | undefined = ids ? { id: { inq: [...ids] } } : undefined;
    return this.repo(PRODUCTS).find({ where: restrictWhere(where, this.access, 'empresaId') });
  }

  /**
   * The condition "`field` is a product the caller can see", as a SQL subquery on the products (undefined for an
   * admin: every product) — for reading child rows without listing product ids.
   */
  ofVisibleProducts(field: string): PlainRow | undefined {
    const where = restrictWhere(undefined, this.access, 'empresaId');
    if (!where) return undefined;
    const scope: ParentScope = {
      field,
      model: this.repo(PRODUCTS).entityClass.definition.name,
      key: 'id',
      where,
    };
    return { [PARENT_SCOPE]: scope };
  }

  async visibleProductIds(ids?: readonly number[]): Promise<Set<number>> {
    const rows = await this.repo(PRODUCTS).find({
      where: restrictWhere(ids ? { id: { inq: [...ids] } } : undefined, this.access, 'empresaId'),
      fields: { id: true },
    });
    return new Set(rows.map((row) => num(row.id)));
  }

  async generalsOf(ids: readonly number[]): Promise<Map<number, PlainRow>> {
    const byProduct = new Map<number, PlainRow>();
    if (!ids.length) return byProduct;
    const rows = await this.repo(GENERALS).find({
      where: { productoId: { inq: [...ids] } },
      order: ['id ASC'],
    });
    for (const row of rows) if (!byProduct.has(num(row.productoId))) byProduct.set(num(row.productoId), row);
    return byProduct;
  }

  async productData(product: Row, general?: PlainRow): Promise<ProductData> {
    const g = general ?? (await this.generalsOf([num(product.id)])).get(num(product.id)) ?? {};
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(g))
      if (!['id', 'productoId'].includes(key) && value != null) plain[key] = value;
    return {
      id: num(product.id),
      nombre: String(product.nombre ?? ''),
      general: plain,
      categorias: product.categorias,
    };
  }

  async activeLanguages(): Promise<string[]> {
    const rows = await this.repo(LANGUAGES).find({ where: { activo_sn: 'S' }, order: ['id ASC'] });
    return rows.map((row) => String(row.codigo));
  }
}
