/**
 * Runs a generation for products × marketplaces: resolves each product's prompt, queues the pairs
 * (createMany) and processes them chunk by chunk (generarTextosIAPorProcesoManual?ids=) so the page shows the
 * progress and each row's Ejecutado / NoEjecutado with its reason.
 */
import { useCallback, useRef, useState } from 'react';
import { useAiTexts, type QueueItem, type RowResult } from './api';
import { trozos } from './status';

export const CHUNK = 3;

export interface GenerationState {
  running: boolean;
  done: number;
  total: number;
  resultados: RowResult[];
  sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[];
  /** Rows whose reviewed texts were kept: can be re-run with overwrite after confirmation. */
  conservados: RowResult[];
  error?: string;
}

const INITIAL: GenerationState = {
  running: false,
  done: 0,
  total: 0,
  resultados: [],
  sinPrompt: [],
  conservados: [],
};

export function useGeneration() {
  const api = useAiTexts();
  const [state, setState] = useState<GenerationState>(INITIAL);
  const cancelled = useRef(false);

  const process = useCallback(
    async (items: QueueItem[], overwrite: boolean, sinPrompt: GenerationState['sinPrompt']) => {
      setState({ ...INITIAL, running: true, total: items.length, sinPrompt });
      try {
        const queued = await api.aiCrearCola(items);
        const resultados: RowResult[] = [];
        for (const chunk of trozos(
          queued.map((row) => row.id),
          CHUNK,
        )) {
          if (cancelled.current) break;
          const summary = await api.aiProcesar(chunk, overwrite);
          resultados.push(...summary.resultados);
          setState((s) => ({ ...s, done: resultados.length, resultados: [...resultados] }));
        }
        setState((s) => ({
          ...s,
          running: false,
          conservados: overwrite ? [] : resultados.filter((r) => r.conservados > 0),
        }));
      } catch (error) {
        setState((s) => ({
          ...s,
          running: false,
          error: (error as Error).message || 'Error al generar los textos',
        }));
      }
    },
    [api],
  );

  const start = useCallback(
    async (productos: number[], marketplaces: number[], idiomas: string[]) => {
      cancelled.current = false;
      setState({ ...INITIAL, running: true });
      try {
        const { pares, sinPrompt } = await api.aiPromptsParaProductos(productos, marketplaces);
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
        setState({ ...INITIAL, error: (error as Error).message || 'Error al generar los textos' });
      }
    },
    [api, process],
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

  const cancel = useCallback(() => {
    cancelled.current = true;
  }, []);

  return { state, start, overwriteReviewed, cancel };
}
