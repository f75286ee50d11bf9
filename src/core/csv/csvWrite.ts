/**
 * Writing CSV (re-exported by csv.ts; free of papaparse, so screens that only export stay small): semicolon
 * separator, UTF-8 BOM, `{table}_PIM.csv`, newlines and semicolons stripped from values, formula injection
 * neutralised (spec §7). Knows no schema: the columns of a table come from src/resources/csvTables.ts.
 */
import { startsLikeFormula } from '../formula';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

export const csvFileName = (table: string): string => `${table}_PIM.csv`;

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
  return typeof value === 'string' && (startsLikeFormula(value) || NEUTRALISED.test(value))
    ? `'${text}`
    : text;
}

/** The inverse of the neutralisation on import: "'=SUM(A1)" → "=SUM(A1)"; any other text is kept. */
export const uncell = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

/** The text `csvCell` writes for a stored string, without the neutralising quote (to compare on re-import). */
export const exportedText = (value: string): string => value.replace(/[\r\n;]+/g, ' ');

/** Rows to CSV text under `header`; keys outside the header are not exported. */
export function csvText(header: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [header.map(csvCell).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(header.map((c) => csvCell(row[c])).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}

/**
 * A lossless CSV (semicolon, BOM, RFC 4180 quoting) of raw text cells, formulas neutralised: the rejected-rows
 * file, whose values must survive a round trip exactly so the user can fix them and import the file again.
 */
export function toRawCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string): string => {
    const text = startsLikeFormula(value) || NEUTRALISED.test(value) ? `'${value}` : value;
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}
