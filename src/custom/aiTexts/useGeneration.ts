/**
 * Runs a generation for products × marketplaces: resolves each product's prompt, queues the pairs
 * (createMany) and processes them ONE row per request (generarTextosIAPorProcesoManual?ids=<id>), so every
 * request stays well under the HTTP client's 60 s time-out and the page shows the progress and each row's
 * Ejecutado / NoEjecutado with its reason.
 *
 * Lifecycle: "Detener", a failed request, or leaving the page (unmount; `pagehide` after the browser's
 * "leave?" prompt) cancel the rows of this run not yet sent (PATCH /ProductosGeneracionTextos/cancelarPendientes)
 * — they end NoEjecutado "Cancelada por el usuario…", so no later manual or nightly run generates them behind
 * the user's back. The row being processed at that moment finishes on the server.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAiTexts, type QueueItem, type RowResult } from './api';
import { resumenDetenida } from './generationText';

/** How many times a row another run is processing is asked for again before giving up on it. */
export const MAX_ATTEMPTS = 5;

export interface GenerationState {
  running: boolean;
  /** "Detener" pressed (or a request failed): the row in flight finishes, nothing else is sent. */
  stopping: boolean;
  done: number;
  total: number;
  resultados: RowResult[];
  sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[];
  /** Rows whose reviewed texts were kept: can be re-run with overwrite after confirmation. */
  conservados: RowResult[];
  /** Rows of this run cancelled before being processed. */
  cancelados: number;
  /** Set when the run ended before its last row (stopped, or a request failed). */
  aviso?: string;
  error?: string;
}

const INITIAL: GenerationState = {
  running: false,
  stopping: false,
  done: 0,
  total: 0,
  resultados: [],
  sinPrompt: [],
  conservados: [],
  cancelados: 0,
};

interface Run {
  ids: number[];
  /** Index of the next row to send (the one in flight is `next - 1`). */
  next: number;
  stopped: boolean;
  cancelling?: Promise<number>;
}

const messageOf = (error: unknown) =>
  (error as { message?: string })?.message || 'Error al generar los textos';

export function useGeneration() {
  const api = useAiTexts();
  const [state, setState] = useState<GenerationState>(INITIAL);
  const run = useRef<Run | null>(null);
  const apiRef = useRef(api);
  apiRef.current = api;

  /** Stops the current run and cancels its rows not yet sent; resolves to how many were cancelled. */
  const stopRun = useCallback((options: { keepalive?: boolean } = {}): Promise<number> => {
    const current = run.current;
    if (!current) return Promise.resolve(0);
    if (current.cancelling) return current.cancelling;
    current.stopped = true;
    const rest = current.ids.slice(current.next);
    current.next = current.ids.length;
    current.cancelling = rest.length
      ? apiRef.current.aiCancelarCola(rest, options).then(
          (answer) => answer.count,
          () => 0,
        )
      : Promise.resolve(0);
    return current.cancelling;
  }, []);

  /** One row, asked again while another run holds it (the server answers it as still pending). */
  const processOne = useCallback(async (id: number, overwrite: boolean): Promise<RowResult | undefined> => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const summary = await apiRef.current.aiProcesar([id], overwrite);
      if (summary.resultados.length) return summary.resultados[0];
      if (!summary.pendientes) return undefined; // processed or cancelled elsewhere
    }
    return undefined;
  }, []);

  const process = useCallback(
    async (items: QueueItem[], overwrite: boolean, sinPrompt: GenerationState['sinPrompt']) => {
      setState({ ...INITIAL, running: true, total: items.length, sinPrompt });
      let current: Run | null = null;
      const resultados: RowResult[] = [];
      let done = 0;
      try {
        const queued = await apiRef.current.aiCrearCola(items);
        current = { ids: [...new Set(queued.map((row) => row.id))], next: 0, stopped: false };
        run.current = current;
        const total = current.ids.length;
        setState((s) => ({ ...s, total }));
        while (!current.stopped && current.next < current.ids.length) {
          const id = current.ids[current.next];
          current.next += 1;
          const result = await processOne(id, overwrite);
          done += 1;
          if (result) resultados.push(result);
          setState((s) => ({ ...s, done, resultados: [...resultados] }));
        }
        const cancelados = current.stopped ? await stopRun() : 0;
        setState((s) => ({
          ...s,
          running: false,
          stopping: false,
          cancelados,
          aviso: current?.stopped ? resumenDetenida(done, s.total, cancelados) : undefined,
          conservados: overwrite ? [] : resultados.filter((r) => r.conservados > 0),
        }));
      } catch (error) {
        const cancelados = current ? await stopRun() : 0;
        setState((s) => ({
          ...s,
          running: false,
          stopping: false,
          cancelados,
          error: messageOf(error),
          aviso: current ? resumenDetenida(done, s.total, cancelados) : undefined,
        }));
      } finally {
        if (run.current === current) run.current = null;
      }
    },
    [processOne, stopRun],
  );

  const start = useCallback(
    async (productos: number[], marketplaces: number[], idiomas: string[]) => {
      setState({ ...INITIAL, running: true });
      try {
        const { pares, sinPrompt } = await apiRef.current.aiPromptsParaProductos(productos, marketplaces);
        if (!pares.length) {
          setState({
            ...INITIAL,
            sinPrompt,
            error: 'Ningún producto seleccionado tiene un prompt para esos marketplaces.',
          });
          return;
        }
        await process(
          pares.map((p) => ({
            productoId: p.productoId,
            marketplacePromptId: p.marketplacePromptId,
            idiomas: idiomas.join(','),
          })),
          false,
          sinPrompt,
        );
      } catch (error) {
        setState({ ...INITIAL, error: messageOf(error) });
      }
    },
    [process],
  );

  /** Re-runs the rows whose reviewed texts were kept, replacing them (after the user confirmed). */
  const overwriteReviewed = useCallback(
    async (idiomas: string[]) => {
      const items = state.conservados.map((r) => ({
        productoId: r.productoId,
        marketplacePromptId: r.marketplacePromptId,
        idiomas: idiomas.join(','),
      }));
      if (items.length) await process(items, true, []);
    },
    [process, state.conservados],
  );

  /** "Detener": nothing more is sent; the rows not yet processed are cancelled at once. */
  const cancel = useCallback(() => {
    if (!run.current || run.current.stopped) return;
    setState((s) => ({ ...s, stopping: true }));
    void stopRun();
  }, [stopRun]);

  // Leaving the page (route change): cancel what was not sent. Closing the tab: the browser asks first
  // (beforeunload); if the person leaves anyway, the cancellation goes out with `keepalive`.
  useEffect(() => () => void stopRun(), [stopRun]);
  useEffect(() => {
    if (!state.running) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    const leave = () => void stopRun({ keepalive: true });
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', leave);
    };
  }, [state.running, stopRun]);

  return { state, start, overwriteReviewed, cancel };
}
