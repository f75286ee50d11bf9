/**
 * Writing CSV (re-exported by csv.ts; free of papaparse, so screens that only export stay small): semicolon
 * separator, UTF-8 BOM, `{table}_PIM.csv`, newlines and semicolons stripped from values (spec), cells quoted
 * per RFC 4180 when they hold a double quote, formula injection neutralised. Lists of names are
 * written joined with ' | ' (src/core/listCells.ts) and decimals the Spanish way (12,5), so the import reads
 * an export back unchanged.
 */
import { FILE_LIST_SEPARATOR, listToFile } from '../../core/listCells';
import { FILE_NUMBER_LOCALE, formatDecimal } from '../../core/numbers';
import { schemaForTable } from '../../resources/registry';
import type { FieldSchema } from '../../resources/types';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';
export { FILE_LIST_SEPARATOR };

export const csvFileName = (table: string): string => `${table}_PIM.csv`;

/**
 * A text a spreadsheet could run as a formula: = + - @ at the start, also after leading spaces, quotes or
 * apostrophes (some spreadsheets skip them), or a leading tab, CR or NUL.
 */
const FORMULA_LIKE = /^[\s"'\0]*[=+\-@]|^[\t\r\0]/;

export const looksLikeFormula = (text: string): boolean => FORMULA_LIKE.test(text);

/** One leading apostrophe before a formula-like text (spreadsheets show it as text). `uncell` undoes it. */
export const neutraliseFormula = (text: string): string => (looksLikeFormula(text) ? `'${text}` : text);

/**
 * The inverse of the neutralisation on import: "'=SUM(A1)" → "=SUM(A1)"; any other text is kept. Exact: a text
 * that already started with an apostrophe before a formula was written with one more.
 */
export const uncell = (text: string): string =>
  text.startsWith("'") && looksLikeFormula(text.slice(1)) ? text.slice(1) : text;

/**
 * RFC 4180: a cell holding a double quote is enclosed in double quotes, its quotes doubled (the separator and
 * line breaks never reach a cell: they are stripped).
 */
const quoted = (text: string): string => (text.includes('"') ? `"${text.replace(/"/g, '""')}"` : text);

/** The text `csvCell` writes for a stored string, before quoting and neutralising (to compare on re-import). */
export const exportedText = (value: string): string => value.replace(/[\r\n;]+/g, ' ');

/**
 * One cell: stripped of newlines and semicolons; a formula-like text gets a leading apostrophe; quoted when it
 * holds a double quote. Numbers are written as they are (-5 is no formula).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = exportedText(typeof value === 'object' ? JSON.stringify(value) : String(value));
  return quoted(typeof value === 'string' ? neutraliseFormula(text) : text);
}

/** The export columns of a table: its declared fields (never write-only ones such as passwords). */
export function tableColumns(table: string): string[] | undefined {
  return schemaForTable(table)
    ?.fields.filter((field) => !field.writeOnly)
    .map((field) => field.name);
}

/** A decimal as files hold it: comma decimals, no thousands marks (12,5), read back by the import. */
export const fileDecimal = (value: number): string =>
  formatDecimal(value, FILE_NUMBER_LOCALE, { grouping: false });

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
  const columnFields = header.map((column) => fields.get(column));
  const lines = [header.map(csvCell).join(CSV_SEPARATOR)];
  for (const row of rows) {
    lines.push(header.map((column, i) => fieldCell(columnFields[i], row[column])).join(CSV_SEPARATOR));
  }
  return BOM + lines.join('\r\n') + '\r\n';
}

/**
 * A lossless CSV (semicolon, BOM, RFC 4180 quoting) of raw text cells, formulas neutralised: the rejected-rows
 * file, whose values must survive a round trip exactly so the user can fix them and import the file again.
 */
export function toRawCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string): string => {
    const text = neutraliseFormula(value);
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}
