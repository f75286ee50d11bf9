/**
 * LoopBack's reject action (the error answer), with one difference: a 5xx the API words for the client
 * (`expose`: the database's 503 and 507, store/database-errors.ts) also answers its `code`
 * (DATABASE_UNAVAILABLE, DATABASE_TIMEOUT, INSUFFICIENT_STORAGE), so a client tells "try again later" from
 * "the disk is full" without reading the words. strong-error-handler answers only the name and message of a 5xx,
 * and its `safeFields` would answer the code of every error: an unexpected 500 keeps answering none (a driver's
 * code says nothing useful to a client, and something about the engine).
 */
import {
  RejectProvider,
  type ErrorWriterOptions,
  type HandlerContext,
  type LogError,
  type Reject,
} from '@loopback/rest';

interface AnsweredError {
  statusCode?: number;
  status?: number;
  expose?: boolean;
  code?: unknown;
}

/** Whether the error is a 5xx whose words are for the client and that carries a code. */
export const answersItsCode = (error: unknown): boolean => {
  const e = (error ?? {}) as AnsweredError;
  const status = e.statusCode ?? e.status ?? 500;
  return status >= 500 && e.expose === true && typeof e.code === 'string';
};

/** The reject action: LoopBack's own, with `code` among the safe fields for the errors above. */
export function rejectWithCodes(logError: LogError, options?: ErrorWriterOptions): Reject {
  const plain = RejectProvider.value(logError, options);
  const withCode = RejectProvider.value(logError, {
    ...options,
    safeFields: [...(options?.safeFields ?? []), 'code'],
  });
  return (context: HandlerContext, error: Error) =>
    (answersItsCode(error) ? withCode : plain)(context, error);
}
