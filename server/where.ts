/**
 * Rewrites `where` clauses before they reach the connector: conditions on write-only fields (password) are
 * dropped so their values cannot be probed through filters. Text matching (`like`, case- and
 * accent-insensitive as MySQL's default collation) is the database's: see store/postgres-connector.ts.
 */
type Clause = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Clause =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof RegExp) &&
  !(value instanceof Date);

export interface WhereRewriteOptions {
  /** Properties whose conditions are dropped. */
  hidden: ReadonlySet<string>;
}

export function rewriteWhere<W>(where: W, options: WhereRewriteOptions): W {
  if (!isPlainObject(where)) return where;
  const out: Clause = {};
  for (const [key, condition] of Object.entries(where)) {
    if (key === 'and' || key === 'or' || key === 'nor') {
      out[key] = Array.isArray(condition)
        ? condition.map((c: unknown) => rewriteWhere(c, options))
        : condition;
      continue;
    }
    if (options.hidden.has(key)) continue;
    out[key] = condition;
  }
  return out as W;
}
