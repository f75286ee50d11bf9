/**
 * The tables of the generic import/export (docs/requirements.md#r3-entities "Tables known to generic import/export"): every schema that
 * declares a `table`, read from the registry (a new declaration with a `table` is importable and exportable with
 * no other code). Views (vista_muestra_fotos_optimizada) are export-only.
 *
 * How an imported row finds the record it updates (its key), per table:
 * - a non-empty `id` column (the schema's idField) always wins;
 * - otherwise the first of the schema's `naturalKeys` whose values are all present in the row;
 * - schemas declaring none use their unique fields, then their composite key.
 * A row with no key value is created. Keys compare case-insensitively and without trailing spaces (as MySQL's
 * default collation does).
 */
import { csvCell, csvText, fileDecimal } from '../core/csv/csvWrite';
import { listToFile } from '../core/listCells';
import { normalizeRow, type Row } from '../core/csv/normalize';
import { allSchemas, schemaForTable } from './registry';
import type { FieldSchema, ResourceSchema } from './types';

export const TABLE_NAME_ERROR = 'Problema con el nombre de la tabla';

/** Tables that can be exported: every schema with a `table` (views included). */
export const exportSchemas = (): ResourceSchema[] => allSchemas().filter((schema) => schema.table);

/** Tables that can be imported: schemas with a `table` that accept creates (views are export-only). */
export const importSchemas = (): ResourceSchema[] =>
  allSchemas().filter((schema) => schema.table && !schema.view && schema.operations.create);

export type TableResolution = { schema: ResourceSchema } | { error: string };

/** A table name (docs/requirements.md#r3-entities spelling) → its schema, or the spec's 'Problema con el nombre de la tabla'. */
export function resolveTable(name: string | null | undefined, mode: 'import' | 'export'): TableResolution {
  const schema = name ? schemaForTable(name.trim()) : undefined;
  if (!schema) return { error: TABLE_NAME_ERROR };
  if (mode === 'import' && (schema.view || !schema.operations.create)) {
    return { error: `${TABLE_NAME_ERROR}: ${schema.table} solo se puede exportar` };
  }
  return { schema };
}

/**
 * The table a file name points at: 'marca_PIM.csv', 'marca_PIM (2).csv', 'marca_PIM_rechazadas.csv' → 'marca';
 * undefined when the name has no `_PIM` part. The result may be an unknown table (check with resolveTable).
 */
export function tableFromFileName(fileName: string): string | undefined {
  const base = fileName.replace(/^.*[\\/]/, '');
  const match = /^(.+?)_PIM(?:[\s_.(-]|$)/i.exec(base);
  return match ? match[1] : undefined;
}

const fieldNames = (schema: ResourceSchema): Set<string> => new Set(schema.fields.map((field) => field.name));

/** naturalKeys of each declaration (asked once per imported row). */
const naturalKeysOf = new WeakMap<ResourceSchema, string[][]>();

/**
 * The natural keys of a table, in order of preference (only keys made of declared fields). The same arrays
 * for the same declaration: not to be changed.
 */
export function naturalKeys(schema: ResourceSchema): string[][] {
  let keys = naturalKeysOf.get(schema);
  if (!keys) {
    keys = computeNaturalKeys(schema);
    naturalKeysOf.set(schema, keys);
  }
  return keys;
}

function computeNaturalKeys(schema: ResourceSchema): string[][] {
  const names = fieldNames(schema);
  const declared = schema.naturalKeys;
  const fallback = [
    ...schema.fields.filter((field) => field.unique && !field.readOnly).map((field) => [field.name]),
    ...(schema.compositeKey ? [[...schema.compositeKey]] : []),
  ];
  return (declared ?? fallback)
    .map((key) => [...key])
    .filter((key) => key.length > 0 && key.every((name) => names.has(name)));
}

/** The id column of a table (undefined for composite-key tables such as producto_iconos). */
export const idColumn = (schema: ResourceSchema): string | undefined =>
  schema.compositeKey ? undefined : schema.idField;

/** Columns holding file paths: prefixed with the base path in integration-template exports. */
export const FILE_COLUMNS: readonly string[] = ['imagen', 'fichero'];

/** The column dropped from integration-template exports (docs/requirements.md#r7-api). */
export const FAMILIAS_COLUMN = 'familias';

/**
 * For a table without a company field whose rows hang from a company-scoped parent (producto_general →
 * productos): the reference field and the parent resource, to export only the current company's rows.
 */
export function companyParent(schema: ResourceSchema): { field: string; resource: string } | undefined {
  if (schema.companyField) return undefined;
  for (const field of schema.fields) {
    if (field.type !== 'reference' || !field.required || !field.reference) continue;
    const parent = allSchemas().find(
      (candidate) => candidate.name === field.reference || candidate.aliases?.includes(field.reference ?? ''),
    );
    if (parent?.companyField) return { field: field.name, resource: parent.name };
  }
  return undefined;
}

/** 'Marcas (marca)' — how a table is named in selectors. */
export const tableLabel = (schema: ResourceSchema): string => `${schema.labelPlural} (${schema.table})`;

/** How the rows of a table are matched to stored records, in Spanish (shown on the import page). */
export function keyDescription(schema: ResourceSchema): string {
  const natural = naturalKeys(schema).map((key) => key.join(' + '));
  const id = idColumn(schema);
  const parts = [
    ...(id ? [`por ${id}`] : []),
    ...(natural.length ? [`${id ? 'si no hay, ' : ''}por ${natural.join(' o ')}`] : []),
  ];
  return parts.length
    ? `Cada fila actualiza el registro que coincide ${parts.join('; ')}; las demás se crean.`
    : 'Cada fila crea un registro.';
}

/** The export columns of a table: its declared fields (never write-only ones such as passwords). */
export function tableColumns(table: string): string[] | undefined {
  return schemaForTable(table)
    ?.fields.filter((field) => !field.writeOnly)
    .map((field) => field.name);
}

/** A stored value as its CSV cell: lists joined with ' | ', decimals the Spanish way, the rest by `csvCell`. */
export function fieldCell(field: FieldSchema | undefined, value: unknown): string {
  if (field?.list && typeof value === 'string') return csvCell(listToFile(value, field.list.separator));
  if (field?.type === 'number' && typeof value === 'number') return fileDecimal(value);
  return csvCell(value);
}

/**
 * Rows of `table` to CSV text. Columns: `columns`, else the table's declared fields, else the keys of the first
 * row. Keys outside the columns are not exported. Values are written by `fieldCell`.
 */
export function toCsv(
  table: string,
  rows: readonly Record<string, unknown>[],
  columns?: readonly string[],
): string {
  const header = columns ?? tableColumns(table) ?? (rows.length ? Object.keys(rows[0]) : []);
  const fields = new Map((schemaForTable(table)?.fields ?? []).map((field) => [field.name, field]));
  return csvText(
    header,
    rows,
    header.map((column) => (value: unknown) => fieldCell(fields.get(column), value)),
  );
}

/** One row of a table read as its schema's fields declare (`importAs`); an unknown table is left as it is. */
export const normalizeTableRow = (table: string, row: Row): Row =>
  normalizeRow(schemaForTable(table)?.fields ?? [], row);
