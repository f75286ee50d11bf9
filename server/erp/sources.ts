/**
 * What each synchronisation sends: the company's products (with their first general record) and the
 * relations whose principal SKU is one of them, as ERP payloads (SyncBatch items).
 */
import type { Where } from '@loopback/repository';
import type { RepositorySet, RowOf, StoredEntity, StoredRecord } from '../repository-set';
import { ERP_ENDPOINTS, type SyncBatch, type SyncItem } from './sync';

/** A product as the batches read it: a stored row, or its plain record. */
type Product = StoredRecord<'productos'>;
type General = StoredRecord<'producto-generals'>;

const IN_BATCH = 500;

async function generalsOf(
  repositories: RepositorySet,
  ids: readonly number[],
): Promise<Map<number, General>> {
  const generals = repositories.repository('producto-generals');
  const byProduct = new Map<number, General>();
  for (let i = 0; i < ids.length; i += IN_BATCH) {
    const rows = await generals.find({
      where: { productoId: { inq: ids.slice(i, i + IN_BATCH) } },
      order: ['id ASC'],
    });
    for (const row of rows) {
      const key = Number(row.productoId);
      if (!byProduct.has(key)) byProduct.set(key, row);
    }
  }
  return byProduct;
}

export interface ProductSelection {
  empresaId: number;
  /** Only these products (manual sync); otherwise every product with sincronizarConBC 'S'. */
  ids?: readonly number[];
}

/** The products of a selection (company-scoped), ordered by nombre. */
export async function selectProducts(
  repositories: RepositorySet,
  selection: ProductSelection,
): Promise<RowOf<'productos'>[]> {
  const where: Where<StoredEntity<'productos'>> = selection.ids
    ? { and: [{ empresaId: selection.empresaId }, { id: { inq: [...selection.ids] } }] }
    : { and: [{ empresaId: selection.empresaId }, { sincronizarConBC: 'S' }] };
  return repositories.repository('productos').find({ where, order: ['nombre ASC'] });
}

export async function productBatch(
  repositories: RepositorySet,
  products: readonly Product[],
): Promise<SyncBatch> {
  const generals = await generalsOf(
    repositories,
    products.map((p) => Number(p.id)),
  );
  const items: SyncItem[] = products.map((product) => {
    const general = generals.get(product.id);
    return {
      id: product.id,
      registro: String(product.nombre),
      payload: {
        no: product.nombre,
        descripcion: general?.titulo ?? null,
        marca: general?.marca ?? null,
        ean: general?.ean ?? null,
        itemCategoryCode: product.categorias ?? null,
        finalizado: product.finalizado ?? 'N',
        ensamblado: product.ensamblado ?? 'N',
      },
    };
  });
  return {
    tabla: 'productos',
    endpoint: ERP_ENDPOINTS.items,
    repo: repositories.repository('productos'),
    items,
  };
}

export async function referenceStateBatch(
  repositories: RepositorySet,
  products: readonly Product[],
): Promise<SyncBatch> {
  const generals = await generalsOf(
    repositories,
    products.map((p) => Number(p.id)),
  );
  return {
    tabla: 'productos',
    endpoint: ERP_ENDPOINTS.itemState,
    repo: repositories.repository('productos'),
    items: products.map((product) => ({
      id: product.id,
      registro: String(product.nombre),
      payload: {
        no: product.nombre,
        estadoReferencia: generals.get(product.id)?.estadoReferencia ?? null,
      },
    })),
  };
}

const RELATIONS = [
  { resource: 'Repuestos', tabla: 'repuestos', related: 'skuRepuesto', endpoint: ERP_ENDPOINTS.spareParts },
  {
    resource: 'Sustitutos',
    tabla: 'sustitutos',
    related: 'skuSustituto',
    endpoint: ERP_ENDPOINTS.substitutes,
  },
  {
    resource: 'Ensamblados',
    tabla: 'ensamblados',
    related: 'skuEnsamblado',
    endpoint: ERP_ENDPOINTS.assemblies,
  },
] as const;

/** Spare parts, substitutes and assemblies whose skuPrincipal is one of the products. */
export async function relationBatches(
  repositories: RepositorySet,
  products: readonly Product[],
): Promise<SyncBatch[]> {
  const skus = products.map((p) => String(p.nombre));
  const batches: SyncBatch[] = [];
  for (const relation of RELATIONS) {
    const repo = repositories.repository(relation.resource);
    const rows: RowOf<(typeof relation)['resource']>[] = [];
    for (let i = 0; i < skus.length; i += IN_BATCH) {
      rows.push(
        ...(await repo.find({
          where: { skuPrincipal: { inq: skus.slice(i, i + IN_BATCH) } },
          order: ['id ASC'],
        })),
      );
    }
    batches.push({
      tabla: relation.tabla,
      endpoint: relation.endpoint,
      repo,
      items: rows.map((row) => {
        // the relation's own fields: no stamps, no sync log
        const {
          id,
          fechaCreacion,
          fechaModificacion,
          fechaSincronizacionConBC,
          fechaEjecucionDeProcesoSincroBC,
          motivoErrorSincroConBC,
          ...rest
        } = row.toObject();
        void [fechaCreacion, fechaModificacion, fechaSincronizacionConBC];
        void [fechaEjecucionDeProcesoSincroBC, motivoErrorSincroConBC];
        return {
          id,
          registro: `${String(row.skuPrincipal)} → ${String(row[relation.related])}`,
          payload: rest,
        };
      }),
    });
  }
  return batches;
}
