/** What kind of statement a SQL text is, as the store's wrappers tell them apart (time limit, kept counts). */

/** A read: a SELECT, or a UNION of parenthesised SELECTs (its first word, for a hint placed after it). */
export const READ_STATEMENT = /^\s*\(?\s*SELECT\b/i;

/** A read that takes row locks (SELECT … FOR UPDATE claims rows): it is part of a write. */
const ROW_LOCKS = /\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE)\b/i;

/** A statement that only reads: a SELECT (or a union of them) without row locks. */
export const onlyReads = (sql: string): boolean => READ_STATEMENT.test(sql) && !ROW_LOCKS.test(sql);
