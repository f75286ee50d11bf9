/**
 * API failures of an import → the spec's messages (§8 "Import create", "Import update", "Table names"), with the
 * file column they concern when the server says which. Pure.
 */
import { fieldErrorMessages } from '../../dataProvider/errors';

export const DUPLICATE_MESSAGE = 'Atributo duplicado en uno o varios productos';
export const INVALID_BODY_MESSAGE = 'Formato del documento incorrecto';
export const notFoundMessage = (message: string): string => `Uno o varios atributos no existen (${message})`;
/** "Anything else shows only the title Error" — followed by the server's message so the row can be fixed. */
export const OTHER_CREATE_TITLE = 'Error';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The LoopBack `{error:{…}}` object of an HttpError (its body) or of a body. */
const loopbackError = (error: unknown): Json => {
  if (!isRecord(error)) return {};
  if (isRecord(error.body) && isRecord(error.body.error)) return error.body.error;
  if (isRecord(error.error)) return error.error;
  return {};
};

/** The server's own message (LoopBack's), else the error's message. */
export const serverMessage = (error: unknown): string => {
  const inner = text(loopbackError(error).message);
  if (inner) return inner;
  if (error instanceof Error) return error.message;
  return isRecord(error) ? text(error.message) : text(error);
};

export interface ImportFailure {
  reason: string;
  /** The field the server blames, when it says. */
  field?: string;
}

/** The field of a validation answer (AJV details or juggler messages), or of "Duplicate entry … for key 'x'". */
const blamedField = (error: unknown): string | undefined => {
  const inner = loopbackError(error);
  const details = inner.details;
  if (Array.isArray(details)) {
    for (const detail of details) {
      if (!isRecord(detail)) continue;
      const info = isRecord(detail.info) ? detail.info : {};
      const path = text(detail.path) || text(info.missingProperty) || text(info.additionalProperty);
      if (path) return path.replace(/^\//, '').split('/')[0];
    }
  } else if (isRecord(details) && isRecord(details.messages)) {
    const first = Object.keys(details.messages)[0];
    if (first) return first;
  }
  const key = /for key '(?:[^'.]*\.)?([^']+)'/.exec(text(inner.message));
  return key ? key[1] : undefined;
};

const isDuplicate = (error: unknown): boolean => {
  const inner = loopbackError(error);
  return (
    text(inner.code) === 'ER_DUP_ENTRY' ||
    text(inner.message).startsWith('ER_DUP_ENTRY') ||
    serverMessage(error).startsWith('ER_DUP_ENTRY')
  );
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
  if (isDuplicate(error)) return withField(DUPLICATE_MESSAGE);
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
