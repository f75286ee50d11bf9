/** Turns a data provider error (HttpError carrying LoopBack's `{error: {...}}` body) into UI messages. Pure. */

interface LoopBackDetail {
  path?: string;
  code?: string;
  message?: string;
  info?: { missingProperty?: string };
}

interface ErrorLike {
  message?: string;
  status?: number;
  body?: {
    errors?: Record<string, string>;
    error?: { statusCode?: number; message?: string; code?: string; details?: LoopBackDetail[] };
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
  return path || detail.info?.missingProperty || undefined;
};

const DUPLICATE_KEY = /for key '(?:[^'.]*\.)?([^']+)'/;

/**
 * Field errors for the form (react-admin's `{field: message}`): react-admin's own `body.errors`, LoopBack 422
 * validation `details`, or a 422 ER_DUP_ENTRY on one of the schema's unique fields. Undefined when none apply.
 */
export const fieldErrorsFromServer = (
  error: unknown,
  uniqueFields: readonly string[] = [],
): Record<string, string> | undefined => {
  const e = asErrorLike(error);
  if (e?.body?.errors && Object.keys(e.body.errors).length > 0) return e.body.errors;
  const body = e?.body?.error;
  if ((e?.status ?? body?.statusCode) !== 422 || !body) return undefined;
  const errors: Record<string, string> = {};
  for (const detail of body.details ?? []) {
    const field = detailField(detail);
    if (!field) continue;
    errors[field] =
      detail.code === 'required' || detail.info?.missingProperty
        ? 'ra.validation.required'
        : detail.message || 'pim.validation.invalid';
  }
  if (body.code === 'ER_DUP_ENTRY' || /ER_DUP_ENTRY/.test(body.message ?? '')) {
    const key = DUPLICATE_KEY.exec(body.message ?? '')?.[1];
    const field =
      uniqueFields.find((name) => name === key) ?? (uniqueFields.length === 1 ? uniqueFields[0] : undefined);
    if (field) errors[field] = 'ra.validation.unique';
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
};
