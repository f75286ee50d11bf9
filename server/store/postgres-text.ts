/**
 * `like` on PostgreSQL compares as MySQL's default collation does — case- and accent-insensitive — with
 * `ILIKE` on `unaccent()` of both sides. `unaccent()` itself is only STABLE (it reads its dictionary by
 * name), so no index may be built on it: `pim_unaccent(text)` is the same C function declared IMMUTABLE
 * (the usual way to index unaccented text), made once per database. Where C functions cannot be made (a
 * PostgreSQL server without superuser rights) it is an SQL function calling `unaccent()`, slower but the same.
 * With pg_trgm, `like '%…%'` on a searched column then uses the column's trigram index (postgres-indexes.ts).
 */

/** The expression `like` compares on a column (escaped name), and the one its trigram index is built on. */
export const LIKE_SUBJECT = (column: string): string => `pim_unaccent((${column})::text)`;
/** The expression a `like` pattern (a bound parameter) is compared as. */
export const LIKE_PATTERN = 'pim_unaccent(?)';
/** A pattern folded as search text columns are stored (store/search-text.ts): lower case, no accents. */
export const FOLDED_PATTERN = 'lower(pim_unaccent(?))';
/** Text folded as FOLDED_PATTERN folds a pattern. */
export const FOLDED = (sql: string): string => `lower(pim_unaccent(${sql}))`;

const EXISTS = "SELECT 1 AS found FROM pg_proc WHERE proname = 'pim_unaccent'";
const AS_C =
  "CREATE FUNCTION pim_unaccent(text) RETURNS text AS '$libdir/unaccent', 'unaccent_dict' " +
  'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE';
const AS_SQL =
  'CREATE FUNCTION pim_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ' +
  'AS $$ SELECT unaccent($1) $$';

type Execute = (sql: string) => Promise<unknown>;

/**
 * Makes `pim_unaccent` (and pg_trgm, if it can) in the database; answers whether trigram indexes can be
 * made. Run after `unaccent` exists.
 */
export async function prepareTextSearch(execute: Execute): Promise<boolean> {
  const found = (await execute(EXISTS)) as unknown[];
  if (!found.length) {
    try {
      await execute(AS_C);
    } catch {
      await execute(AS_SQL);
    }
  }
  try {
    // unaccent reads its dictionary on every call: far costlier than the planner's default for a function, so
    // that a search prefers the trigram indexes to running it on every row (existing databases included)
    await execute('ALTER FUNCTION pim_unaccent(text) COST 100');
  } catch {
    // not the function's owner: the planner's default cost stays
  }
  try {
    await execute('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    return true;
  } catch {
    return false;
  }
}
