/**
 * Answers of the catalogue-products endpoints → the outcome shown to the user (docs/requirements.md#r8-errors "Catalogue products
 * return status OK/ERROR with messages"). Pure.
 *
 * add    (POST /agregar-multiples-productos-al-catalogo, answer: the rows created):
 *          a non-empty array                  → OK    'Productos agregados exitosamente'
 *          anything else ([], {}, null, text) → ERROR 'No se insertaron productos, respuesta inesperada'
 * remove (POST /eliminar-multiples-productos-del-catalogo, answer: {deletedCount}):
 *          deletedCount n > 0                 → OK    '{n} productos eliminados exitosamente'
 *          deletedCount 0                     → ERROR 'No se eliminaron productos, quizás no coinciden con el catálogo'
 *          anything else                      → ERROR 'Respuesta inesperada del servidor'
 */

export type OutcomeStatus = 'OK' | 'ERROR';

export interface Outcome {
  status: OutcomeStatus;
  message: string;
  /** Rows added or deleted, when the answer says. */
  count?: number;
}

export const ADDED_MESSAGE = 'Productos agregados exitosamente';
export const NOT_ADDED_MESSAGE = 'No se insertaron productos, respuesta inesperada';
export const NOT_REMOVED_MESSAGE = 'No se eliminaron productos, quizás no coinciden con el catálogo';
export const UNEXPECTED_MESSAGE = 'Respuesta inesperada del servidor';
export const removedMessage = (n: number): string => `${n} productos eliminados exitosamente`;

export const addOutcome = (answer: unknown): Outcome =>
  Array.isArray(answer) && answer.length > 0
    ? { status: 'OK', message: ADDED_MESSAGE, count: answer.length }
    : { status: 'ERROR', message: NOT_ADDED_MESSAGE, count: Array.isArray(answer) ? 0 : undefined };

/** A non-negative whole count, from a number or a numeric string ("3"); undefined otherwise. */
const countOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

export const removeOutcome = (answer: unknown): Outcome => {
  const deleted =
    typeof answer === 'object' && answer !== null && !Array.isArray(answer)
      ? countOf((answer as { deletedCount?: unknown }).deletedCount)
      : undefined;
  if (deleted === undefined) return { status: 'ERROR', message: UNEXPECTED_MESSAGE };
  if (deleted === 0) return { status: 'ERROR', message: NOT_REMOVED_MESSAGE, count: 0 };
  return { status: 'OK', message: removedMessage(deleted), count: deleted };
};
