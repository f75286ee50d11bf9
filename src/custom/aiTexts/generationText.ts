/** What the generation page tells the user about a run that ended early. Pure. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A run stopped (by "Detener", by leaving, or by a failed request) after `done` of `total` rows, with
 * `cancelados` rows taken out of the queue so that no later run generates them.
 */
export function resumenDetenida(done: number, total: number, cancelados: number): string {
  const head = `Generación detenida: ${done} de ${total} procesada(s).`;
  if (cancelados <= 0) return `${head} No quedó nada pendiente en la cola.`;
  return `${head} ${plural(cancelados, 'generación pendiente se ha cancelado', 'generaciones pendientes se han cancelado')} y no se procesará más tarde.`;
}

/** The confirmation shown when leaving the page while a generation runs. */
export function avisoSalida(done: number, total: number): string {
  const left = Math.max(0, total - done);
  return `La generación sigue en curso (${done} de ${total}). Si sales de esta página se detendrá: ${plural(
    left,
    'generación que falta se cancelará',
    'generaciones que faltan se cancelarán',
  )}; lo ya generado se conserva.`;
}
