/**
 * CSV for the generic import/export (spec §7 "CSV export and import"): semicolon separator, UTF-8 BOM,
 * `{table}_PIM.csv`, newlines and semicolons stripped from values, formula injection neutralised.
 */
import { schemaForTable } from '../../resources/registry';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

export const csvFileName = (table: string): string => `${table}_PIM.csv`;

const FORMULA_START = /^[=+\-@\t\r\0]/;

/** One cell: stripped of newlines and semicolons; a leading = + - @ tab CR or NUL gets a leading quote. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = (typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(/[\r\n;]+/g, ' ');
  // Only text can carry a formula: numbers such as -5 are exported as they are.
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${text}` : text;
}

/** The export columns of a table: its declared fields (never write-only ones such as passwords). */
export function tableColumns(table: string): string[] | undefined {
  return schemaForTable(table)
    ?.fields.filter((field) => !field.writeOnly)
    .map((field) => field.name);
}

/**
 * Rows of `table` to CSV text. Columns: `columns`, else the table's declared fields, else the keys of the first
 * row. Keys outside the columns are not exported.
 */
export function toCsv(
  table: string,
  rows: readonly Record<string, unknown>[],
  columns?: readonly string[],
): string {
  const header = columns ?? tableColumns(table) ?? (rows.length ? Object.keys(rows[0]) : []);
  const lines = [header.map(csvCell).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(header.map((c) => csvCell(row[c])).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}
