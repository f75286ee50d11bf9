/**
 * Server field errors → Spanish messages (spec §5 "Products", §8 "Products"), for the two 422 shapes LoopBack 4
 * answers (docs/loopback-contract.md "Error bodies"):
 * - AJV body validation: `error.details` is an ARRAY of `{path, code, message, info}`; `path` is "" for
 *   required/additionalProperties, the field then comes from `info.missingProperty` / `info.additionalProperty`.
 * - juggler ValidationError: `error.details` is an OBJECT with `messages: {field: [msg, …]}`.
 *
 * Pure: accepts an HttpError (its `body`), a raw `{error:{…}}` body, or the inner error object.
 */

export const PRODUCT_UPDATE_ERROR =
  'No se pudo actualizar el producto. Por favor, revisa los datos e inténtalo de nuevo';
export const NO_RESPONSE_SUFFIX = '. No se obtuvo respuesta del servidor';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The LoopBack `error` object of an HttpError, of a `{error:{…}}` body, or the object itself. */
const loopbackError = (error: unknown): Json | undefined => {
  if (!isRecord(error)) return undefined;
  const body = error.body;
  if (isRecord(body)) return isRecord(body.error) ? body.error : body;
  if (isRecord(error.error)) return error.error;
  if ('details' in error || 'statusCode' in error) return error;
  return undefined;
};

/** '/empresa_id' → 'empresaid': leading slash, underscores and hyphens removed (spec §5). */
export const normalizeFieldName = (path: string): string => path.replace(/^\//, '').replace(/[_-]/g, '');

/** The Spanish message for one field and one server message (spec §5). */
export const fieldMessage = (field: string, serverMessage: string): string => {
  const message = serverMessage.toLowerCase();
  if (message.includes('required') || message.includes('missing'))
    return `El campo '${field}' es obligatorio`;
  if (message.includes('must be')) return `El campo '${field}' no es correcto`;
  return `El campo '${field}' tiene un valor no válido`;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const ajvMessages = (details: readonly unknown[]): string[] =>
  details.flatMap((detail) => {
    if (!isRecord(detail)) return [];
    const info = isRecord(detail.info) ? detail.info : {};
    const raw = text(detail.path) || text(info.missingProperty) || text(info.additionalProperty);
    const field = normalizeFieldName(raw);
    return field ? [fieldMessage(field, text(detail.message))] : [];
  });

const jugglerMessages = (details: Json): string[] => {
  const messages = details.messages;
  if (!isRecord(messages)) return [];
  return Object.entries(messages).flatMap(([name, list]) => {
    const field = normalizeFieldName(name);
    if (!field) return [];
    const items = Array.isArray(list) ? list : [list];
    return items.map((message) => fieldMessage(field, text(message)));
  });
};

/** One Spanish message per field error in the server answer; [] when it carries none. */
export const fieldErrorMessages = (error: unknown): string[] => {
  const details = loopbackError(error)?.details;
  const messages = Array.isArray(details)
    ? ajvMessages(details)
    : isRecord(details)
      ? jugglerMessages(details)
      : [];
  return [...new Set(messages)];
};

const statusOf = (error: unknown): number | undefined => {
  if (!isRecord(error)) return undefined;
  const status = error.status ?? error.statusCode;
  const n = typeof status === 'string' ? Number(status) : status;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** True when the request never got an answer (status 0, or no status and no body). */
export const isNoResponse = (error: unknown): boolean => {
  const status = statusOf(error);
  if (status === 0) return true;
  if (status !== undefined) return false;
  return !isRecord(error) || !isRecord(error.body);
};

const serverMessage = (error: unknown): string => {
  const inner = loopbackError(error);
  const fromBody = inner ? text(inner.message) : '';
  if (fromBody) return fromBody;
  if (error instanceof Error) return error.message;
  return isRecord(error) ? text(error.message) : typeof error === 'string' ? error : '';
};

/**
 * 'No se pudo actualizar el producto. Por favor, revisa los datos e inténtalo de nuevo' + the field messages
 * (': ' + joined with '; ') + '. No se obtuvo respuesta del servidor' with no response, else ' (<server message>)'.
 */
export const productUpdateErrorMessage = (error: unknown): string => {
  const fields = fieldErrorMessages(error);
  let message = PRODUCT_UPDATE_ERROR;
  if (fields.length) message += `: ${fields.join('; ')}`;
  if (isNoResponse(error)) return message + NO_RESPONSE_SUFFIX;
  const server = serverMessage(error);
  return server ? `${message} (${server})` : message;
};
