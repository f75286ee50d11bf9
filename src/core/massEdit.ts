/**
 * Mass edit of products (issue 16): one change — a field, a flag, the categories or families (replace, add
 * or remove a name), or the value of an attribute (campo ATTRIBUTE_FIELD with the job's atributoId: the typed
 * attribute rules of src/core/attributeValues.ts read and normalise it) — applied to the selected products or to every product matching the list's filter, as a
 * job the API runs and tracks (server/features/mass-edit.ts). The value is checked once by the field's
 * declaration (the same rules the API's body validation and write rules apply: type, S/N, choices, length,
 * check digit); each product then goes through the API's write rules, and a product they refuse is reported
 * with the reason. The report has the import report's shape. Pure.
 */
import { readAttributeValue, type AttributeValueReading, type TypedAttribute } from './attributeValues';
import { gs1Error } from './gtin';
import { splitNames } from './nameList';
import { textMaxLength } from './textLength';
import type { ImportReport } from './jobReport';

/** What a mass edit may change (the declaration language's field, structurally). */
export interface EditableField {
  name: string;
  type: string;
  label: string;
  required?: boolean;
  maxLength?: number;
  choices?: readonly string[];
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  list?: { separator: string };
  format?: 'gtin' | 'gln';
}

export type MassEditOperation = 'reemplazar' | 'añadir' | 'quitar';
export const MASS_EDIT_OPERATIONS: readonly MassEditOperation[] = ['reemplazar', 'añadir', 'quitar'];
export const OPERATION_LABELS: Readonly<Record<MassEditOperation, string>> = {
  reemplazar: 'Poner este valor',
  añadir: 'Añadir el nombre',
  quitar: 'Quitar el nombre',
};

/** Product fields no mass edit touches: keys, the SKU (unique), the company, the picture. */
const NOT_MASS_EDITED = new Set(['id', 'empresaId', 'nombre', 'imagen']);

export const massEditableFields = <F extends EditableField>(fields: readonly F[]): F[] =>
  fields.filter(
    (field) =>
      !field.readOnly &&
      !field.writeOnly &&
      !NOT_MASS_EDITED.has(field.name) &&
      ['string', 'text', 'sn', 'integer'].includes(field.type),
  );

/** The longest value a job carries (trabajos-edicion-masiva.valor). */
export const MASS_EDIT_VALUE_MAX_LENGTH = 2000;

/** The job's `campo` that sets an attribute's value (the job's `atributoId` names the attribute). */
export const ATTRIBUTE_FIELD = 'atributo';
export const ATTRIBUTE_FIELD_LABEL = 'Valor de un atributo';

/**
 * The value an attribute gets on every product, as stored (`1.234,5` typed in Spanish → '1234,5', 'sí' → 'S'),
 * or why it cannot: the attribute's type refuses it, or it is empty (a mass edit writes a value).
 */
export function massEditAttributeValue(
  attribute: TypedAttribute | undefined,
  valor: unknown,
  locale?: string,
): AttributeValueReading {
  if (!attribute) return { ok: false, error: 'Elija el atributo.' };
  const reading = readAttributeValue(attribute, valor, locale);
  if (reading.ok && reading.value === '') {
    return { ok: false, error: `Escriba el valor del atributo «${String(attribute.nombre ?? '')}».` };
  }
  return reading;
}

/** The states of a job (trabajos-edicion-masiva.estado). */
export const JOB_STATES = ['pendiente', 'en curso', 'terminado', 'cancelado', 'error'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const isFinished = (estado: unknown): boolean =>
  estado === 'terminado' || estado === 'cancelado' || estado === 'error';

/** Why `valor` cannot be given to `field` by `operacion`, in Spanish; undefined when it can. */
export function massEditValueError(
  field: EditableField | undefined,
  valor: unknown,
  operacion: MassEditOperation = 'reemplazar',
): string | undefined {
  if (!field) return 'Ese campo no se puede cambiar en bloque.';
  if (!MASS_EDIT_OPERATIONS.includes(operacion)) return `Operación desconocida: «${String(operacion)}».`;
  if (operacion !== 'reemplazar' && !field.list) {
    return `«${field.label}» no es una lista de nombres: solo se puede poner un valor.`;
  }
  const text = valor === null || valor === undefined ? '' : String(valor);
  const empty = text.trim() === '';
  if (operacion !== 'reemplazar' && empty) return 'Escriba el nombre que quiere añadir o quitar.';
  if (empty) {
    if (field.required || (field.type === 'sn' && field.default !== null)) {
      return `«${field.label}» es obligatorio: elija un valor.`;
    }
    return undefined;
  }
  if (field.type === 'sn' && text !== 'S' && text !== 'N') return `«${field.label}» solo admite S o N.`;
  if (field.choices && field.type !== 'sn' && !field.choices.includes(text)) {
    return `«${text}» no es un valor de «${field.label}» (${field.choices.join(', ')}).`;
  }
  if (field.type === 'integer' && !/^-?\d+$/.test(text.trim())) {
    return `«${field.label}» debe ser un número entero.`;
  }
  // what the field keeps (a string declared without a length too), and what a job carries; in characters, as
  // the API and the databases count them (an emoji is one)
  const max =
    field.type === 'string' || field.type === 'text'
      ? Math.min(textMaxLength(field), MASS_EDIT_VALUE_MAX_LENGTH)
      : field.maxLength;
  if (max !== undefined && [...text].length > max) {
    return `«${field.label}» admite como máximo ${max} caracteres.`;
  }
  if (field.format) return gs1Error(field.format, text);
  return undefined;
}

/** The value `field` is stored with after the change, from the value it has now. */
export function changedValue(
  field: EditableField,
  current: unknown,
  valor: unknown,
  operacion: MassEditOperation = 'reemplazar',
): unknown {
  const text = valor === null || valor === undefined ? '' : String(valor).trim();
  if (operacion === 'reemplazar') {
    if (text === '') return field.type === 'sn' || field.type === 'integer' ? null : '';
    return field.type === 'integer' ? Number(text) : text;
  }
  const separator = field.list?.separator ?? '; ';
  const names = splitNames(current);
  const key = text.toLocaleLowerCase('es');
  const has = names.some((name) => name.toLocaleLowerCase('es') === key);
  if (operacion === 'añadir') return has ? names.join(separator) : [...names, text].join(separator);
  return names.filter((name) => name.toLocaleLowerCase('es') !== key).join(separator);
}

/** Two stored values are the same for a mass edit (null, '' and absent alike). */
export const sameValue = (a: unknown, b: unknown): boolean =>
  (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

/** A product the job did not change, and why. */
export interface RefusedProduct {
  id: number;
  nombre: string;
  motivo: string;
}

/** The report of a job: the import report's shape (src/core/jobReport.ts). */
export type MassEditReport = ImportReport;

/** At most this many refusals are kept with their reason (the counts are always complete). */
export const MAX_REPORTED_REFUSALS = 1000;

export interface JobRow {
  campo?: unknown;
  atributoId?: unknown;
  /** The last product id the job went through (it resumes after it). */
  ultimoId?: unknown;
  estado?: unknown;
  total?: unknown;
  hechos?: unknown;
  cambiados?: unknown;
  sinCambios?: unknown;
  rechazados?: unknown;
  informe?: unknown;
  error?: unknown;
  inicio?: unknown;
  fin?: unknown;
}

const count = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

export const parseRefusals = (text: unknown): RefusedProduct[] => {
  if (typeof text !== 'string' || !text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as RefusedProduct[]) : [];
  } catch {
    return [];
  }
};

/** The report of a job row (also while it runs: then `remainingMs` estimates the rest). */
export function massEditReport(job: JobRow, now = Date.now()): MassEditReport {
  const total = count(job.total);
  const done = count(job.hechos);
  const start = Date.parse(String(job.inicio));
  const end = job.fin ? Date.parse(String(job.fin)) : now;
  const elapsedMs = Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : 0;
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const rejected = count(job.rechazados);
  const refusals = parseRefusals(job.informe);
  const notes: string[] = [];
  if (rejected > refusals.length) {
    notes.push(`Se muestran los motivos de ${refusals.length} de los ${rejected} productos rechazados.`);
  }
  if (job.estado === 'error' && job.error)
    notes.push(`El trabajo se detuvo por un error: ${String(job.error)}`);
  return {
    table: 'productos',
    total,
    done,
    created: 0,
    updated: count(job.cambiados),
    unchanged: count(job.sinCambios),
    rejected,
    elapsedMs,
    rate,
    remainingMs: isFinished(job.estado) || rate === 0 ? null : ((total - done) / rate) * 1000,
    rejectedRows: refusals.map((refusal) => ({
      line: refusal.id,
      problems: [{ column: refusal.nombre, reason: refusal.motivo }],
    })),
    notProcessed: Math.max(0, total - done),
    cancelled: job.estado === 'cancelado',
    generalsCreated: 0,
    notes,
  };
}
