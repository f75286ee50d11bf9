/** Turns a data provider error (HttpError carrying LoopBack's `{error: {...}}` body) into UI messages. Pure. */
import { isRecord } from '../../core/guards';
import {
  detailField,
  duplicateKey,
  errorDetails,
  errorStatus,
  isDuplicateEntry,
  loopbackError,
  serverMessage,
} from '../../core/loopbackError';
import { validationMessage } from './validationMessages';

/** The server's own message (`body.error.message`), else the error message, else the generic i18n key. */
export const serverErrorMessage = (error: unknown): string =>
  serverMessage(error) || 'ra.notification.http_error';

/**
 * Field errors for the form (react-admin's `{field: message}`): react-admin's own `body.errors`, LoopBack 422
 * validation `details` in Spanish (validationMessages.ts: 'Máximo 20 caracteres', 'Debe ser un número
 * entero'…; required stays react-admin's 'ra.validation.required'), or a 422 ER_DUP_ENTRY on one of the
 * schema's unique fields ('ra.validation.unique'). Undefined when none apply.
 */
export const fieldErrorsFromServer = (
  error: unknown,
  uniqueFields: readonly string[] = [],
): Record<string, string> | undefined => {
  const own = isRecord(error) && isRecord(error.body) ? error.body.errors : undefined;
  if (isRecord(own) && Object.keys(own).length > 0) return own as Record<string, string>;
  if (errorStatus(error) !== 422 || !loopbackError(error)) return undefined;
  const errors: Record<string, string> = {};
  for (const detail of errorDetails(error)) {
    // (an unknown property names no input of the form: an error on it could never be cleared)
    const field = detailField(detail, false).replace(/\//g, '.');
    if (!field || field in errors) continue;
    errors[field] =
      detail.code === 'required' || detail.code === 'presence' || detail.info.missingProperty
        ? 'ra.validation.required'
        : validationMessage(detail);
  }
  if (isDuplicateEntry(error)) {
    const key = duplicateKey(error);
    const field =
      uniqueFields.find((name) => name === key) ?? (uniqueFields.length === 1 ? uniqueFields[0] : undefined);
    if (field) errors[field] = 'ra.validation.unique';
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
};
