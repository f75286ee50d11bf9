/**
 * Writing CSV (re-exported by csv.ts; free of papaparse, so screens that only export stay small): semicolon
 * separator, UTF-8 BOM, `{table}_PIM.csv`, newlines and semicolons stripped from values, formula injection
 * neutralised (spec §7).

 */
import { FILE_NUMBER_LOCALE, formatDecimal } from '../../core/numbers';
import { schemaForTable } from '../../resources/registry';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

export const csvFileName = (table: string): string => `${table}_PIM.csv`;

const FORMULA_START = /^[=+\-@\t\r\0]/;
/** What the exporter wrote for a text that starts like a formula: one more leading quote. */
const NEUTRALISED = /^'+[=+\-@\t\r\0]/;

/**
 * One cell: stripped of newlines and semicolons; a leading = + - @ tab CR or NUL gets a leading quote (and so
 * does a text that already starts with quotes before such a character, so `uncell` gives it back exactly).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = (typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(/[\r\n;]+/g, ' ');
  // Only text can carry a formula: numbers such as -5 are exported as they are.
  return typeof value === 'string' && (FORMULA_START.test(value) || NEUTRALISED.test(value))
    ? `'${text}`
    : text;
}

/** The inverse of the neutralisation on import: "'=SUM(A1)" → "=SUM(A1)"; any other text is kept. */
export const uncell = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

/** The text `csvCell` writes for a stored string, without the neutralising quote (to compare on re-import). */
export const exportedText = (value: string): string => value.replace(/[\r\n;]+/g, ' ');

/** The export columns of a table: its declared fields (never write-only ones such as passwords). */
export function tableColumns(table: string): string[] | undefined {
  return schemaForTable(table)
    ?.fields.filter((field) => !field.writeOnly)
    .map((field) => field.name);
}

/** The decimal (type 'number') columns of a table. */
const decimalColumns = (table: string): Set<string> =>
  new Set(
    schemaForTable(table)
      ?.fields.filter((field) => field.type === 'number')
      .map((field) => field.name) ?? [],
  );

/** A decimal as files hold it: comma decimals, no thousands marks (12,5), read back by the import. */
export const fileDecimal = (value: number): string =>
  formatDecimal(value, FILE_NUMBER_LOCALE, { grouping: false });

/**
 * Rows of `table` to CSV text. Decimal fields are written the Spanish way (`fileDecimal`). Columns: `columns`, else the table's declared fields, else the keys of the first
 * row. Keys outside the columns are not exported.
 */
export function toCsv(
  table: string,
  rows: readonly Record<string, unknown>[],
  columns?: readonly string[],
): string {
  const header = columns ?? tableColumns(table) ?? (rows.length ? Object.keys(rows[0]) : []);
  const decimals = decimalColumns(table);
  const cell = (row: Record<string, unknown>, column: string): string => {
    const value = row[column];
    return csvCell(decimals.has(column) && typeof value === 'number' ? fileDecimal(value) : value);
  };
  const lines = [header.map(csvCell).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(header.map((c) => cell(row, c)).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}

/**
 * A lossless CSV (semicolon, BOM, RFC 4180 quoting) of raw text cells, formulas neutralised: the rejected-rows
 * file, whose values must survive a round trip exactly so the user can fix them and import the file again.
 */
export function toRawCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string): string => {
    const text = FORMULA_START.test(value) || NEUTRALISED.test(value) ? `'${value}` : value;
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}
