/**
 * Which categories a product belongs to and which prompt applies to it (shared by the app and the reference
 * API). A product's `categorias` lists subcategory names or codes separated by ';' (or ','); a prompt's
 * `categoriaCodigo` is usually the parent (top) category code. Pure.
 */
import { ROOT_CODE } from '../categoryTree';
import { splitNames } from '../nameList';

export interface CategoriaRow {
  codigo?: string | null;
  nombre?: string | null;
  padre?: string | null;
  empresaId?: number | null;
}

/** A product's category list → trimmed names (the one list splitter of the schema language). */
export const splitCategorias = splitNames;

const norm = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * Every code and name a product's categories stand for, lower-cased: each listed category, the codes and
 * names of the matching category rows, and their parents (code and name).
 */
export function categoryKeys(
  categorias: unknown,
  rows: readonly CategoriaRow[],
  empresaId?: number | null,
): Set<string> {
  const keys = new Set<string>();
  const own = rows.filter((row) => empresaId == null || row.empresaId == null || row.empresaId === empresaId);
  for (const listed of splitCategorias(categorias)) {
    const key = norm(listed);
    keys.add(key);
    for (const row of own) {
      if (norm(row.codigo) !== key && norm(row.nombre) !== key) continue;
      if (row.codigo) keys.add(norm(row.codigo));
      if (row.nombre) keys.add(norm(row.nombre));
      if (row.padre && norm(row.padre) !== ROOT_CODE) {
        keys.add(norm(row.padre));
        const parent = own.find((candidate) => norm(candidate.codigo) === norm(row.padre));
        if (parent?.nombre) keys.add(norm(parent.nombre));
      }
    }
  }
  return keys;
}

/** The subcategory keys only (the listed categories and their own codes/names, no parents). */
export function subcategoryKeys(
  categorias: unknown,
  rows: readonly CategoriaRow[],
  empresaId?: number | null,
): Set<string> {
  const keys = new Set<string>();
  for (const listed of splitCategorias(categorias)) {
    const key = norm(listed);
    keys.add(key);
    for (const row of rows) {
      if (empresaId != null && row.empresaId != null && row.empresaId !== empresaId) continue;
      if (norm(row.codigo) === key || norm(row.nombre) === key) {
        if (row.codigo) keys.add(norm(row.codigo));
        if (row.nombre) keys.add(norm(row.nombre));
      }
    }
  }
  return keys;
}

/** Whether `filter` (a code or name, case-insensitive; empty means no filter) is among `keys`. */
export const matchesCategory = (keys: ReadonlySet<string>, filter: unknown): boolean =>
  !norm(filter) || keys.has(norm(filter));

export interface PromptRow {
  id: number;
  marketplaceId: number;
  categoriaCodigo?: string | null;
}

/** The prompt of `marketplaceId` whose category is among the product's keys (first by id), if any. */
export function promptForProduct<P extends PromptRow>(
  keys: ReadonlySet<string>,
  prompts: readonly P[],
  marketplaceId: number,
): P | undefined {
  return [...prompts]
    .filter((prompt) => prompt.marketplaceId === marketplaceId && keys.has(norm(prompt.categoriaCodigo)))
    .sort((a, b) => a.id - b.id)[0];
}
