/**
 * The form's submit: saves through the Create/Edit controller; on a server error it shows the server's
 * message and returns LoopBack's field details as field errors, so the form keeps what was typed.
 */
import { useCallback } from 'react';
import { useNotify, useSaveContext } from 'react-admin';
import type { ResourceSchema } from '../types';
import { fieldErrorsFromServer, serverErrorMessage } from './serverErrors';

export const useSchemaSubmit = (schema: ResourceSchema) => {
  const { save } = useSaveContext();
  const notify = useNotify();
  return useCallback(
    async (values: Record<string, unknown>) => {
      if (!save) return undefined;
      let fieldErrors: Record<string, string> | undefined;
      const unique = schema.fields.filter((field) => field.unique).map((field) => field.name);
      const result = await save(values, {
        onError: (error: unknown) => {
          fieldErrors = fieldErrorsFromServer(error, unique);
          const message = serverErrorMessage(error);
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      });
      return result ?? fieldErrors;
    },
    [notify, save, schema],
  );
};
