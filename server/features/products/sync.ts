/**
 * The manual ERP sync of one product (docs/requirements.md#r7-api GET /sincronizaProductosManual?idProducto=), run after a save
 * with sincronizarConBC = S. The volume check comes first: without a volume the answer is 'volumen NO' and
 * nothing is sent. Otherwise the product (and the relations whose principal SKU it is) go to Business
 * Central through the ErpAdapter with the same batches and sync-log writing as /sincronizaProductos
 * (server/erp/sources.ts, server/erp/sync.ts): fechaEjecucionDeProcesoSincroBC always,
 * fechaSincronizacionConBC on success, motivoErrorSincroConBC on refusal or failure, and a logsnavs row.
 */
import { VOLUME_NO, type ManualSyncAnswer } from '../../../src/core/productEditor/contract';
import type { ErpAdapter } from '../../erp/adapter';
import { productBatch, relationBatches } from '../../erp/sources';
import { runSync, SYNC_FIELDS, type LogRepo, type SyncSummary } from '../../erp/sync';
import { hasVolume, productVolume } from '../../erp/volume';
import type { RepositorySet, StoredRecord } from '../../repository-set';
import { childRows } from './access';

export const VOLUME_REASON = 'El volumen del producto es menor o igual que 0: no se envía a BC.';
export const NOT_MARKED = 'El producto no tiene activada la sincronización con BC (sincronizarConBC = N).';

const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;

export interface ManualSyncOutcome {
  answer: ManualSyncAnswer & Partial<SyncSummary>;
  /** Set when the ERP failed: the endpoint answers 502 with this reason. */
  failure?: string;
}

export async function manualSync(
  repos: RepositorySet,
  erp: ErpAdapter,
  product: StoredRecord<'productos'>,
): Promise<ManualSyncOutcome> {
  if (product.sincronizarConBC !== 'S') return { answer: { respuesta: 'OMITIDO', mensaje: NOT_MARKED } };
  const id = product.id;
  const productos = repos.repository('productos');
  const logRows = repos.repository('logsnavs');
  const logs: LogRepo = {
    create: (data) => logRows.create({ ...data, empresaId: product.empresaId ?? null }),
  };
  const [atributos, generals] = await Promise.all([
    childRows(repos, 'producto-atributos', 'productoId', [id]),
    childRows(repos, 'producto-generals', 'productoId', [id], ['id ASC']),
  ]);
  const volume = productVolume(atributos, (generals[0]?.dimensiones as string | undefined) ?? null);
  if (!hasVolume(volume)) {
    const run = new Date();
    await productos.updateById(id, { [SYNC_FIELDS.run]: run, [SYNC_FIELDS.error]: VOLUME_REASON });
    await logs.create({
      fecha: run,
      tabla: 'productos',
      registro: String(product.nombre).slice(0, 255),
      nivel: 'ERROR',
      mensaje: VOLUME_REASON,
    });
    return {
      answer: {
        respuesta: VOLUME_NO,
        mensaje: VOLUME_REASON,
        fechaEjecucionDeProcesoSincroBC: run.toISOString(),
        motivoErrorSincroConBC: VOLUME_REASON,
      },
    };
  }
  const fresh = await productos.findById(id);
  const summary = await runSync(erp, logs, [
    await productBatch(repos, [fresh]),
    ...(await relationBatches(repos, [fresh])),
  ]);
  const after = (await productos.findById(id)).toObject();
  const dates = {
    fechaSincronizacionConBC: iso(after.fechaSincronizacionConBC),
    fechaEjecucionDeProcesoSincroBC: iso(after.fechaEjecucionDeProcesoSincroBC),
    motivoErrorSincroConBC: after.motivoErrorSincroConBC ?? null,
  };
  const productFailure = summary.errores.find((error) => error.tabla === 'productos');
  if (productFailure) {
    return {
      answer: { ...summary, respuesta: 'OK', mensaje: productFailure.motivo, ...dates },
      failure: productFailure.motivo,
    };
  }
  return { answer: { ...summary, respuesta: 'OK', mensaje: summary.mensaje, ...dates } };
}
