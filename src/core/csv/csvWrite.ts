/**
 * Writing CSV (re-exported by csv.ts; free of papaparse, so screens that only export stay small): semicolon
 * separator, UTF-8 BOM, `{table}_PIM.csv`, newlines and semicolons stripped from values, cells quoted per
 * RFC 4180 when they hold a double quote, formula injection neutralised (docs/requirements.md#r7-csv). Lists of
 * names are written joined with ' | ' (src/core/listCells.ts) and decimals the Spanish way (12,5), so the import
 * reads an export back unchanged. Knows no schema: the columns of a table come from src/resources/csvTables.ts.
 */
import { looksLikeFormula, neutraliseFormula } from '../formula';
import { FILE_LIST_SEPARATOR } from '../listCells';
import { FILE_NUMBER_LOCALE, formatDecimal } from '../numbers';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';
export { FILE_LIST_SEPARATOR };

export const csvFileName = (table: string): string => `${table}_PIM.csv`;

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

/** A decimal as files hold it: comma decimals, no thousands marks (12,5), read back by the import. */
export const fileDecimal = (value: number): string =>
  formatDecimal(value, FILE_NUMBER_LOCALE, { grouping: false });

export type CellWriter = (value: unknown) => string;

/**
 * Rows to CSV text under `header`; keys outside the header are not exported. `cells[i]` writes column i
 * (default `csvCell`).
 */
export function csvText(
  header: readonly string[],
  rows: readonly Record<string, unknown>[],
  cells: readonly (CellWriter | undefined)[] = [],
): string {
  const lines = [header.map(csvCell).join(CSV_SEPARATOR)];
  for (const row of rows) {
    lines.push(header.map((column, i) => (cells[i] ?? csvCell)(row[column])).join(CSV_SEPARATOR));
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
