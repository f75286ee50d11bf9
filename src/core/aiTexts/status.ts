/**
 * States of AI-generated texts and of generation queue rows. Pure.
 */

export type SN = 'S' | 'N';
export type EstadoGeneracion = 'Ejecutado' | 'NoEjecutado';

/** Review state of a set of texts (a product, or a product in one marketplace). */
export type EstadoRevision = 'Sin textos' | 'Revisado' | 'No revisado' | 'Revisado parcial';

export const ESTADOS_REVISION: readonly EstadoRevision[] = ['Revisado', 'Revisado parcial', 'No revisado'];

export function estadoRevision(texts: readonly { revisado_sn?: string | null }[]): EstadoRevision {
  if (texts.length === 0) return 'Sin textos';
  const reviewed = texts.filter((text) => text.revisado_sn === 'S').length;
  if (reviewed === texts.length) return 'Revisado';
  if (reviewed === 0) return 'No revisado';
  return 'Revisado parcial';
}

/** The same from counts (rows of obtenerRegistrosVistaMarketPlaceProductoGeneral). */
export function estadoRevisionDeConteo(total: number, revisados: number): EstadoRevision {
  if (total <= 0) return 'Sin textos';
  if (revisados >= total) return 'Revisado';
  if (revisados <= 0) return 'No revisado';
  return 'Revisado parcial';
}

export type Tono = 'success' | 'warning' | 'error' | 'default';

export const tonoRevision = (estado: EstadoRevision): Tono =>
  estado === 'Revisado'
    ? 'success'
    : estado === 'Revisado parcial'
      ? 'warning'
      : estado === 'No revisado'
        ? 'error'
        : 'default';

/** The answer status of the generic dispatch / a queue row → what the user reads. */
export function estadoGeneracionTexto(estado: unknown): { label: string; tono: Tono } {
  if (estado === 'Ejecutado') return { label: 'Ejecutado', tono: 'success' };
  if (estado === 'NoEjecutado') return { label: 'No ejecutado', tono: 'error' };
  return { label: 'Pendiente', tono: 'default' };
}

/** 'S'/'N' from anything the UI or an API may carry (true, 'si', 's'…); null when unreadable. */
export function toRevisado(value: unknown): SN | null {
  if (value === true) return 'S';
  if (value === false) return 'N';
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (['s', 'si', 'sí', 'true', 'revisado'].includes(v)) return 'S';
  if (['n', 'no', 'false'].includes(v)) return 'N';
  return null;
}

/** Progress of a generation run in whole percent (0 when nothing to do). */
export const porcentaje = (done: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.round((done / total) * 100));

/** Splits a list in chunks of `size` (the client processes a selection chunk by chunk). */
export function trozos<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  const step = Math.max(1, Math.floor(size));
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}

/** The index of the next text after `current` that is not reviewed (wrapping); -1 when all are. */
export function siguientePendiente(
  texts: readonly { revisado_sn?: string | null }[],
  current: number,
): number {
  const n = texts.length;
  for (let step = 1; step <= n; step += 1) {
    const index = (current + step) % n;
    if (texts[index]?.revisado_sn !== 'S') return index;
  }
  return -1;
}
