/**
 * Reading CSV files (re-exported by csv.ts): papaparse with the separator detected from the header line (and per
 * row when a file mixes them), BOM tolerated, UTF-8 or Windows-1252/Latin-1, empty lines skipped, trailing empty
 * cells dropped; every row keeps its spreadsheet line number (the header is line 1).
 */
import Papa from 'papaparse';

const BOM = '\uFEFF';

export type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * File bytes → text: UTF-8 when the bytes are valid UTF-8 (BOM dropped), otherwise Windows-1252 (the Latin-1
 * superset spreadsheets on Windows write), so "Señal" saved by an old Excel is not read as "Se�al".
 */
export function decodeCsvBytes(bytes: Uint8Array | ArrayBuffer): { text: string; encoding: CsvEncoding } {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(view), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(view), encoding: 'windows-1252' };
  }
}

/** Windows-1252's 0x80–0x9F (€, ‚, ƒ, „, …, smart quotes, Š, Œ, Ž…); the other bytes are Latin-1 code points. */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** Decoded here rather than by TextDecoder('windows-1252'), which some runtimes (Node) treat as plain Latin-1. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  const text = parts.join('');
  return text.startsWith('\u00EF\u00BB\u00BF') ? text.slice(3) : text;
}

export type CsvDelimiter = ';' | ',';

export interface CsvRecord {
  /** Spreadsheet line number (the header is 1; a quoted cell with line breaks still counts as one line). */
  line: number;
  cells: string[];
  /** Why the row cannot be read as the header says (wrong number of columns). */
  problem?: string;
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  headers: string[];
  records: CsvRecord[];
  /** Empty lines skipped (they are not rows). */
  emptyLines: number;
  /** Rows read with the other separator (a file that mixes ; and ,). */
  mixedSeparatorRows: number;
}

const ALTERNATIVE: Record<CsvDelimiter, CsvDelimiter> = { ';': ',', ',': ';' };

/** Counts a character outside double quotes in one line of text. */
const countOutsideQuotes = (line: string, char: string): number => {
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) count++;
  }
  return count;
};

/** The separator of the header line: the one it uses more (semicolon on a tie, as the export writes). */
export function detectDelimiter(text: string): CsvDelimiter {
  const end = text.search(/\r\n|\n|\r/);
  const header = end < 0 ? text : text.slice(0, end);
  return countOutsideQuotes(header, ',') > countOutsideQuotes(header, ';') ? ',' : ';';
}

const isEmptyRow = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** Drops empty cells beyond `width` (spreadsheets often leave trailing separators). */
const trimTrailing = (cells: string[], width: number): string[] => {
  let end = cells.length;
  while (end > width && cells[end - 1].trim() === '') end--;
  return end === cells.length ? cells : cells.slice(0, end);
};

const parseLine = (text: string, delimiter: CsvDelimiter): string[] => {
  const result = Papa.parse<string[]>(text.replace(/(\r\n|\n|\r)$/, ''), { delimiter });
  return result.data.length === 1 ? result.data[0] : [];
};

/**
 * CSV text → header + records. The separator comes from the header line; a row whose cell count does not match
 * the header is read again with the other separator, and kept with a `problem` if that does not match either.
 */
export function parseCsv(text: string): ParsedCsv {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const delimiter = detectDelimiter(source);
  const alternative = ALTERNATIVE[delimiter];
  let headers: string[] | undefined;
  const records: CsvRecord[] = [];
  let emptyLines = 0;
  let mixedSeparatorRows = 0;
  let line = 0;
  let start = 0;

  Papa.parse<string[]>(source, {
    delimiter,
    step: (result) => {
      const end = result.meta.cursor;
      const raw = source.slice(start, end);
      start = end;
      line++;
      const cells = result.data;
      if (!headers) {
        if (isEmptyRow(cells)) {
          emptyLines++;
          return;
        }
        headers = trimTrailing(
          cells.map((cell) => cell.trim()),
          1,
        );
        return;
      }
      if (isEmptyRow(cells)) {
        if (raw !== '') emptyLines++;
        return;
      }
      const width = headers.length;
      let row = trimTrailing(cells, width);
      if (row.length !== width) {
        const other = trimTrailing(parseLine(raw, alternative), width);
        if (other.length === width) {
          row = other;
          mixedSeparatorRows++;
        }
      }
      const record: CsvRecord = { line, cells: row };
      if (row.length !== width) {
        record.problem =
          row.length > width
            ? `La fila tiene ${row.length} columnas y la cabecera ${width}: sobran valores`
            : `La fila tiene ${row.length} columnas y la cabecera ${width}: faltan valores`;
      }
      records.push(record);
    },
  });
  return { delimiter, headers: headers ?? [], records, emptyLines, mixedSeparatorRows };
}
