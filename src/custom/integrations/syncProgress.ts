/**
 * Determinate progress of a full ERP sync without new endpoints (docs/requirements.md#r7-api GET /sincronizaProductos and
 * /sincronizaEstadoReferencia are one long request each). The sync writes fechaEjecucionDeProcesoSincroBC on
 * every product it reaches (docs/requirements.md#r3-entities "Sync log row"), so while it runs the app counts, through the standard
 * GET /productos/count, the company's products marked sincronizarConBC S whose run date moved past the newest
 * run date stored before the start (read from the server, so the browser's clock does not matter). Pure.
 */
import { formatCount } from '../../core/formats';

type Where = Record<string, unknown>;

export const RUN_FIELD = 'fechaEjecucionDeProcesoSincroBC';

/** How often the page asks how far the sync has got. */
export const PROGRESS_POLL_MS = 1000;

/** The products a full sync covers: the company's, with sincronizarConBC S. */
export const syncTargetWhere = (empresaId: number): Where => ({
  and: [{ empresaId }, { sincronizarConBC: 'S' }],
});

/** The filter reading the newest run date of the company's products before a sync starts. */
export const baselineFilter = (empresaId: number): Where => ({
  where: { and: [{ empresaId }, { [RUN_FIELD]: { neq: null } }] },
  order: [`${RUN_FIELD} DESC`],
  limit: 1,
  fields: { id: true, [RUN_FIELD]: true },
});

/** The target products the running sync has reached: run date after the baseline (or set, with none). */
export const syncDoneWhere = (empresaId: number, baseline: string | null): Where => ({
  and: [
    { empresaId },
    { sincronizarConBC: 'S' },
    { [RUN_FIELD]: baseline ? { gt: baseline } : { neq: null } },
  ],
});

export interface SyncProgress {
  done: number;
  total: number;
}

/** 0–100, never past 100 (another sync running at the same time may also move run dates). */
export const progressPercent = ({ done, total }: SyncProgress): number =>
  total > 0 ? Math.min(100, Math.round((100 * Math.min(done, total)) / total)) : 0;

/** 'Productos: 120 de 300' while products go; the relations afterwards (full product sync only). */
export function progressText(progress: SyncProgress, withRelations: boolean): string {
  const done = Math.min(progress.done, progress.total);
  if (withRelations && progress.total > 0 && done >= progress.total) {
    return `Productos: ${formatCount(progress.total)} de ${formatCount(progress.total)} · sincronizando repuestos, sustitutos y ensamblados…`;
  }
  return `Productos: ${formatCount(done)} de ${formatCount(progress.total)}`;
}
