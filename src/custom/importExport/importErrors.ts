/**
 * API failures of an import → the spec's messages (#r8-errors "Import create", "Import update", "Table names"), with the
 * file column they concern when the server says which. Pure.
 */
import { fieldErrorMessages } from '../../dataProvider/errors';
import {
  detailField,
  duplicateKey,
  errorDetails,
  isDuplicateEntry,
  serverMessage,
} from '../../core/loopbackError';

export const DUPLICATE_MESSAGE = 'Atributo duplicado en uno o varios productos';
export const INVALID_BODY_MESSAGE = 'Formato del documento incorrecto';
export const notFoundMessage = (message: string): string => `Uno o varios atributos no existen (${message})`;
/** "Anything else shows only the title Error" — followed by the server's message so the row can be fixed. */
export const OTHER_CREATE_TITLE = 'Error';

export interface ImportFailure {
  reason: string;
  /** The field the server blames, when it says. */
  field?: string;
}

/** The field of a validation answer (AJV details or juggler messages), or of "Duplicate entry … for key 'x'". */
const blamedField = (error: unknown): string | undefined => {
  for (const detail of errorDetails(error)) {
    const field = detailField(detail).split('/')[0];
    if (field) return field;
  }
  return duplicateKey(error);
};

/**
 * create: ER_DUP_ENTRY → 'Atributo duplicado en uno o varios productos'; 'The request body is invalid' →
 * 'Formato del documento incorrecto' (the field messages follow); anything else → 'Error: <message>'.
 * update: 'Entity not found' → 'Uno o varios atributos no existen (<message>)'; anything else → the message
 * (duplicates and invalid bodies get the create wording, which is what they mean on an update too).
 */
export function importFailure(operation: 'create' | 'update', error: unknown): ImportFailure {
  const message = serverMessage(error);
  const field = blamedField(error);
  const withField = (reason: string): ImportFailure => (field ? { reason, field } : { reason });
  if (isDuplicateEntry(error)) return withField(DUPLICATE_MESSAGE);
  if (message.startsWith('The request body is invalid')) {
    const details = fieldErrorMessages(error);
    return withField(
      details.length ? `${INVALID_BODY_MESSAGE}: ${details.join('; ')}` : INVALID_BODY_MESSAGE,
    );
  }
  if (message.includes('Entity not found')) return withField(notFoundMessage(message));
  if (operation === 'create')
    return withField(message ? `${OTHER_CREATE_TITLE}: ${message}` : OTHER_CREATE_TITLE);
  return withField(message || OTHER_CREATE_TITLE);
}
