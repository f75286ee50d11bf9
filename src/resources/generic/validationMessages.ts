import { isRecord } from '../../core/guards';
/**
 * LoopBack's validation answers in clear Spanish, for the messages under the inputs and the forms' toasts
 * (docs/loopback-contract.md "Error bodies"): AJV body validation (`details[]` with `code`, `message`, `info`),
 * juggler's ValidationError (`details.codes`) and MySQL's ER_DUP_ENTRY. The server's own Spanish messages
 * (write rules) are kept as they are. Pure.
 */

export interface ValidationDetail {
  path?: string;
  code?: string;
  message?: string;
  info?: Record<string, unknown>;
}

export const REQUIRED_MESSAGE = 'Obligatorio';
export const INVALID_MESSAGE = 'Valor no válido';
export const DUPLICATE_MESSAGE = 'Ya existe un registro con ese valor';
export const INVALID_FORM_MESSAGE = 'Hay datos no válidos: revisa los campos marcados.';
export const DUPLICATE_FORM_MESSAGE = `${DUPLICATE_MESSAGE}: revisa los campos marcados.`;

const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  integer: 'Debe ser un número entero',
  number: 'Debe ser un número',
  string: 'Debe ser un texto',
  boolean: 'Debe ser sí o no',
  array: 'Debe ser una lista',
};

const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  'date-time': 'Debe ser una fecha y hora válidas',
  date: 'Debe ser una fecha válida (AAAA-MM-DD)',
  time: 'Debe ser una hora válida',
  email: 'Debe ser un correo electrónico válido',
  uri: 'Debe ser una dirección web válida',
  url: 'Debe ser una dirección web válida',
};

const COMPARISONS: Readonly<Record<string, string>> = {
  '>=': 'Debe ser mayor o igual que',
  '<=': 'Debe ser menor o igual que',
  '>': 'Debe ser mayor que',
  '<': 'Debe ser menor que',
};

const LIMIT_COMPARISON: Readonly<Record<string, string>> = {
  minimum: '>=',
  maximum: '<=',
  exclusiveMinimum: '>',
  exclusiveMaximum: '<',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const numberIn = (value: unknown, message: string, pattern: RegExp): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const match = pattern.exec(message);
  return match ? Number(match[1]) : undefined;
};

const characters = (n: number): string => (n === 1 ? '1 carácter' : `${n} caracteres`);

/** LoopBack/AJV English wording (never shown as is). */
const isLoopBackEnglish = (message: string): boolean =>
  /^must\b/i.test(message) || /can't be blank|is not unique|is invalid|is not valid/i.test(message);

const typeMessage = (info: Record<string, unknown>, message: string): string => {
  const declared = Array.isArray(info.type) ? info.type.map(text) : text(info.type).split(',');
  const fromMessage = /must be (\w+)/i.exec(message)?.[1] ?? '';
  const type = [...declared, fromMessage].map((t) => t.trim()).find((t) => t && t !== 'null') ?? '';
  return TYPE_MESSAGES[type] ?? INVALID_MESSAGE;
};

const comparisonMessage = (code: string, info: Record<string, unknown>, message: string): string => {
  const parsed = /must be (>=|<=|>|<) (-?\d+(?:\.\d+)?)/.exec(message);
  const comparison = text(info.comparison) || parsed?.[1] || LIMIT_COMPARISON[code] || '';
  const limit = typeof info.limit === 'number' ? info.limit : parsed ? Number(parsed[2]) : undefined;
  const words = COMPARISONS[comparison];
  return words && limit !== undefined ? `${words} ${limit}` : INVALID_MESSAGE;
};

/** The Spanish message of one AJV detail (or of a juggler code such as 'presence'). */
export const validationMessage = (detail: ValidationDetail): string => {
  const code = detail.code ?? '';
  const message = detail.message ?? '';
  const info = detail.info ?? {};
  switch (code) {
    case 'required':
    case 'presence':
      return REQUIRED_MESSAGE;
    case 'maxLength': {
      const n = numberIn(info.limit, message, /more than (\d+)/i);
      return n === undefined ? INVALID_MESSAGE : `Máximo ${characters(n)}`;
    }
    case 'minLength': {
      const n = numberIn(info.limit, message, /fewer than (\d+)/i);
      return n === undefined ? INVALID_MESSAGE : `Mínimo ${characters(n)}`;
    }
    case 'type':
      return typeMessage(info, message);
    case 'format': {
      const format = text(info.format) || /format "([^"]+)"/.exec(message)?.[1] || '';
      return FORMAT_MESSAGES[format] ?? 'Formato no válido';
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return comparisonMessage(code, info, message);
    case 'pattern':
      return 'Formato no válido';
    case 'enum': {
      const allowed = Array.isArray(info.allowedValues)
        ? info.allowedValues.filter((value) => value !== null && value !== '').map(String)
        : [];
      return allowed.length ? `Debe ser uno de: ${allowed.join(', ')}` : 'Valor no permitido';
    }
    case 'additionalProperties':
      return 'Campo no permitido';
    case 'uniqueness':
    case 'ER_DUP_ENTRY':
      return DUPLICATE_MESSAGE;
    default:
      if (/can't be blank/i.test(message)) return REQUIRED_MESSAGE;
      if (/is not unique/i.test(message)) return DUPLICATE_MESSAGE;
      // The server's own messages (write rules) are already Spanish.
      return message && !isLoopBackEnglish(message) ? message : INVALID_MESSAGE;
  }
};

/** The `{error:{…}}` object of an HttpError (its body), of a body, or undefined. */
const loopBackError = (error: unknown): Record<string, unknown> | undefined => {
  if (!isRecord(error)) return undefined;
  if (isRecord(error.body) && isRecord(error.body.error)) return error.body.error;
  if (isRecord(error.error)) return error.error;
  return undefined;
};

/** Whether the answer is MySQL's duplicate key (422 ER_DUP_ENTRY). */
export const isDuplicateEntry = (error: unknown): boolean => {
  const body = loopBackError(error);
  return !!body && (body.code === 'ER_DUP_ENTRY' || /ER_DUP_ENTRY/.test(text(body.message)));
};

/**
 * The forms' toast for a validation answer whose own message is LoopBack's English ("The request body is
 * invalid…", "The `X` instance is not valid…", "Duplicate entry …"); undefined for any other answer (the
 * caller shows the server's message, already Spanish for this API's own rules).
 */
export const validationToast = (error: unknown): string | undefined => {
  if (isDuplicateEntry(error)) return DUPLICATE_FORM_MESSAGE;
  const message = text(loopBackError(error)?.message);
  if (/^The request body is invalid/i.test(message) || /instance is not valid/i.test(message)) {
    return INVALID_FORM_MESSAGE;
  }
  return undefined;
};
