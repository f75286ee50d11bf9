/**
 * docs/requirements.md#r4-states list behaviour, in react-admin terms:
 * - "A no-selection list carries over the last selected id": the row last opened from a list is remembered
 *   (store key `pim.lastSelected.<resource>`) and highlighted when the person comes back to the list.
 * - "After create or update of brand, situation, icon, multimedia and attribute group, the selected item is
 *   cleared and a flag is set (actualizar_Marcas…)": for schemas with `refreshFlag`, a successful save clears
 *   the list selection and the remembered row, refreshes the resource's cached queries (every list and
 *   dropdown of it refetches) and raises the flag in the store for screens that keep their own copy.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  useRegisterMutationMiddleware,
  useStore,
  useStoreContext,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import type { ResourceSchema } from '../types';

export const lastSelectedKey = (resource: string): string => `pim.lastSelected.${resource}`;

/** The id of the row last opened from the list of `resource`, and its setter. */
export const useLastSelected = (resource: string) =>
  useStore<Identifier | undefined>(lastSelectedKey(resource), undefined);

/**
 * A refresh flag ('actualizar_Marcas'…): `raised` after a save of its resource; `acknowledge` lowers it once
 * the screen that keeps a copy has reloaded it.
 */
export const useRefreshFlag = (flag: string): { raised: boolean; acknowledge: () => void } => {
  const [raised, setRaised] = useStore<boolean>(flag, false);
  return { raised: raised === true, acknowledge: useCallback(() => setRaised(false), [setRaised]) };
};

type MutateArgs = [string, Record<string, unknown>];
type Next = (...args: MutateArgs) => Promise<unknown>;

/** Registers, in the current create/edit form, the after-save effects of the schema's `refreshFlag`. */
export const useAfterSaveEffects = (schema: ResourceSchema): void => {
  const store = useStoreContext();
  const queryClient = useQueryClient();
  const unselectAll = useUnselectAll(schema.name);
  const middleware = useCallback(
    async (resource: string, params: Record<string, unknown>, next: Next) => {
      const result = await next(resource, params);
      if (schema.refreshFlag) {
        unselectAll();
        store.removeItem(lastSelectedKey(schema.name));
        store.setItem(schema.refreshFlag, true);
        void queryClient.invalidateQueries({ queryKey: [schema.name] });
      }
      return result;
    },
    [queryClient, schema, store, unselectAll],
  );
  useRegisterMutationMiddleware(middleware);
};
