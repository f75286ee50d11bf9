/**
 * The parse worker's state machine (also run inline where Web Workers do not exist, e.g. jsdom): it keeps the
 * parsed file, prepares the rows for a table and column mapping in chunks, and hands back original cells of
 * given lines (for the rejected-rows file). Messages are plain data (structured-clone friendly).
 */
import type { ResourceSchema } from '../../resources/types';
import {
  decodeCsvBytes,
  parseCsv,
  type CsvDelimiter,
  type CsvEncoding,
  type CsvRecord,
} from '../../core/csv/csvRead';
import type { ColumnMapping } from './mapping';
import { createRowPreparer, type PreparedRow } from './prepare';
import { tableFromFileName } from '../../resources/csvTables';

export interface ParseSummary {
  fileName: string;
  headers: string[];
  rowCount: number;
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  emptyLines: number;
  mixedSeparatorRows: number;
  /** Rows whose column count does not match the header. */
  formatProblems: number;
  /** The table the file name points at ('marca_PIM.csv' → 'marca'), known or not. */
  tableFromName?: string;
}

export type ParseRequest =
  | { type: 'parse'; id: number; bytes: ArrayBuffer; fileName: string }
  | { type: 'prepare'; id: number; schema: ResourceSchema; mappings: ColumnMapping[] }
  | { type: 'cells'; id: number; lines: number[] };

export type ParseResponse =
  | { type: 'parsed'; id: number; summary: ParseSummary }
  | { type: 'rows'; id: number; rows: PreparedRow[] }
  | { type: 'prepared'; id: number; total: number }
  | { type: 'cells'; id: number; cells: [number, string[]][] }
  | { type: 'error'; id: number; message: string };

/** Rows per 'rows' message: small enough that receiving one never blocks the page. */
export const CHUNK_ROWS = 2000;

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export function createParseSession(
  post: (message: ParseResponse) => void,
  options: { yieldBetweenChunks?: boolean } = {},
): (request: ParseRequest) => Promise<void> {
  let records: CsvRecord[] = [];
  let byLine = new Map<number, CsvRecord>();

  return async (request) => {
    try {
      switch (request.type) {
        case 'parse': {
          const { text, encoding } = decodeCsvBytes(request.bytes);
          const parsed = parseCsv(text);
          records = parsed.records;
          byLine = new Map(records.map((record) => [record.line, record]));
          post({
            type: 'parsed',
            id: request.id,
            summary: {
              fileName: request.fileName,
              headers: parsed.headers,
              rowCount: records.length,
              encoding,
              delimiter: parsed.delimiter,
              emptyLines: parsed.emptyLines,
              mixedSeparatorRows: parsed.mixedSeparatorRows,
              formatProblems: records.filter((record) => record.problem).length,
              tableFromName: tableFromFileName(request.fileName),
            },
          });
          return;
        }
        case 'prepare': {
          // The schema travels with the request: one registered at run time exists only on the page's side.
          const prepare = createRowPreparer(request.schema, request.mappings);
          for (let start = 0; start < records.length; start += CHUNK_ROWS) {
            const rows = records.slice(start, start + CHUNK_ROWS).map(prepare);
            post({ type: 'rows', id: request.id, rows });
            if (options.yieldBetweenChunks) await pause();
          }
          post({ type: 'prepared', id: request.id, total: records.length });
          return;
        }
        case 'cells': {
          const cells: [number, string[]][] = [];
          for (const line of request.lines) {
            const record = byLine.get(line);
            if (record) cells.push([line, record.cells]);
          }
          post({ type: 'cells', id: request.id, cells });
          return;
        }
      }
    } catch (error) {
      post({
        type: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : 'No se pudo leer el fichero',
      });
    }
  };
}
