/**
 * The screen's actions: add a selection, remove a selection, add every product matching a filter. Each one is
 * one request; its answer becomes the docs/requirements.md#r8-errors message (messages.ts); afterwards both lists and their counts are
 * fetched again (no page reload) and the caller clears its selection.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { MAX_IDS_PER_REQUEST, type Membership } from '../../core/catalogueProducts/contract';
import { AVAILABLE_RESOURCE, INCLUDED_RESOURCE, type CatalogueProductsDataProvider } from './dataProvider';
import type { CatalogueProductFilter } from './filters';
import { addOutcome, removeOutcome, type Outcome } from './messages';

export interface Progress {
  /** What is happening, in Spanish. */
  label: string;
  /** 0-100, or undefined while indeterminate. */
  value?: number;
}

export interface CatalogueActions {
  busy: boolean;
  progress: Progress | null;
  add(ids: readonly number[]): Promise<Outcome | undefined>;
  remove(ids: readonly number[]): Promise<Outcome | undefined>;
  addAllMatching(filter: CatalogueProductFilter): Promise<Outcome | undefined>;
}

const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message
    ? error.message
    : 'Ocurrió un error inesperado. Intente nuevamente.';

export const useCatalogueActions = (catalogoId: number): CatalogueActions => {
  const dataProvider = useDataProvider<CatalogueProductsDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);

  const refreshLists = useCallback(
    () =>
      Promise.all(
        [AVAILABLE_RESOURCE, INCLUDED_RESOURCE].map((resource) =>
          queryClient.invalidateQueries({ queryKey: [resource] }),
        ),
      ),
    [queryClient],
  );

  const run = useCallback(
    async (label: string, task: () => Promise<Outcome>): Promise<Outcome | undefined> => {
      setProgress({ label });
      try {
        const outcome = await task();
        notify(outcome.message, { type: outcome.status === 'OK' ? 'success' : 'warning' });
        return outcome;
      } catch (error) {
        notify(errorMessage(error), { type: 'error' });
        return undefined;
      } finally {
        // Both lists and counts, whatever happened (a failed request may still have changed something).
        await refreshLists().catch(() => undefined);
        setProgress(null);
      }
    },
    [notify, refreshLists],
  );

  const add = useCallback(
    (ids: readonly number[]) =>
      run(`Añadiendo ${ids.length} productos al catálogo…`, async () =>
        addOutcome(await dataProvider.catalogueProductsAdd(catalogoId, ids)),
      ),
    [catalogoId, dataProvider, run],
  );

  const remove = useCallback(
    (ids: readonly number[]) =>
      run(`Quitando ${ids.length} productos del catálogo…`, async () =>
        removeOutcome(await dataProvider.catalogueProductsRemove(catalogoId, ids)),
      ),
    [catalogoId, dataProvider, run],
  );

  const addAllMatching = useCallback(
    (filter: CatalogueProductFilter) =>
      run('Buscando los productos que coinciden con el filtro…', async () => {
        const membership: Membership = 'disponibles';
        const ids = await dataProvider.catalogueProductIds(membership, catalogoId, filter, (fetched, total) =>
          setProgress({
            label: `Buscando los productos que coinciden con el filtro: ${fetched} de ${total}…`,
            value: total ? Math.round((fetched / total) * 100) : undefined,
          }),
        );
        if (!ids.length) return addOutcome([]);
        setProgress({ label: `Añadiendo ${ids.length} productos al catálogo…` });
        // One request; only a selection beyond the API's limit per request is sent in parts.
        const created: unknown[] = [];
        for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) {
          const answer = await dataProvider.catalogueProductsAdd(
            catalogoId,
            ids.slice(start, start + MAX_IDS_PER_REQUEST),
          );
          if (!Array.isArray(answer)) return addOutcome(answer);
          created.push(...(answer as unknown[]));
        }
        return addOutcome(created);
      }),
    [catalogoId, dataProvider, run],
  );

  return { busy: progress !== null, progress, add, remove, addAllMatching };
};
