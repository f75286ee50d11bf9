/**
 * Server field errors → Spanish messages (docs/requirements.md#r5-validation "Products", #r8-errors "Products"), from either 422 shape LoopBack 4
 * answers (read by src/core/loopbackError.ts). Pure.
 */
import { isRecord } from '../core/guards';
import { detailField, errorDetails, errorStatus, serverMessage } from '../core/loopbackError';

export const PRODUCT_UPDATE_ERROR =
  'No se pudo actualizar el producto. Por favor, revisa los datos e inténtalo de nuevo';
export const NO_RESPONSE_SUFFIX = '. No se obtuvo respuesta del servidor';

/** '/empresa_id' → 'empresaid': leading slash, underscores and hyphens removed (docs/requirements.md#r5-validation). */
export const normalizeFieldName = (path: string): string => path.replace(/^\//, '').replace(/[_-]/g, '');

/** The Spanish message for one field and one server message (docs/requirements.md#r5-validation). */
export const fieldMessage = (field: string, serverMessage: string): string => {
  const message = serverMessage.toLowerCase();
  if (message.includes('required') || message.includes('missing'))
    return `El campo '${field}' es obligatorio`;
  if (message.includes('must be')) return `El campo '${field}' no es correcto`;
  return `El campo '${field}' tiene un valor no válido`;
};

/** One Spanish message per field error in the server answer; [] when it carries none. */
export const fieldErrorMessages = (error: unknown): string[] => {
  const messages = errorDetails(error).flatMap((detail) => {
    const field = normalizeFieldName(detailField(detail));
    return field ? [fieldMessage(field, detail.message)] : [];
  });
  return [...new Set(messages)];
};

/** True when the request never got an answer (status 0, or no status and no body). */
export const isNoResponse = (error: unknown): boolean => {
  const status = errorStatus(error);
  if (status === 0) return true;
  if (status !== undefined) return false;
  return !isRecord(error) || !isRecord(error.body);
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
