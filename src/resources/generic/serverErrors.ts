/** Turns a data provider error (HttpError carrying LoopBack's `{error: {...}}` body) into UI messages. Pure. */
import { validationMessage, type ValidationDetail } from './validationMessages';

type LoopBackDetail = ValidationDetail & { info?: { missingProperty?: string } };

/** juggler's ValidationError details: `{codes: {field: ['presence']}, messages: {field: ["can't be blank"]}}`. */
interface JugglerDetails {
  codes?: Record<string, unknown>;
  messages?: Record<string, unknown>;
}

interface ErrorLike {
  message?: string;
  status?: number;
  body?: {
    errors?: Record<string, string>;
    error?: {
      statusCode?: number | string;
      message?: string;
      code?: string;
      details?: LoopBackDetail[] | JugglerDetails;
    };
  };
}

const asErrorLike = (error: unknown): ErrorLike | undefined =>
  typeof error === 'object' && error !== null ? (error as ErrorLike) : undefined;

/** The server's own message (`body.error.message`), else the error message, else the generic i18n key. */
export const serverErrorMessage = (error: unknown): string => {
  if (typeof error === 'string' && error) return error;
  const e = asErrorLike(error);
  return e?.body?.error?.message || e?.message || 'ra.notification.http_error';
};

const detailField = (detail: LoopBackDetail): string | undefined => {
  const path = (detail.path ?? '').replace(/^\//, '').replace(/\//g, '.');
  // (an unknown property names no input of the form: an error on it could never be cleared)
  return path || detail.info?.missingProperty || undefined;
};

const first = (value: unknown): string => {
  const item: unknown = Array.isArray(value) ? value[0] : value;
  return typeof item === 'string' ? item : '';
};

/** The AJV details (an array), or juggler's per-field codes and messages as details. */
const detailsOf = (details: LoopBackDetail[] | JugglerDetails | undefined): LoopBackDetail[] => {
  if (Array.isArray(details)) return details;
  if (!details || typeof details !== 'object') return [];
  const fields = new Set([...Object.keys(details.codes ?? {}), ...Object.keys(details.messages ?? {})]);
  return [...fields].map((field) => ({
    path: `/${field}`,
    code: first(details.codes?.[field]),
    message: first(details.messages?.[field]),
  }));
};

const DUPLICATE_KEY = /for key '(?:[^'.]*\.)?([^']+)'/;

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
  const e = asErrorLike(error);
  if (e?.body?.errors && Object.keys(e.body.errors).length > 0) return e.body.errors;
  const body = e?.body?.error;
  if (Number(e?.status ?? body?.statusCode) !== 422 || !body) return undefined;
  const errors: Record<string, string> = {};
  for (const detail of detailsOf(body.details)) {
    const field = detailField(detail);
    if (!field) continue;
    errors[field] =
      detail.code === 'required' || detail.code === 'presence' || detail.info?.missingProperty
        ? 'ra.validation.required'
        : validationMessage(detail);
  }
  if (body.code === 'ER_DUP_ENTRY' || /ER_DUP_ENTRY/.test(body.message ?? '')) {
    const key = DUPLICATE_KEY.exec(body.message ?? '')?.[1];
    const field =
      uniqueFields.find((name) => name === key) ?? (uniqueFields.length === 1 ? uniqueFields[0] : undefined);
    if (field) errors[field] = 'ra.validation.unique';
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
};
