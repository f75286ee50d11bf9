/**
 * Product endpoints (src/core/productEditor/contract.ts): the next id, replication and the manual ERP sync.
 * Company isolation: the product must be visible to the caller (another company's answers 404).
 */
import { inject } from '@loopback/core';
import { get, param } from '@loopback/rest';
import {
  MANUAL_SYNC_PATH,
  NEXT_ID_PATH,
  type ManualSyncAnswer,
  type NextIdAnswer,
} from '../../src/core/productEditor/contract';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { ErpBindings, type ErpAdapter } from '../erp/adapter';
import { erpFailure } from '../erp/scope';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet, StoredRecord } from '../repository-set';
import { visibleProduct } from './products/access';
import { productChildTables } from './products/children';
import { renameProductFiles } from './products/rename';
import { replicateProduct } from './products/replica';
import { manualSync } from './products/sync';
import { UploadStore } from './products/uploads';
import { requires } from '../auth/permiso';
import { SYNC_ERP } from '../../src/core/apiPermisos';

const okJson = (description: string) => ({
  responses: { '200': { description, content: { 'application/json': { schema: { type: 'object' } } } } },
});

export class ProductsController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(ErpBindings.ADAPTER) private readonly erp: ErpAdapter,
    @inject(FeatureBindings.UPLOADS_DIR) private readonly uploadsDir: string,
  ) {}

  /** The id the next product is expected to get (the highest id + 1). */
  @get(NEXT_ID_PATH, {
    ...requires({ action: 'create', resource: 'productos' }),
    ...okJson('The next product id'),
  })
  async getNextId(): Promise<NextIdAnswer> {
    const [last] = await this.repos
      .repository('productos')
      .find({ order: ['id DESC'], limit: 1, fields: { id: true } });
    return { nextId: Number(last?.id ?? 0) + 1 };
  }

  @get('/productos/replica/{id}', {
    ...requires({ action: 'create', resource: 'productos' }),
    ...okJson('The new product'),
  })
  async replica(@param.path.integer('id') id: number): Promise<StoredRecord<'productos'>> {
    const source = await visibleProduct(this.repos, this.access, id);
    return replicateProduct(this.repos, new UploadStore(this.uploadsDir), source);
  }

  @get(MANUAL_SYNC_PATH, { ...requires(SYNC_ERP), ...okJson('The sync answer') })
  async sincronizaProductosManual(
    @param.query.integer('idProducto', { required: true }) idProducto: number,
  ): Promise<ManualSyncAnswer> {
    const product = await visibleProduct(this.repos, this.access, idProducto);
    const outcome = await manualSync(this.repos, this.erp, product);
    // 424 with the ERP's reason (a 5xx would hide it): the product itself was saved before this call.
    if (outcome.failure)
      throw erpFailure(`No se pudo sincronizar el producto con BC: ${outcome.failure}`, 500);
    return outcome.answer;
  }
}

export const feature: Feature = {
  name: 'products',
  register: ({ app, repositories, registry }) => {
    app.controller(ProductsController);
    // Deleting a product (DELETE /productos/{id}, bulk delete) removes its rows in every child table (general
    // data, attributes, media, icons, catalogue data, characteristics, catalogue links, generated texts, text
    // generation queue) and its stored files: '¿Eliminar «X» y todos sus datos?'.
    const children = productChildTables(registry).filter(([resource]) =>
      repositories.repositories.has(resource),
    );
    const store = new UploadStore(app.getSync(FeatureBindings.UPLOADS_DIR));
    repositories.repository('productos').addHooks({
      // The child rows go in the product's delete transaction; the files once it is committed.
      deleteInTransaction: true,
      afterDelete: async (rows, options) => {
        const ids = rows.map((row) => Number(row.id)).filter(Number.isFinite);
        if (!ids.length) return;
        for (const [resource, field] of children) {
          await repositories.repository(resource).deleteAll({ [field]: { inq: ids } }, options);
        }
      },
    });
    repositories.repository('productos').addHooks({
      afterDelete: async (rows) => {
        for (const row of rows) await store.removeFolder(String(row.nombre ?? ''));
      },
      // Renaming a product moves its files (multimedia/{nombre}/) and rewrites the paths that point there.
      afterUpdate: async (changes) => {
        for (const { before, after } of changes) {
          if (before.nombre !== after.nombre) {
            await renameProductFiles(repositories, store, after, String(before.nombre ?? ''));
          }
        }
      },
    });
  },
};
