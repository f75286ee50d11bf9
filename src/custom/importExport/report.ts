/** The downloadable file of rejected rows: the original columns, then line, column and reason. Pure. */
import { toRawCsv } from '../../core/csv/csvWrite';
import { REPORT_COLUMNS } from './mapping';
import type { RejectedRow } from './runner';

export const rejectedFileName = (table: string): string => `${table}_PIM_rechazadas.csv`;

/** The problems of a row as one column text and one reason text. */
export function describeProblems(row: RejectedRow): { column: string; reason: string } {
  const columns = [...new Set(row.problems.map((problem) => problem.column).filter(Boolean))];
  return {
    column: columns.join(', '),
    reason: row.problems.map((problem) => problem.reason).join(' | '),
  };
}

/**
 * The rejected rows as CSV, ready to fix and import again: the file's own columns with the values as they were
 * written (the explanation columns are ignored by the import), one line per rejected row.
 */
export function rejectedRowsCsv(
  headers: readonly string[],
  rows: readonly RejectedRow[],
  cellsOf: (line: number) => readonly string[] | undefined,
): string {
  const own = headers.filter((header) => !(REPORT_COLUMNS as readonly string[]).includes(header));
  const keep = headers.map((header) => own.includes(header));
  const lines = rows.map((row) => {
    const cells = cellsOf(row.line) ?? [];
    // Extra values of a too-long row stay in the last column, so nothing typed is lost.
    const last = headers.length - 1;
    const values = headers
      .map((_, i) =>
        i === last && cells.length > headers.length ? cells.slice(i).join(';') : (cells[i] ?? ''),
      )
      .filter((_, i) => keep[i]);
    const { column, reason } = describeProblems(row);
    return [...values, String(row.line), column, reason];
  });
  return toRawCsv([...own, ...REPORT_COLUMNS], lines);
}
