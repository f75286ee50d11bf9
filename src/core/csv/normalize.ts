/**
 * Import or save normalisation (docs/requirements.md#r5-validation), shared by the CSV import and the forms.
 */
export type Row = Record<string, unknown>;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const pad = (n: number): string => String(n).padStart(2, '0');

function isoMidnight(year: number, month: number, dayOfMonth: number): string | null {
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  // Reject impossible dates such as 31/02/2024 (Date would roll them over).
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== dayOfMonth
  ) {
    return null;
  }
  return `${year}-${pad(month)}-${pad(dayOfMonth)}T00:00:00.000Z`;
}

const FORMATS: { pattern: RegExp; order: 'dmy' | 'ymd' }[] = [
  { pattern: /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, order: 'ymd' },
  { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'dmy' },
  { pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: 'ymd' },
  { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: 'dmy' },
  { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: 'ymd' },
];

/**
 * Accepts ISO with milliseconds, dd/mm/yyyy, yyyy/mm/dd, dd-mm-yyyy or yyyy-mm-dd and returns the date at
 * midnight UTC as ISO; any other format (or an impossible date) gives null.
 */
export function parseFlexibleDate(value: unknown): string | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? null
      : isoMidnight(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  for (const { pattern, order } of FORMATS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return order === 'ymd' ? isoMidnight(a, b, c) : isoMidnight(c, b, a);
  }
  return null;
}

const YES = new Set(['si', 'sí', 's', 'true']);
const NO = new Set(['no', 'n', 'false']);

/** si, sí, s or true (any case) → 'S'; no, n or false → 'N'; anything else → null. */
export function toSN(value: unknown): 'S' | 'N' | null {
  if (typeof value === 'boolean') return value ? 'S' : 'N';
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (YES.has(text)) return 'S';
  if (NO.has(text)) return 'N';
  return null;
}

/** Integer from a number or numeric text; anything else → null. */
export function toInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim().replace(',', '.'));
  return Number.isFinite(parsed) ? Math.trunc(parsed) : null;
}

/**
 * How the import reads a field's text (declared on the field as `importAs`): 'integer' → toInteger, 'date' →
 * parseFlexibleDate, 'sn' → toSN, 'sn-or-n' → 'S' for yes, else 'N' (left alone when blank).
 */
export type ImportReading = 'integer' | 'date' | 'sn' | 'sn-or-n';

export interface ImportRule {
  name: string;
  importAs?: ImportReading;
}

const READERS: Readonly<Record<ImportReading, (value: unknown) => unknown>> = {
  integer: toInteger,
  date: parseFlexibleDate,
  sn: toSN,
  'sn-or-n': (value) => (isBlank(value) ? value : quickSincronizarConBC(value)),
};

/** Normalises one row per docs/requirements.md#r5-validation, reading each field as its declaration says (`importAs`). Returns a new object. */
export function normalizeRow(fields: readonly ImportRule[], row: Row): Row {
  const out: Row = { ...row };
  for (const field of fields) {
    if (field.importAs && field.name in out) out[field.name] = READERS[field.importAs](out[field.name]);
  }
  return out;
}

// ---------- products created by import (docs/requirements.md#r5-validation "Creating a product by import", "Quick-created products") ----------

/** The company of quick-created products (docs/requirements.md#r5-validation and issue #9: empresaId 1, whatever company is selected). */
export const QUICK_PRODUCT_EMPRESA_ID = 1;

/** A short, stable hash of a text (32-bit FNV-1a, 8 hex digits): the same name always gets the same image path. */
export function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** imagen of a quick-created product: multimedia/{name}/{hash}.png. */
export const quickProductImage = (nombre: string): string => `multimedia/${nombre}/${textHash(nombre)}.png`;

/** sincronizarConBC of a quick-created product: 'S' if the text is true, si (sí) or s (any case), else 'N'. */
export const quickSincronizarConBC = (value: unknown): 'S' | 'N' => (toSN(value) === 'S' ? 'S' : 'N');

/**
 * A product about to be created by import: imagen multimedia/{name}/{hash}.png unless given, empresaId 1 (the
 * import runner never passes another), empty familias unless given, sincronizarConBC S/N from its text.
 * Returns a new object.
 */
export function quickCreateProduct(row: Row, empresaId: number = QUICK_PRODUCT_EMPRESA_ID): Row {
  const nombre = typeof row.nombre === 'string' ? row.nombre.trim() : String(row.nombre ?? '');
  return {
    ...row,
    empresaId,
    imagen: isBlank(row.imagen) ? quickProductImage(nombre) : row.imagen,
    familias: isBlank(row.familias) ? '' : row.familias,
    sincronizarConBC: quickSincronizarConBC(row.sincronizarConBC),
  };
}

/** The producto_general row created with a product by import: productoId and sku equal to the name. */
export const productoGeneralFor = (producto: { id: number; nombre: string }): Row => ({
  productoId: producto.id,
  sku: producto.nombre,
});
