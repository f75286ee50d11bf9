/**
 * Counts of rows kept between requests on the embedded database, which one API process owns (its data folder
 * is locked): a list asks for the same count page after page, and counting a company's 100,000 products reads
 * 100,000 index entries each time. A count is answered from here until a statement that may change it runs:
 *
 * - a count of one table on plain conditions (`"empresaid"=$1 AND "finalizado"=$2`: quoted columns,
 *   parameters, comparisons) is dropped by an INSERT into that table and by an UPDATE of that table that sets
 *   one of the columns its conditions name: a save that changes a product's name leaves the company's product
 *   count alone;
 * - every other count (subqueries, functions, a column the database's own triggers write) by any write;
 * - every count by any other statement that is not a plain SELECT (DELETE, a locking SELECT, a write in a WITH, a
 *   schema change).
 *
 * A count is kept only when no write was under way from the moment it was sent until its answer came back, so
 * it never holds a figure older than a write the API has started. Counts inside a transaction are neither kept
 * nor answered from here (they see its writes); one outside waits for the transaction under way (the embedded
 * database serves one transaction at a time), so it never reads rows another transaction has not committed.
 * Not for databases other processes write to (MySQL, a PostgreSQL server): they would not drop the counts.
 */

import { onlyReads } from './statement-kind';

/** LoopBack's count statement (loopback-connector's SQLConnector.count). */
const COUNT = /^SELECT count\(\*\) as "cnt" FROM /;
/** Kept counts; past this many they are dropped and kept anew. */
const MAX_KEPT = 1000;

/** A count of one table, with its conditions (loopback-connector's SQL: quoted names, `$n` parameters). */
const TABLE_COUNT = /^SELECT count\(\*\) as "cnt" FROM (?:"[^"]+"\.)?"([^"]+)"(?: WHERE ([\s\S]*))?$/;
/** What plain conditions are made of: quoted columns, parameters, comparisons, AND/OR/NOT, IS NULL, IN (…). */
const PLAIN_CONDITION = /"[^"]+"|\$\d+|\b(?:AND|OR|NOT|IS|NULL|IN)\b|[()=<>!,\s]/g;
const QUOTED = /"([^"]+)"/g;
const INSERT = /^INSERT INTO (?:"[^"]+"\.)?"([^"]+)"/;
const UPDATE = /^UPDATE (?:"[^"]+"\.)?"([^"]+)" SET ([\s\S]*?)(?: WHERE [\s\S]*)?$/;
/** One assignment of an UPDATE's SET: a parameter (with a cast), or juggler's CASE by id of a bulk update. */
const ASSIGNMENT =
  /^\s*"([^"]+)"\s*=\s*(?:\$\d+(?:::[A-Z ]+)?|CASE "[^"]+"(?: WHEN \$\d+ THEN \$\d+(?:::[A-Z ]+)?)+ END)\s*$/;

/** What a kept count reads: its table and the columns its conditions name (undefined: it may read anything). */
type Reads = { table: string; columns: ReadonlySet<string> } | undefined;
/** What a write may change: the rows of a table (an INSERT), some of their columns (an UPDATE), or anything. */
type Changes = { table: string; columns?: ReadonlySet<string> } | 'anything';

interface Kept {
  result: unknown;
  reads: Reads;
}

export class CountCache {
  private readonly kept = new Map<string, Kept>();
  /** Columns the database's triggers write (the search text): a count naming one may change with any write. */
  private readonly derived = new Set<string>();
  /** Moves at every write sent and answered. */
  private generation = 0;
  private writing = 0;

  /** The kept answer to a count statement, if any. */
  lookup(sql: string, params: readonly unknown[]): unknown {
    return COUNT.test(sql) ? this.kept.get(keyOf(sql, params))?.result : undefined;
  }

  /** Declares a column the database writes by itself (a trigger), on whatever table. */
  derivedColumn(column: string): void {
    this.derived.add(column);
    this.drop('anything');
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
    if (!onlyReads(sql)) {
      const changes = changesOf(sql);
      this.writing++;
      this.drop(changes);
      return () => {
        this.writing--;
        this.drop(changes);
      };
    }
    if (inTransaction || !COUNT.test(sql) || this.writing > 0) return () => undefined;
    const at = this.generation;
    return (ok, result) => {
      if (!ok || at !== this.generation || this.writing > 0) return;
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(keyOf(sql, params), { result, reads: this.readsOf(sql) });
    };
  }

  private readsOf(sql: string): Reads {
    const [, table, condition = ''] = TABLE_COUNT.exec(sql) ?? [];
    if (!table || condition.replace(PLAIN_CONDITION, '') !== '') return undefined;
    const columns = new Set([...condition.matchAll(QUOTED)].map((m) => m[1]));
    return [...columns].some((c) => this.derived.has(c)) ? undefined : { table, columns };
  }

  private drop(changes: Changes): void {
    this.generation++;
    if (changes === 'anything') return this.kept.clear();
    for (const [key, { reads }] of this.kept) {
      if (mayChange(changes, reads)) this.kept.delete(key);
    }
  }
}

/** What a statement that is not a plain SELECT may change. */
function changesOf(sql: string): Changes {
  const inserted = INSERT.exec(sql);
  if (inserted) return { table: inserted[1] };
  const updated = UPDATE.exec(sql);
  if (!updated) return 'anything';
  const columns = new Set<string>();
  for (const assignment of updated[2].split(',')) {
    const column = ASSIGNMENT.exec(assignment)?.[1];
    if (!column) return 'anything';
    columns.add(column);
  }
  return { table: updated[1], columns };
}

const mayChange = (changes: Exclude<Changes, 'anything'>, reads: Reads): boolean =>
  !reads ||
  (reads.table === changes.table &&
    (!changes.columns || [...changes.columns].some((column) => reads.columns.has(column))));

const keyOf = (sql: string, params: readonly unknown[]): string => `${sql}\u0000${JSON.stringify(params)}`;
