/**
 * The form's submit: runs the screen's save guard (if any) on the values as they will be saved, then saves
 * through the Create/Edit controller; on a server error it shows the server's message (LoopBack's English
 * validation answers in Spanish: validationMessages.ts) and returns LoopBack's field details as Spanish field
 * errors, so the form keeps what was typed.
 */
import { useCallback } from 'react';
import { useNotify, useRecordContext, useSaveContext } from 'react-admin';
import type { ResourceSchema } from '../types';
import { normalizeForSave } from './lenient';
import type { SaveGuard } from './saveGuard';
import { fieldErrorsFromServer, serverErrorMessage } from './serverErrors';
import { validationToast } from './validationMessages';

export const useSchemaSubmit = (schema: ResourceSchema, guard?: SaveGuard) => {
  const { save } = useSaveContext();
  const notify = useNotify();
  const record = useRecordContext();
  return useCallback(
    async (values: Record<string, unknown>) => {
      if (!save) return undefined;
      if (guard) {
        const verdict = await guard.check(normalizeForSave(schema, values), record);
        if (verdict && 'errors' in verdict) return verdict.errors;
        if (verdict && 'cancel' in verdict) return {};
      }
      let fieldErrors: Record<string, string> | undefined;
      const unique = schema.fields
        .filter((field) => field.unique || field.uniqueWith?.length)
        .map((field) => field.name);
      const result = await save(values, {
        onError: (error: unknown) => {
          fieldErrors = fieldErrorsFromServer(error, unique);
          const message = validationToast(error) ?? serverErrorMessage(error);
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      });
      return result ?? fieldErrors;
    },
    [guard, notify, record, save, schema],
  );
};
