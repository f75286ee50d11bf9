/**
 * The product list's one search box (SKU, title, EAN and brand) and its category filter, as the API serves them
 * (server/features/product-search.ts) — the rules both sides share. Pure.
 *
 * - `buscar`: a text of at most SEARCH_MAX_LENGTH characters, matched as a part of the product's `nombre`
 *   (SKU) or of its general data's `titulo`, `ean` or `marca`, case- and accent-insensitively (MySQL's default
 *   collation; `unaccent … ILIKE` on PostgreSQL); `%`, `_` and `\` in the text are literal.
 * - `categoria`: a category id; products whose `categorias` ('; '-joined names) name it or one of its
 *   subcategories (src/core/categoryTree.ts).
 */
import { ROOT_CODE, type CategoryRow } from './categoryTree';
import { escapeLike } from './likePatterns';

export const SEARCH_FILTER = 'buscar';
export const CATEGORY_FILTER = 'categoria';
export const SEARCH_MAX_LENGTH = 100;
/** What the search box and the API say of a longer text. */
export const SEARCH_LIMIT = `La búsqueda admite como mucho ${SEARCH_MAX_LENGTH} caracteres`;
/** The general data's columns the search reads (besides the product's `nombre`). */
export const SEARCHED_GENERAL_FIELDS = ['titulo', 'ean', 'marca'] as const;
/** The server-internal column holding the searched texts of a product, folded (productos' `searchText`). */
export const SEARCH_TEXT_COLUMN = 'busqueda';
/** The separator of the product's `categorias` (docs/requirements.md#r3-entities). */
export const CATEGORY_SEPARATOR = '; ';

export type SearchTerm = { ok: true; term: string } | { ok: false; message: string };

/** The search text, trimmed; a clear refusal for what is no text or too long. */
export function searchTerm(value: unknown): SearchTerm {
  if (typeof value !== 'string' && typeof value !== 'number')
    return { ok: false, message: 'La búsqueda debe ser un texto.' };
  const term = String(value).trim();
  if ([...term].length > SEARCH_MAX_LENGTH)
    return {
      ok: false,
      message: `${SEARCH_LIMIT} (recibidos ${[...term].length}).`,
    };
  return { ok: true, term };
}

/** The LIKE patterns under which a '; '-joined list holds `name` as one whole entry. */
export function listEntryPatterns(name: string): string[] {
  const n = escapeLike(name);
  const s = CATEGORY_SEPARATOR;
  return [n, `${n}${s}%`, `%${s}${n}`, `%${s}${n}${s}%`];
}

/** Lower case without accents: how the databases compare (MySQL's default collation). */
export const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a product matches the search (the rule the SQL condition states), for stores without SQL. */
export function matchesSearch(
  product: { nombre?: unknown },
  general: Partial<Record<(typeof SEARCHED_GENERAL_FIELDS)[number], unknown>> | undefined,
  term: string,
): boolean {
  const wanted = fold(term);
  const values = [product.nombre, ...SEARCHED_GENERAL_FIELDS.map((field) => general?.[field])];
  return values.some((value) => value != null && fold(String(value)).includes(wanted));
}

/** The names of category `id` and of its subcategories, among the rows of its company; [] when unknown. */
export function categoryAndDescendants<C extends CategoryRow>(
  rows: readonly C[],
  id: number | string,
): string[] {
  const chosen = rows.find((row) => String(row.id) === String(id));
  if (!chosen || chosen.codigo === ROOT_CODE) return [];
  const sameCompany = rows.filter((row) => (row.empresaId ?? null) === (chosen.empresaId ?? null));
  const names = new Set<string>([chosen.nombre]);
  let level = [chosen.codigo];
  // The tree is two levels deep; walking down until no new codes also covers rows placed deeper.
  const seen = new Set(level);
  while (level.length) {
    const children = sameCompany.filter((row) => row.padre != null && level.includes(row.padre));
    level = [];
    for (const child of children) {
      names.add(child.nombre);
      if (!seen.has(child.codigo)) {
        seen.add(child.codigo);
        level.push(child.codigo);
      }
    }
  }
  return [...names];
}

/** Whether a product's '; '-joined `categorias` names one of `names` (case- and accent-insensitive). */
export function inCategories(categorias: unknown, names: readonly string[]): boolean {
  if (typeof categorias !== 'string' || !categorias) return false;
  const entries = new Set(categorias.split(CATEGORY_SEPARATOR).map((entry) => fold(entry.trim())));
  return names.some((name) => entries.has(fold(name)));
}
