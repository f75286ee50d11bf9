/**
 * Rewrites `where` clauses for the embedded store so text matching answers like MySQL's default
 * (case-insensitive) collation: `like`/`nlike` become anchored, case-insensitive patterns that never match
 * NULL (as in SQL). juggler's memory connector instead treats `like` as a case-sensitive, unanchored regex
 * and does not escape `?`, `+`... in the pattern. Conditions on write-only fields (password) are dropped so
 * their values cannot be probed through filters.
 */
type Clause = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Clause =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof RegExp) &&
  !(value instanceof Date);

/** A SQL LIKE pattern (`%`, `_`, `\` escapes) as an anchored, case-insensitive RegExp. */
export function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\' && i + 1 < pattern.length) {
      i++;
      source += escapeRegExp(pattern[i]);
    } else if (char === '%') {
      source += '[\\s\\S]*';
    } else if (char === '_') {
      source += '[\\s\\S]';
    } else {
      source += escapeRegExp(char);
    }
  }
  return new RegExp(`^${source}$`, 'i');
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface WhereRewriteOptions {
  /** Rewrite like/nlike (embedded store only). */
  caseInsensitiveLike: boolean;
  /** Properties whose conditions are dropped. */
  hidden: ReadonlySet<string>;
}

export function rewriteWhere<W>(where: W, options: WhereRewriteOptions): W {
  if (!isPlainObject(where)) return where;
  const out: Clause = {};
  const extra: Clause[] = [];
  for (const [key, condition] of Object.entries(where)) {
    if (key === 'and' || key === 'or' || key === 'nor') {
      out[key] = Array.isArray(condition)
        ? condition.map((c: unknown) => rewriteWhere(c, options))
        : condition;
      continue;
    }
    if (options.hidden.has(key)) continue;
    if (options.caseInsensitiveLike && isPlainObject(condition)) {
      const like = condition.like;
      const nlike = condition.nlike;
      if (typeof like === 'string') {
        extra.push({ [key]: { neq: null } }, { [key]: { ilike: likeToRegExp(like) } });
        continue;
      }
      if (typeof nlike === 'string') {
        extra.push({ [key]: { neq: null } }, { [key]: { nilike: likeToRegExp(nlike) } });
        continue;
      }
    }
    out[key] = condition;
  }
  if (extra.length) {
    const existing = Array.isArray(out.and) ? (out.and as unknown[]) : [];
    out.and = [...existing, ...extra];
  }
  return out as W;
}
