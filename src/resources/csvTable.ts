/** The CSV of a declared table: its columns come from the schema (never write-only ones such as passwords). */
import { csvText } from '../core/csv/csvWrite';
import { schemaForTable } from './registry';

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
  return csvText(columns ?? tableColumns(table) ?? (rows.length ? Object.keys(rows[0]) : []), rows);
}
