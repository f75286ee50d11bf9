/**
 * Save-error and success messages of the marketplace screens (docs/requirements.md#r5-validation, #r8-errors). Pure.
 */
import { errorStatus, isDuplicateEntry as isDuplicate, serverMessage } from '../../core/loopbackError';

export type DuplicateVariant = 'marketplace' | 'marketplacePrompts';

export const DUPLICATE_MESSAGES: Readonly<Record<DuplicateVariant, string>> = {
  marketplace: 'El código de marketplace ya existe. Por favor, usa uno diferente.',
  marketplacePrompts: 'El código de marketplacePrompts ya existe. Por favor, usa uno diferente.',
};

export const FALLBACK_MESSAGES: Readonly<Record<DuplicateVariant, string>> = {
  marketplace: 'Error al guardar el marketplace.',
  marketplacePrompts: 'Error al guardar el marketplacePrompts.',
};

/**
 * A second prompt for the same marketplace and category (existeMarketPlaceYCategoria before saving, or the
 * server's 422 ER_DUP_ENTRY): docs/requirements.md#r5-validation prompt variant of the duplicate message.
 */
export const PROMPT_EXISTS_MESSAGE = DUPLICATE_MESSAGES.marketplacePrompts;

export const TEXTS_SAVED_MESSAGE = 'Textos Generados para el producto, actualizados correctamente';
export const STATE_UPDATED_MESSAGE = 'Se actualizó el estado correctamente.';

/** True for the server's 422 ER_DUP_ENTRY (statusCode may come as the string "422" from MySQL). */
export const isDuplicateEntry = (error: unknown): boolean => errorStatus(error) === 422 && isDuplicate(error);

/**
 * The message for a failed save: the duplicate message on 422 ER_DUP_ENTRY, else the server's own message,
 * else 'Error al guardar el marketplace.' (or the prompts variant).
 */
export const saveErrorMessage = (error: unknown, variant: DuplicateVariant): string => {
  if (isDuplicateEntry(error)) return DUPLICATE_MESSAGES[variant];
  if (typeof error === 'string' && error.trim()) return error;
  const server = serverMessage(error).trim();
  if (server && !server.startsWith('ra.')) return server;
  return FALLBACK_MESSAGES[variant];
};
