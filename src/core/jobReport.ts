/**
 * The report of a long write job (a CSV import, a mass edit): counts, timing and the rows refused with their
 * reasons. One shape, so the app shows every job's progress and report the same way.
 */

/** Why a row was refused. */
export interface RowProblem {
  /** The file's column, or what names the row ('' when the whole row is concerned). */
  column: string;
  reason: string;
}

export interface RejectedRow {
  line: number;
  problems: RowProblem[];
  /** Not sent because the job was cancelled (not an error in the row). */
  cancelled?: boolean;
}

export interface ImportProgress {
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  elapsedMs: number;
  /** Rows per second so far. */
  rate: number;
  /** Estimated time left, null until something is done. */
  remainingMs: number | null;
}

export interface ImportReport extends ImportProgress {
  table: string;
  rejectedRows: RejectedRow[];
  /** Rows not sent because the job was cancelled. */
  notProcessed: number;
  cancelled: boolean;
  /** producto_general rows created for products that had none. */
  generalsCreated: number;
  /** Things done only partly (e.g. a product created without its producto_general), one sentence each. */
  notes: string[];
}
