/**
 * Parsed CSV rows → the values to import: mapped columns only, text un-neutralised and trimmed, the docs/requirements.md#r5-validation
 * normalisation (normalizeRow, shared with the forms), then each value converted to its field's API type. Every
 * problem is reported with the row's line and the file's column; nothing is dropped or guessed silently (a value
 * that normalisation turns into null while the cell was not empty is a problem, not an empty value).
 * Pure: runs in the parse worker.
 */
import { listFromFile } from '../../core/listCells';
import { FILE_NUMBER_LOCALE, parseDecimal } from '../../core/numbers';
import { dateOrderErrors, fieldFormatError } from '../../resources/rules';
import type { FieldSchema, ResourceSchema } from '../../resources/types';
import type { CsvRecord } from '../../core/csv/csvRead';
import { uncell } from '../../core/csv/csvWrite';
import { describeKey, rowKey } from './keys';
import type { ColumnMapping } from './mapping';
import { normalizeRow, parseFlexibleDate, toSN, type Row } from '../../core/csv/normalize';
import type { RowProblem } from '../../core/jobReport';

export type { RowProblem };

export interface PreparedRow {
  line: number;
  /** API values of the mapped columns (null for an empty cell: not given); the id when the file gives it. */
  values: Row;
  problems: RowProblem[];
}

export type Coerced = { value: unknown } | { reason: string };

const INTEGER = /^-?\d+$/;

const quote = (value: unknown): string => `«${String(value)}»`;

const notCorrect = (field: string, detail: string): { reason: string } => ({
  reason: `El campo '${field}' no es correcto: ${detail}`,
});
const invalidValue = (field: string, detail: string): { reason: string } => ({
  reason: `El campo '${field}' tiene un valor no válido: ${detail}`,
});
export const requiredMessage = (field: string): string => `El campo '${field}' es obligatorio`;

const DATE_FORMATS = 'dd/mm/aaaa, aaaa-mm-dd, dd-mm-aaaa o aaaa/mm/dd';

/**
 * One value (already through normalizeRow) → its API value for `field`. `raw` is the cell as written, for the
 * messages. Empty → null (meaning "not given").
 */
export function coerceValue(field: FieldSchema, value: unknown, raw: string): Coerced {
  const name = field.name;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    if (raw.trim() !== '') {
      // normalisation gave null for a non-empty cell: say why instead of importing an empty value.
      if (field.type === 'date' || field.type === 'datetime')
        return notCorrect(name, `${quote(raw)} no es una fecha (${DATE_FORMATS})`);
      if (field.type === 'sn') return notCorrect(name, `${quote(raw)} (use S o N)`);
      return notCorrect(name, `${quote(raw)} no es un número entero`);
    }
    // An empty cell changes nothing on update; a create leaves it out (required fields are checked then).
    return { value: null };
  }
  switch (field.type) {
    case 'integer':
    case 'reference': {
      const n =
        typeof value === 'number' ? value : INTEGER.test(String(value).trim()) ? Number(value) : undefined;
      if (n === undefined || !Number.isInteger(n))
        return notCorrect(name, `${quote(raw)} no es un número entero`);
      if (field.min !== undefined && n < field.min)
        return notCorrect(name, `debe ser mayor o igual que ${field.min}`);
      return { value: n };
    }
    case 'number': {
      // files are read the Spanish way (comma decimals, what the export writes): src/core/numbers.ts.
      const parsed = parseDecimal(value, FILE_NUMBER_LOCALE);
      if (!parsed.ok) return notCorrect(name, parsed.error);
      const n = parsed.value;
      if (n === null) return { value: null };
      if (field.min !== undefined && n < field.min)
        return notCorrect(name, `debe ser mayor o igual que ${field.min}`);
      return { value: n };
    }
    case 'sn': {
      const sn = toSN(value);
      return sn ? { value: sn } : notCorrect(name, `${quote(raw)} (use S o N)`);
    }
    case 'boolean': {
      const sn = toSN(value) ?? (value === '1' ? 'S' : value === '0' ? 'N' : null);
      return sn ? { value: sn === 'S' } : notCorrect(name, `${quote(raw)} (use sí o no)`);
    }
    case 'date': {
      const iso = parseFlexibleDate(value);
      return iso ? { value: iso } : notCorrect(name, `${quote(raw)} no es una fecha (${DATE_FORMATS})`);
    }
    case 'datetime': {
      const text = String(value).trim();
      const flexible = parseFlexibleDate(text);
      if (flexible) return { value: flexible };
      const time = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text) ? Date.parse(text.replace(' ', 'T')) : NaN;
      return Number.isNaN(time)
        ? notCorrect(name, `${quote(raw)} no es una fecha`)
        : { value: new Date(time).toISOString() };
    }
    default: {
      // a list of names: ' | ' in files (their ';' is stripped), the stored separator in the record.
      const text = field.list ? listFromFile(String(value), field.list.separator) : String(value);
      if (field.choices) {
        const choice = field.choices.find((c) => c.toLowerCase() === text.toLowerCase());
        return choice
          ? { value: choice }
          : invalidValue(name, `${quote(raw)} (valores admitidos: ${field.choices.join(', ')})`);
      }
      if (field.maxLength !== undefined && field.type === 'string' && text.length > field.maxLength)
        return invalidValue(name, `más de ${field.maxLength} caracteres`);
      const formatError = fieldFormatError(field, text);
      if (formatError) return notCorrect(name, formatError);
      return { value: text };
    }
  }
}

/** The mapped columns of a file: each field once (the last column mapped to it), with its declaration. */
interface MappedColumn {
  index: number;
  name: string;
  header: string;
  field: FieldSchema | undefined;
}

const mappedColumns = (schema: ResourceSchema, mappings: readonly ColumnMapping[]): MappedColumn[] => {
  const byName = new Map<string, MappedColumn>();
  mappings.forEach((mapping, index) => {
    if (!mapping.field) return;
    const field = schema.fields.find((candidate) => candidate.name === mapping.field);
    const earlier = byName.get(mapping.field);
    if (earlier) Object.assign(earlier, { index, header: mapping.header });
    else byName.set(mapping.field, { index, name: mapping.field, header: mapping.header, field });
  });
  return [...byName.values()];
};

/** One parsed record → the values to import and its problems (the columns read as `columns` says). */
function prepareMapped(
  schema: ResourceSchema,
  record: CsvRecord,
  columns: readonly MappedColumn[],
): PreparedRow {
  const problems: RowProblem[] = [];
  if (record.problem) problems.push({ column: '', reason: record.problem });
  const raw: string[] = new Array<string>(columns.length);
  const empty: Row = {};
  columns.forEach((column, i) => {
    const text = uncell((record.cells[column.index] ?? '').trim());
    raw[i] = text;
    empty[column.name] = text === '' ? null : text;
  });
  const normalised = normalizeRow(schema.fields, empty);
  const values: Row = {};
  columns.forEach((column, i) => {
    if (!column.field) return;
    const result = coerceValue(column.field, normalised[column.name], raw[i]);
    if ('reason' in result) problems.push({ column: column.header, reason: result.reason });
    else values[column.name] = result.value;
  });
  if (!problems.length) {
    // rules between fields (an end date before its start), as the API applies them: src/resources/rules.ts.
    for (const [name, reason] of Object.entries(dateOrderErrors(schema, values))) {
      problems.push({ column: columns.find((column) => column.name === name)?.header ?? '', reason });
    }
  }
  return { line: record.line, values, problems };
}

/** One parsed record → the values to import and its problems. */
export function prepareRow(
  schema: ResourceSchema,
  record: CsvRecord,
  mappings: readonly ColumnMapping[],
): PreparedRow {
  return prepareMapped(schema, record, mappedColumns(schema, mappings));
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The fields a created row must give (the company comes from the selection). */
export const requiredOnCreate = (schema: ResourceSchema): FieldSchema[] =>
  schema.fields.filter((field) => field.required && !field.readOnly && field.name !== schema.companyField);

/**
 * A preparer for one file: each record → its prepared row; a row whose key (id or natural key) already appeared
 * earlier in the file is a problem (importing both would create a duplicate or update one record twice), and
 * so is a row without any key (it can only be created) that leaves a required field empty.
 */
export function createRowPreparer(
  schema: ResourceSchema,
  mappings: readonly ColumnMapping[],
): (record: CsvRecord) => PreparedRow {
  const seen = new Map<string, number>();
  const required = requiredOnCreate(schema);
  const columnOf = new Map(mappings.map((mapping) => [mapping.field, mapping.header]));
  const columns = mappedColumns(schema, mappings);
  return (record) => {
    const row = prepareMapped(schema, record, columns);
    if (row.problems.length) return row;
    const key = rowKey(schema, row.values);
    if (!key) {
      // no id and no natural key: the row can only be created, so a required field left empty rejects it.
      for (const field of required) {
        if (isBlank(row.values[field.name])) {
          row.problems.push({ column: columnOf.get(field.name) ?? '', reason: requiredMessage(field.name) });
        }
      }
      return row;
    }
    const slot = `${key.kind}:${key.text}`;
    const first = seen.get(slot);
    if (first !== undefined) {
      row.problems.push({
        column: '',
        reason: `Fila duplicada: la clave ${describeKey(key)} ya aparece en la línea ${first}`,
      });
    } else {
      seen.set(slot, row.line);
    }
    return row;
  };
}

/** All records of a file → prepared rows (see createRowPreparer). */
export function prepareRows(
  schema: ResourceSchema,
  records: readonly CsvRecord[],
  mappings: readonly ColumnMapping[],
): PreparedRow[] {
  return records.map(createRowPreparer(schema, mappings));
}
