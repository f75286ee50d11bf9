/**
 * Product attribute and media lookups (docs/requirements.md#r7-api "Product attributes, icons and media"):
 *   GET /producto-atributos/por-producto/{id}    the product's attributes, ordenEnGrupo ASC
 *   GET /producto-atributos/por-atributo/{id}    the rows of one attribute (of the products the caller sees)
 *   GET /producto-multimedia/por-producto/{id}   the product's media, the principal first
 * The child tables carry no empresaId: the parent product (or attribute) must be visible to the caller, else
 * 404. (The attribute-by-category check and removal live in reference-data.ts.)
 */
import { inject } from '@loopback/core';
import { EntityNotFoundError } from '@loopback/repository';
import { get, param } from '@loopback/rest';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet, StoredRecord } from '../repository-set';
import { childRows, seesCompany, visibleProduct } from './products/access';
import { requires } from '../auth/permiso';

const okArray = (description: string) => ({
  responses: {
    '200': {
      description,
      content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
    },
  },
});

const IN_BATCH = 500;

export class ProductLookupsController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  @get('/producto-atributos/por-producto/{id}', {
    ...requires({ action: 'read', resource: 'producto-atributos' }),
    ...okArray("The product's attributes"),
  })
  async attributesByProduct(
    @param.path.integer('id') id: number,
  ): Promise<StoredRecord<'producto-atributos'>[]> {
    await visibleProduct(this.repos, this.access, id);
    return childRows(this.repos, 'producto-atributos', 'productoId', [id], ['ordenEnGrupo ASC', 'id ASC']);
  }

  @get('/producto-atributos/por-atributo/{id}', {
    ...requires({ action: 'read', resource: 'producto-atributos' }),
    ...okArray('The product rows of an attribute'),
  })
  async attributesByAttribute(
    @param.path.integer('id') id: number,
  ): Promise<StoredRecord<'producto-atributos'>[]> {
    const [attribute] = await this.repos.repository('atributos').find({ where: { id }, limit: 1 });
    if (!attribute || !seesCompany(this.access, attribute.empresaId))
      throw new EntityNotFoundError('Atributo', id);
    const rows = (
      await this.repos.repository('producto-atributos').find({ where: { atributoId: id }, order: ['id ASC'] })
    ).map((row) => row.toObject());
    if (this.access.admin) return rows;
    // Only rows of products the caller may see.
    const ids = [...new Set(rows.map((row) => Number(row.productoId)))];
    const visible = new Set<number>();
    for (let i = 0; i < ids.length; i += IN_BATCH) {
      const products = await this.repos
        .repository('productos')
        .find({ where: { id: { inq: ids.slice(i, i + IN_BATCH) } }, fields: { id: true, empresaId: true } });
      for (const product of products)
        if (seesCompany(this.access, product.empresaId)) visible.add(Number(product.id));
    }
    return rows.filter((row) => visible.has(Number(row.productoId)));
  }

  @get('/producto-multimedia/por-producto/{id}', {
    ...requires({ action: 'read', resource: 'producto-multimedias' }),
    ...okArray("The product's media"),
  })
  async mediaByProduct(
    @param.path.integer('id') id: number,
  ): Promise<StoredRecord<'producto-multimedias'>[]> {
    await visibleProduct(this.repos, this.access, id);
    const rows = await childRows(this.repos, 'producto-multimedias', 'productoId', [id], ['id ASC']);
    return [...rows].sort((a, b) => Number(b.principalSN === 'S') - Number(a.principalSN === 'S'));
  }
}

export const feature: Feature = {
  name: 'products-lookups',
  register: ({ app }) => {
    app.controller(ProductLookupsController);
  },
};
