/**
 * spec §4 "Deleting an integration template reloads the page" (schema `reloadOnDelete`): after a successful
 * delete (edit form or bulk delete), the app goes back to the list and the page reloads.
 */
import { useMemo } from 'react';
import { useCreatePath } from 'react-admin';
import type { ResourceSchema } from '../types';

/** The page reload (an object, so a test can observe it: jsdom cannot reload). */
export const page = {
  reload: (): void => window.location.reload(),
};

export const reloadToList = (listPath: string): void => {
  window.location.hash = `#${listPath}`;
  page.reload();
};

/** The delete buttons' mutationOptions for the schema (undefined: react-admin's defaults). */
export const useDeleteSideEffects = (schema: ResourceSchema | undefined) => {
  const createPath = useCreatePath();
  return useMemo(
    () =>
      schema?.reloadOnDelete
        ? { onSuccess: () => reloadToList(createPath({ resource: schema.name, type: 'list' })) }
        : undefined,
    [createPath, schema],
  );
};
