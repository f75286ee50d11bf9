/**
 * What the integration screens tell the person after a run, decided from the API's answer. Pure (no React):
 * - the manual sync of one product (GET /sincronizaProductosManual?idProducto=): synchronised, refused for
 *   volume ('volumen NO'), skipped (sincronizarConBC N), or the sync summary;
 * - an AECOC send: sent, generated locally only (no FTP: a warning, never a green success), empty, failed;
 * - the shopping feed: downloaded with N products, or 'No hay productos para el feed';
 * - the failures of a sync beyond the first ones shown ('y N más') and as a CSV.
 */
import { VOLUME_NO } from '../../core/productEditor/contract';
import { csvFileName } from '../../core/csv/csvWrite';
import { toCsv } from '../../resources/csvTables';
import type { SyncFailure, SyncState, SyncSummary } from '../../core/integrations/contract';
import { isRecord } from '../../core/guards';
import { formatCount } from '../../core/formats';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export type { SyncFailure, SyncState, SyncSummary };

export interface Outcome {
  severity: Severity;
  title?: string;
  mensaje: string;
  /** The run's summary when the answer carries one (counts and failures). */
  summary?: SyncSummary;
}

const SYNC_SEVERITY: Record<SyncState, Severity> = {
  OK: 'success',
  PARCIAL: 'warning',
  ERROR: 'error',
  VACIO: 'info',
};

export const syncSeverity = (estado: SyncState): Severity => SYNC_SEVERITY[estado] ?? 'info';

export const VOLUME_TITLE = 'Volumen de producto';
export const VOLUME_TEXT =
  'El producto no se sincronizará con BC debido a que su volumen es menor que 0 (volumen NO).';
export const NOT_MARKED_TITLE = 'Sincronización no activada';
export const NOT_MARKED_TEXT =
  'El producto no tiene activada la sincronización con BC (sincronizarConBC = N): no se ha enviado.';
export const MANUAL_SYNC_OK = 'Producto sincronizado con BC';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const isSummary = (value: Record<string, unknown>): boolean =>
  typeof value.estado === 'string' &&
  value.estado in SYNC_SEVERITY &&
  typeof value.total === 'number' &&
  Array.isArray(value.errores);

/**
 * The answer of GET /sincronizaProductosManual?idProducto= (a `{respuesta, mensaje, …summary}` object, or a
 * bare string such as 'volumen NO' from other backends) → what to show.
 */
export function manualSyncOutcome(answer: unknown): Outcome {
  const respuesta = isRecord(answer) ? text(answer.respuesta) : text(answer);
  const mensaje = isRecord(answer) ? text(answer.mensaje) : '';
  if (respuesta === VOLUME_NO)
    return { severity: 'warning', title: VOLUME_TITLE, mensaje: mensaje || VOLUME_TEXT };
  if (respuesta === 'OMITIDO') {
    return { severity: 'warning', title: NOT_MARKED_TITLE, mensaje: mensaje || NOT_MARKED_TEXT };
  }
  if (isRecord(answer) && isSummary(answer)) {
    const summary: SyncSummary = {
      estado: answer.estado as SyncState,
      mensaje: text(answer.mensaje) || MANUAL_SYNC_OK,
      total: Number(answer.total),
      sincronizados: Number(answer.sincronizados ?? 0),
      fallidos: Number(answer.fallidos ?? 0),
      errores: answer.errores as SyncFailure[],
    };
    return { severity: syncSeverity(summary.estado), mensaje: summary.mensaje, summary };
  }
  return { severity: 'success', mensaje: mensaje || MANUAL_SYNC_OK };
}

export interface AecocAnswer {
  estado: 'OK' | 'ERROR' | 'VACIO';
  mensaje: string;
  fichero: string | null;
  productos: number;
  subido?: boolean;
  /** 'ftp' uploaded, 'local' only in the local outbox (no FTP configured), null nothing sent. */
  destino?: 'ftp' | 'local' | null;
}

export const AECOC_LOCAL_TITLE = 'No enviado a AECOC';
export const AECOC_LOCAL_TEXT =
  'Fichero generado en la carpeta local; no se ha enviado a AECOC (FTP no configurado).';

/** An AECOC answer → what to show: a file that stayed local is a warning, not a success. */
export function aecocOutcome(result: AecocAnswer): Outcome {
  if (result.estado === 'ERROR') return { severity: 'error', mensaje: result.mensaje };
  if (result.estado === 'VACIO') return { severity: 'info', mensaje: result.mensaje };
  const local = result.destino === 'local' || (result.destino === undefined && result.subido === false);
  if (local) {
    const file = result.fichero ? ` Fichero ${result.fichero} (${result.productos} productos).` : '';
    return { severity: 'warning', title: AECOC_LOCAL_TITLE, mensaje: `${AECOC_LOCAL_TEXT}${file}` };
  }
  return { severity: 'success', mensaje: result.mensaje };
}

export const FEED_EMPTY = 'No hay productos para el feed';

/** After a shopping-feed download: the file and its product count, or the empty case (nothing saved). */
export function feedOutcome(fileName: string, rows: number | null): Outcome {
  if (rows === 0) {
    return {
      severity: 'info',
      mensaje: `${FEED_EMPTY}: la empresa seleccionada no tiene productos. No se ha descargado ningún fichero.`,
    };
  }
  const count = rows === null ? '' : ` (${formatCount(rows)} productos)`;
  return { severity: 'success', mensaje: `Descargado ${fileName}${count}` };
}

/** How many failures a summary lists on screen. */
export const FAILURES_SHOWN = 20;

/** '… y 35 más' under the first failures, or '' when all are shown. */
export const moreFailures = (total: number, shown: number = FAILURES_SHOWN): string =>
  total > shown ? `… y ${formatCount(total - shown)} más` : '';

export const FAILURES_TABLE = 'fallos_sincronizacion';

/** The failures of a sync as a CSV (tabla; registro; motivo), `fallos_sincronizacion_PIM.csv`. */
export const failuresCsv = (errores: readonly SyncFailure[]): { fileName: string; text: string } => ({
  fileName: csvFileName(FAILURES_TABLE),
  text: toCsv(
    FAILURES_TABLE,
    errores.map((e) => ({ tabla: e.tabla, registro: e.registro, motivo: e.motivo })),
    ['tabla', 'registro', 'motivo'],
  ),
});
