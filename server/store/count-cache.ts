/**
 * Counts of rows kept between requests on the embedded database, which one API process owns (its data folder
 * is locked): a list asks for the same count page after page, and counting a company's 100,000 products reads
 * 100,000 index entries each time. A count is answered from here until any statement that may write runs:
 * every statement but a plain SELECT drops every kept count. A count is kept only when no write was under way
 * from the moment it was sent until its answer came back, so it never holds a figure older than a write the
 * API has started. Counts inside a transaction are neither kept nor answered from here (they see its writes).
 * Not for databases other processes write to (MySQL, a PostgreSQL server): they would not drop the counts.
 */

/** LoopBack's count statement (loopback-connector's SQLConnector.count). */
const COUNT = /^SELECT count\(\*\) as "cnt" FROM /;
/** A statement that only reads: a SELECT without row locks (SELECT … FOR UPDATE claims rows). */
const READ_ONLY = /^\s*SELECT\b(?![\s\S]*\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE)\b)/i;
/** Kept counts; past this many they are dropped and kept anew. */
const MAX_KEPT = 1000;

export class CountCache {
  private readonly kept = new Map<string, unknown>();
  /** Moves at every write sent and answered. */
  private generation = 0;
  private writing = 0;

  /** The kept answer to a count statement, if any. */
  lookup(sql: string, params: readonly unknown[]): unknown {
    return COUNT.test(sql) ? this.kept.get(keyOf(sql, params)) : undefined;
  }

  /**
   * Call before sending a statement: answers what to call with its result (it keeps a count, or notes the end
   * of a write).
   */
  sending(
    sql: string,
    params: readonly unknown[],
    inTransaction = false,
  ): (ok: boolean, result?: unknown) => void {
    if (!READ_ONLY.test(sql)) {
      this.writing++;
      this.drop();
      return () => {
        this.writing--;
        this.drop();
      };
    }
    if (inTransaction || !COUNT.test(sql) || this.writing > 0) return () => undefined;
    const at = this.generation;
    return (ok, result) => {
      if (!ok || at !== this.generation || this.writing > 0) return;
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(keyOf(sql, params), result);
    };
  }

  private drop(): void {
    this.generation++;
    this.kept.clear();
  }
}

const keyOf = (sql: string, params: readonly unknown[]): string => `${sql}\u0000${JSON.stringify(params)}`;
