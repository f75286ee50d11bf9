/** The generic dispatch (generarTextos_IA_API_SVAN) seen from the generation page. Pure. */
import type { DispatchAnswer, DispatchEndpoint, DispatchItem } from './api';

export const MODOS_ENVIO: readonly { endpoint: DispatchEndpoint; label: string; ayuda: string }[] = [
  {
    endpoint: 'pim/process-base64',
    label: 'Solo textos',
    ayuda: 'Genera los textos y los devuelve sin guardarlos.',
  },
  {
    endpoint: 'pim/process-base64-direct',
    label: 'Generar y guardar',
    ayuda: 'Genera los textos y los guarda pendientes de revisión (revisado «N»).',
  },
];

export const ERROR_ENVIO = 'Error al enviar los productos al servicio de textos.';

/**
 * One item per product and chosen marketplace (or one per product when no marketplace is chosen: the server
 * then uses every prompt of the product's category), languages joined by commas.
 */
export function itemsEnvio(
  productos: readonly number[],
  marketplaces: readonly number[],
  idiomas: readonly string[],
): DispatchItem[] {
  const lang = idiomas.length ? idiomas.join(',') : undefined;
  const unique = [...new Set(productos)];
  const withLang = (item: DispatchItem): DispatchItem => (lang ? { ...item, idiomas: lang } : item);
  if (!marketplaces.length) return unique.map((productoId) => withLang({ productoId }));
  return unique.flatMap((productoId) =>
    [...new Set(marketplaces)].map((marketplaceId) => withLang({ productoId, marketplaceId })),
  );
}

/** What the user reads from the dispatch answer: anything but 'Ejecutado' is a failure. */
export function resultadoEnvio(answer: DispatchAnswer | undefined): {
  ok: boolean;
  titulo: string;
  mensaje: string;
} {
  const ok = answer?.status === 'Ejecutado';
  const mensaje = typeof answer?.mensaje === 'string' ? answer.mensaje.trim() : '';
  return {
    ok,
    titulo: ok ? 'Ejecutado' : 'No ejecutado',
    mensaje: mensaje || (ok ? 'El servicio de textos procesó el envío.' : 'El servicio no ejecutó el envío.'),
  };
}

/** A Spanish message for a failed call (the HTTP client already maps server errors to Spanish). */
export const mensajeErrorEnvio = (error: unknown): string => {
  const message = error instanceof Error ? error.message.trim() : '';
  return message && !/^(failed to fetch|networkerror)/i.test(message) ? message : ERROR_ENVIO;
};

/**
 * The whole send, one request per item (so no request does unbounded work): one answer reads as before; several
 * read as "n de total envío(s) ejecutado(s)." plus the distinct messages of those not executed. Items not sent
 * (the user stopped) count as not executed.
 */
export function resumenEnvios(
  answers: readonly (DispatchAnswer | undefined)[],
  total: number,
): { ok: boolean; titulo: string; mensaje: string } {
  if (total === 1 && answers.length === 1) return resultadoEnvio(answers[0]);
  const results = answers.map(resultadoEnvio);
  const executed = results.filter((r) => r.ok).length;
  const ok = executed === total && total > 0;
  const failed = [...new Set(results.filter((r) => !r.ok).map((r) => r.mensaje))];
  const notSent = total - answers.length;
  const parts = [`${executed} de ${total} envío(s) ejecutado(s).`];
  if (failed.length) parts.push(`No ejecutados: ${failed.map((m) => m.replace(/\.+$/, '')).join(' · ')}.`);
  if (notSent > 0) parts.push(`${notSent} sin enviar (detenido).`);
  return { ok, titulo: ok ? 'Ejecutado' : 'No ejecutado', mensaje: parts.join(' ') };
}
