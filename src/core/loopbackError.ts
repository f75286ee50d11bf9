/**
 * The one reading of a LoopBack 4 error answer, for the app (HttpError with the `{error:{…}}` body kept) and for
 * the API's own callers. The two 422 shapes (docs/loopback-contract.md "Error bodies"):
 * - AJV body validation: `error.details` is an ARRAY of `{path, code, message, info}`; `path` is "" for
 *   required/additionalProperties, the field then comes from `info.missingProperty` / `info.additionalProperty`;
 * - juggler ValidationError: `error.details` is an OBJECT `{codes: {field: [code…]}, messages: {field: [msg…]}}`.
 * Accepts an HttpError (its `body`), a raw `{error:{…}}` body, or the inner error object. Pure.
 */
import { isRecord } from './guards';

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The LoopBack `error` object of an HttpError, of a `{error:{…}}` body, or the object itself. */
export const loopbackError = (error: unknown): Json | undefined => {
  if (!isRecord(error)) return undefined;
  const body = error.body;
  if (isRecord(body)) return isRecord(body.error) ? body.error : body;
  if (isRecord(error.error)) return error.error;
  if ('details' in error || 'statusCode' in error) return error;
  return undefined;
};

const asStatus = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** The HTTP status: the error's own `status`/`statusCode`, else the body's `statusCode` (MySQL may give "422"). */
export const errorStatus = (error: unknown): number | undefined =>
  (isRecord(error) ? (asStatus(error.status) ?? asStatus(error.statusCode)) : undefined) ??
  asStatus(loopbackError(error)?.statusCode);

/** The server's own message (`error.message` of the body), else the error's message, else ''. */
export const serverMessage = (error: unknown): string => {
  const fromBody = text(loopbackError(error)?.message);
  if (fromBody) return fromBody;
  if (error instanceof Error) return error.message;
  return isRecord(error) ? text(error.message) : text(error);
};

/** A unique-key violation: code ER_DUP_ENTRY, or a message starting with it (some connectors keep no code). */
export const isDuplicateEntry = (error: unknown): boolean => {
  const inner = loopbackError(error);
  return (
    text(inner?.code) === 'ER_DUP_ENTRY' ||
    /ER_DUP_ENTRY/.test(text(inner?.message)) ||
    serverMessage(error).startsWith('ER_DUP_ENTRY')
  );
};

/** The key named by "Duplicate entry … for key 'tabla.campo'" → 'campo'; undefined when none. */
export const duplicateKey = (error: unknown): string | undefined =>
  /for key '(?:[^'.]*\.)?([^']+)'/.exec(text(loopbackError(error)?.message))?.[1];

/** One validation problem, whichever of the two shapes carried it (juggler's field `x` becomes path '/x'). */
export interface LoopbackDetail {
  path: string;
  code: string;
  message: string;
  info: Json;
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** The validation details of an answer, in order; [] when it carries none. */
export const errorDetails = (error: unknown): LoopbackDetail[] => {
  const details = loopbackError(error)?.details;
  if (Array.isArray(details)) {
    return details.filter(isRecord).map((detail) => ({
      path: text(detail.path),
      code: text(detail.code),
      message: text(detail.message),
      info: isRecord(detail.info) ? detail.info : {},
    }));
  }
  if (!isRecord(details)) return [];
  const codes = isRecord(details.codes) ? details.codes : {};
  const messages = isRecord(details.messages) ? details.messages : {};
  const fields = [...new Set([...Object.keys(messages), ...Object.keys(codes)])];
  return fields.flatMap((field) => {
    const fieldCodes = list(codes[field]).map(text);
    const fieldMessages = list(messages[field]).map(text);
    const rows = fieldMessages.length ? fieldMessages : [''];
    return rows.map((message, index) => ({
      path: `/${field}`,
      code: fieldCodes[index] ?? fieldCodes[0] ?? '',
      message,
      info: {},
    }));
  });
};

/**
 * The field a detail concerns: its path without the leading slash, else `info.missingProperty`, else (when
 * `additional`) `info.additionalProperty`; '' when none.
 */
export const detailField = (detail: LoopbackDetail, additional = true): string =>
  detail.path.replace(/^\//, '') ||
  text(detail.info.missingProperty) ||
  (additional ? text(detail.info.additionalProperty) : '');
