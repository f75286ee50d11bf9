/**
 * States of AI-generated texts and of generation queue rows (the review state itself is src/core/reviewStatus.ts).
 * Pure.
 */
import type { Tono } from '../reviewStatus';

export type SN = 'S' | 'N';
export type EstadoGeneracion = 'Ejecutado' | 'NoEjecutado';

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
