/**
 * The state of the "Importar CSV" page as one pure reducer: the steps (table and file, columns, preview, import)
 * move it with actions; the page runs the side effects (reading the file, preparing rows, the import itself)
 * and dispatches what they give. No React here.
 */
import type { ColumnMapping } from './mapping';
import type { ParseSummary } from './parseSession';
import type { PreparedRow } from './prepare';
import type { ImportProgress, ImportReport, RejectedRow } from './runner';

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 10;

/** The prepared rows as the preview shows them: the count, the first rows, every row with problems. */
export interface Prepared {
  total: number;
  preview: PreparedRow[];
  problems: RejectedRow[];
}

export const summarise = (rows: readonly PreparedRow[]): Prepared => {
  const problems = rows
    .filter((row) => row.problems.length)
    .map((row) => ({ line: row.line, problems: row.problems }));
  return { total: rows.length, preview: rows.slice(0, PREVIEW_ROWS), problems };
};

/** The API's check of the rows under way: the first rows already checked, and how many of the rest. */
export interface Checking {
  preview: PreparedRow[];
  done: number;
  total: number;
}

export interface ImportState {
  /** The destination table (its CSV name; '' when none is chosen). */
  table: string;
  tableError: string | null;
  summary: ParseSummary | null;
  reading: boolean;
  mappings: ColumnMapping[];
  prepared: Prepared | null;
  /** Rows prepared so far while a preparation runs, else null. */
  preparing: number | null;
  /** While the API checks the rows: the first rows (checked) are shown, the count waits for the rest. */
  checking: Checking | null;
  confirming: boolean;
  progress: ImportProgress | null;
  report: ImportReport | null;
  cancelling: boolean;
  downloading: boolean;
}

export type ImportAction =
  | { type: 'tableChosen'; table: string }
  | { type: 'fileStarted' }
  /** The file was read; `table` / `tableError`: what its name says of the table, when none was chosen. */
  | { type: 'fileRead'; summary: ParseSummary; table?: string; tableError?: string }
  | { type: 'fileFailed' }
  /** Columns mapped automatically for a new file or table: the previous preview is dropped. */
  | { type: 'columnsMapped'; mappings: ColumnMapping[] }
  /** One column mapped by hand: the preview stays until the new one is ready. */
  | { type: 'mappingChanged'; mappings: ColumnMapping[] }
  | { type: 'preparing'; count: number }
  /** The first rows are checked (`preview`), the others are being checked: `done` of `total`. */
  | { type: 'checking'; done: number; total: number; preview?: PreparedRow[] }
  | { type: 'prepared'; prepared: Prepared }
  | { type: 'prepareFailed'; message: string }
  | { type: 'prepareEnded' }
  | { type: 'confirmAsked' }
  | { type: 'confirmClosed' }
  | { type: 'importStarted'; total: number }
  | { type: 'progressed'; progress: ImportProgress | null }
  | { type: 'importFinished'; report: ImportReport }
  | { type: 'importFailed' }
  | { type: 'cancelAsked' }
  | { type: 'downloadStarted' }
  | { type: 'downloadEnded' }
  | { type: 'restarted' };

/** The page as it opens: the table of `?tabla=` when it names one, or its error. */
export const initialImportState = (
  requested: { table: string } | { error: string } | undefined,
): ImportState => ({
  table: requested && 'table' in requested ? requested.table : '',
  tableError: requested && 'error' in requested ? requested.error : null,
  summary: null,
  reading: false,
  mappings: [],
  prepared: null,
  preparing: null,
  checking: null,
  confirming: false,
  progress: null,
  report: null,
  cancelling: false,
  downloading: false,
});

/** The progress an import starts with: nothing done yet. */
export const startingProgress = (total: number): ImportProgress => ({
  total,
  done: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  elapsedMs: 0,
  rate: 0,
  remainingMs: null,
});

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'tableChosen':
      return { ...state, table: action.table, tableError: null, report: null };
    case 'fileStarted':
      return {
        ...state,
        summary: null,
        prepared: null,
        checking: null,
        report: null,
        progress: null,
        reading: true,
      };
    case 'fileRead': {
      const next: ImportState = { ...state, summary: action.summary, reading: false };
      if (action.table !== undefined) return { ...next, table: action.table, tableError: null };
      if (action.tableError !== undefined) return { ...next, tableError: action.tableError };
      return next;
    }
    case 'fileFailed':
      return { ...state, reading: false };
    case 'columnsMapped':
      return { ...state, mappings: action.mappings, prepared: null, checking: null };
    case 'mappingChanged':
      return { ...state, mappings: action.mappings };
    case 'preparing':
      return { ...state, preparing: action.count, checking: null };
    case 'checking': {
      const preview = action.preview ?? state.checking?.preview;
      if (!preview) return state;
      return {
        ...state,
        preparing: null,
        prepared: null,
        checking: { preview, done: action.done, total: action.total },
      };
    }
    case 'prepared':
      return { ...state, prepared: action.prepared, checking: null };
    case 'prepareFailed':
      return { ...state, tableError: action.message };
    case 'prepareEnded':
      return { ...state, preparing: null, checking: null };
    case 'confirmAsked':
      return { ...state, confirming: true };
    case 'confirmClosed':
      return { ...state, confirming: false };
    case 'importStarted':
      return {
        ...state,
        confirming: false,
        cancelling: false,
        report: null,
        progress: startingProgress(action.total),
      };
    case 'progressed':
      return { ...state, progress: action.progress };
    case 'importFinished':
      return { ...state, progress: action.report, report: action.report };
    case 'importFailed':
      return { ...state, progress: null };
    case 'cancelAsked':
      return { ...state, cancelling: true };
    case 'downloadStarted':
      return { ...state, downloading: true };
    case 'downloadEnded':
      return { ...state, downloading: false };
    case 'restarted':
      return {
        ...state,
        summary: null,
        mappings: [],
        prepared: null,
        checking: null,
        progress: null,
        report: null,
      };
  }
}

/** An import is running: it has started and has no report yet. */
export const isRunning = (state: ImportState): boolean => state.progress !== null && state.report === null;

/** Prepared rows without problems: the rows the import will send. */
export const validRows = (state: ImportState): number =>
  state.prepared ? state.prepared.total - state.prepared.problems.length : 0;
