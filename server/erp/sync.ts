/**
 * The ERP synchronisations (docs/requirements.md#r7-api "Synchronisation"): products and their relations, and the reference state.
 * Every synced row gets the sync-log fields (docs/requirements.md#r3-entities "Sync log row"):
 * - fechaEjecucionDeProcesoSincroBC: always (when the run reached it);
 * - fechaSincronizacionConBC: on success only;
 * - motivoErrorSincroConBC: the ERP's reason on failure, cleared (null) on success;
 * and each row adds a logsnavs row (INFO or ERROR). When the ERP stops answering (status 0) the run stops
 * calling it and the remaining rows get the same reason: nothing is presented as synchronised that was not.
 */
import type { DataObject } from '@loopback/repository';
import type { StoredEntity } from '../repository-set';
import type { ErpAdapter, ErpResult } from './adapter';
import type { SyncFailure, SyncState, SyncSummary } from '../../src/core/integrations/contract';

export const SYNC_FIELDS = {
  ok: 'fechaSincronizacionConBC',
  run: 'fechaEjecucionDeProcesoSincroBC',
  error: 'motivoErrorSincroConBC',
} as const;

/** Business Central functions the PIM calls. */
export const ERP_ENDPOINTS = {
  items: 'PIMIntegration_Items',
  itemState: 'PIMIntegration_ItemState',
  spareParts: 'PIMIntegration_SpareParts',
  substitutes: 'PIMIntegration_Substitutes',
  assemblies: 'PIMIntegration_AssemblyBOM',
  newEan: 'TW_Functions_NewEANCode',
  deleteItem: 'TW_Functions_DeleteItem',
  insertItem: 'InsertItem',
} as const;

export type { SyncFailure, SyncState, SyncSummary };

/**
 * The sync-log fields a run writes on a synced row (docs/requirements.md#r3-entities "Sync log row"), typed as the
 * product's declaration types them (every synced resource declares the same three fields).
 */
export type SyncLogChanges = Pick<StoredEntity<'productos'>, (typeof SYNC_FIELDS)[keyof typeof SYNC_FIELDS]>;

/** What a sync needs from a repository (the generated SchemaRepository satisfies it). */
export interface SyncRepo {
  updateById(id: number | string, data: SyncLogChanges): Promise<void>;
}

/** Where a run writes its logsnavs rows (the logsnavs repository, or one that adds the company). */
export interface LogRepo {
  create(data: DataObject<StoredEntity<'logsnavs'>>): Promise<unknown>;
}

export interface SyncItem {
  /** The row's id in its table. */
  id: number | string;
  /** What identifies it in the log (SKU, or principal → related SKU). */
  registro: string;
  payload: unknown;
}

export interface SyncBatch {
  tabla: string;
  endpoint: string;
  repo: SyncRepo;
  items: readonly SyncItem[];
}

export const ERP_DOWN_MESSAGE = 'El ERP no responde';
export const EMPTY_MESSAGE = 'No hay registros que sincronizar';

const reasonOf = (result: ErpResult): string =>
  result.error?.trim() ||
  (result.status === 0 ? ERP_DOWN_MESSAGE : `El ERP respondió con el estado ${result.status}`);

/** A Spanish one-line summary of the counts. */
export function summaryMessage(total: number, ok: number, failed: number): string {
  if (total === 0) return EMPTY_MESSAGE;
  if (failed === 0) return `Sincronización completada: ${ok} de ${total} registros sincronizados`;
  if (ok === 0) return `La sincronización ha fallado: ${failed} de ${total} registros con error`;
  return `Sincronización parcial: ${ok} sincronizados y ${failed} con error de ${total}`;
}

export function summaryState(total: number, ok: number, failed: number): SyncState {
  if (total === 0) return 'VACIO';
  if (failed === 0) return 'OK';
  return ok === 0 ? 'ERROR' : 'PARCIAL';
}

/** Runs the batches in order against the ERP, writing the sync-log fields and a logsnavs row per item. */
export async function runSync(
  erp: ErpAdapter,
  logs: LogRepo,
  batches: readonly SyncBatch[],
  now: () => Date = () => new Date(),
): Promise<SyncSummary> {
  let ok = 0;
  const errores: SyncFailure[] = [];
  let down: string | undefined;
  for (const batch of batches) {
    for (const item of batch.items) {
      const run = now();
      let reason = down;
      if (!reason) {
        let result: ErpResult;
        try {
          result = await erp.post(batch.endpoint, item.payload);
        } catch (err) {
          result = { ok: false, status: 0, error: `${ERP_DOWN_MESSAGE} (${(err as Error).message})` };
        }
        if (!result.ok) {
          reason = reasonOf(result);
          if (result.status === 0) down = reason;
        }
      }
      if (reason) {
        errores.push({ tabla: batch.tabla, registro: item.registro, motivo: reason });
        await batch.repo.updateById(item.id, { [SYNC_FIELDS.run]: run, [SYNC_FIELDS.error]: reason });
      } else {
        ok += 1;
        await batch.repo.updateById(item.id, {
          [SYNC_FIELDS.run]: run,
          [SYNC_FIELDS.ok]: now(),
          [SYNC_FIELDS.error]: null,
        });
      }
      await logs.create({
        fecha: run,
        tabla: batch.tabla,
        registro: item.registro.slice(0, 255),
        nivel: reason ? 'ERROR' : 'INFO',
        mensaje: reason ?? `Sincronizado con BC (${batch.endpoint})`,
      });
    }
  }
  const total = batches.reduce((sum, batch) => sum + batch.items.length, 0);
  const fallidos = errores.length;
  let mensaje = summaryMessage(total, ok, fallidos);
  if (down) mensaje += `. ${down}`;
  if (total === 0) {
    await logs.create({
      fecha: now(),
      tabla: batches[0]?.tabla ?? 'productos',
      registro: '',
      nivel: 'INFO',
      mensaje,
    });
  }
  return { estado: summaryState(total, ok, fallidos), mensaje, total, sincronizados: ok, fallidos, errores };
}
