/**
 * PostgreSQL errors answered as loopback-connector-mysql answers them (docs/loopback-contract.md
 * "ER_DUP_ENTRY"): a unique violation (23505) becomes HTTP 422
 * `{"statusCode":"422","name":"Error","message":"Duplicate entry 'A1' for key 'codigo'","code":"ER_DUP_ENTRY"}`,
 * and a full or read-only disk becomes 507 Insufficient Storage, a message for the user and the cause logged.
 */
import { DuplicateEntryError } from '../unique';

export interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  message?: string;
}

/** `Key (a, lower(rtrim(b)))=(1, x) already exists.` → ['1', 'x'] (as many values as columns). */
export function keyValues(detail: string | undefined, columns: number): string[] | undefined {
  const match = /\)=\((.*)\) already exists/s.exec(detail ?? '');
  if (!match) return undefined;
  const parts = match[1].split(', ');
  if (columns <= 1 || parts.length === columns) return columns <= 1 ? [match[1]] : parts;
  return [...parts.slice(0, columns - 1), parts.slice(columns - 1).join(', ')];
}

/**
 * The values as the client wrote them: a unique index on `lower(rtrim(col))` reports the lowered value, so the
 * statement's parameter it came from is used when one matches.
 */
const asWritten = (value: string, params: readonly unknown[]): string => {
  const found = params.find(
    (p) => typeof p === 'string' && p.toLowerCase().replace(/ +$/, '') === value && p !== value,
  );
  return typeof found === 'string' ? found : value;
};

export interface KeyLookup {
  (constraint: string): { key: string; columns: number } | undefined;
}

export function duplicateEntry(err: PgError, params: readonly unknown[], lookup: KeyLookup): Error {
  const constraint = err.constraint ?? '';
  const known = constraint.endsWith('_pkey') ? { key: 'PRIMARY', columns: 1 } : lookup(constraint);
  const values = keyValues(err.detail, known?.columns ?? 1) ?? ['?'];
  const value = values.map((v) => asWritten(v, params)).join('-');
  return new DuplicateEntryError(value, known?.key ?? constraint);
}

/** Errors of a disk that cannot take writes: disk full, read-only file system, I/O error. */
const STORAGE_CODES = new Set(['53100', '53000', '58030', '25006']);
const STORAGE_TEXT = /no space left|ENOSPC|EROFS|read-only file system|could not (extend|write)/i;

/** Answered to the client with its message (Spanish); the cause (file names of the server) goes to the log. */
export class StorageError extends Error {
  readonly statusCode = 507;
  readonly expose = true;
  readonly code = 'INSUFFICIENT_STORAGE';
  constructor(cause: string) {
    super(
      'No se ha guardado el cambio: el disco de la base de datos está lleno o no admite escrituras. ' +
        'Avise al administrador del servidor.',
    );
    this.name = 'StorageError';
    this.stack = `${this.stack ?? ''}\nCaused by: ${cause}`;
  }
}

export const isStorageError = (err: PgError): boolean =>
  STORAGE_CODES.has(err.code ?? '') || STORAGE_TEXT.test(err.message ?? '');
