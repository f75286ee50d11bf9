/**
 * The category tree of a company (docs/requirements.md#r2-screens, #r3-entities, #r9-constants): the root has codigo 'master'; top-level categories hang
 * from it (padre 'master') and subcategories from a top-level category (padre = its codigo). Two levels only.
 * Pure: used by the tree screen and by the reference API's write rule.
 */
import { compareSpanishLoosely } from './spanishOrder';

export const ROOT_CODE = 'master';

export interface CategoryRow {
  id?: number | string;
  empresaId?: number | null;
  codigo: string;
  padre?: string | null;
  nombre: string;
}

export interface CategoryNode<C extends CategoryRow = CategoryRow> {
  category: C;
  children: C[];
}

export interface CategoryTree<C extends CategoryRow = CategoryRow> {
  /** The 'master' row, if the company has one. */
  root?: C;
  /** Top-level categories (padre 'master') with their subcategories, both sorted by nombre. */
  tops: CategoryNode<C>[];
  /** Rows whose padre is neither master nor a top-level category (shown apart so they can be moved). */
  orphans: C[];
}

const byName = <C extends CategoryRow>(a: C, b: C): number => compareSpanishLoosely(a.nombre, b.nombre);

export const isRoot = (row: Pick<CategoryRow, 'codigo'>): boolean => row.codigo === ROOT_CODE;

export function buildTree<C extends CategoryRow>(rows: readonly C[]): CategoryTree<C> {
  const root = rows.find(isRoot);
  const tops = rows.filter((row) => !isRoot(row) && row.padre === ROOT_CODE).sort(byName);
  const topCodes = new Set(tops.map((top) => top.codigo));
  const orphans = rows
    .filter((row) => !isRoot(row) && row.padre !== ROOT_CODE && !topCodes.has(String(row.padre)))
    .sort(byName);
  return {
    root,
    tops: tops.map((top) => ({
      category: top,
      children: rows.filter((row) => !isRoot(row) && row.padre === top.codigo).sort(byName),
    })),
    orphans,
  };
}

export const CATEGORY_MESSAGES = {
  missingParent: 'Indique la categoría padre (master o una categoría principal).',
  ownParent: 'Una categoría no puede colgar de sí misma.',
  unknownParent: (padre: string) => `La categoría padre «${padre}» no existe.`,
  tooDeep: 'Solo hay dos niveles: la categoría padre debe ser master o una categoría principal.',
  hasChildren: 'Una categoría con subcategorías solo puede colgar de master.',
  codeWithChildren: 'No se puede cambiar el código de una categoría que tiene subcategorías.',
  rootFixed: 'La categoría raíz master no se puede mover ni cambiar de código.',
} as const;

export interface PlacementError {
  field: 'padre' | 'codigo';
  message: string;
}

/**
 * Why `candidate` cannot be stored as it is among the company's `rows` (the stored version of the same
 * category, if any, is found by id), or undefined when it fits the two-level tree. `allowUnknownParent`: a
 * parent code that does not exist (yet) is accepted (the API, for imports in any order).
 */
export function placementError(
  candidate: CategoryRow,
  rows: readonly CategoryRow[],
  options: { allowUnknownParent?: boolean } = {},
): PlacementError | undefined {
  const stored =
    candidate.id === undefined ? undefined : rows.find((row) => String(row.id) === String(candidate.id));
  if (!stored && isRoot(candidate)) {
    return (candidate.padre ?? '') === ''
      ? undefined
      : { field: 'padre', message: CATEGORY_MESSAGES.rootFixed };
  }
  if (stored && isRoot(stored)) {
    return candidate.codigo !== ROOT_CODE || (candidate.padre ?? null) !== (stored.padre ?? null)
      ? { field: 'codigo', message: CATEGORY_MESSAGES.rootFixed }
      : undefined;
  }
  const others = rows.filter((row) => stored === undefined || String(row.id) !== String(stored.id));
  const ownCodes = new Set([candidate.codigo, stored?.codigo].filter((code): code is string => !!code));
  const children = others.filter((row) => row.padre !== undefined && ownCodes.has(String(row.padre)));
  if (stored && stored.codigo !== candidate.codigo && children.some((row) => row.padre === stored.codigo)) {
    return { field: 'codigo', message: CATEGORY_MESSAGES.codeWithChildren };
  }
  const padre = (candidate.padre ?? '').trim();
  if (!padre) return { field: 'padre', message: CATEGORY_MESSAGES.missingParent };
  if (padre === candidate.codigo) return { field: 'padre', message: CATEGORY_MESSAGES.ownParent };
  if (padre === ROOT_CODE) return undefined;
  const parent = others.find((row) => row.codigo === padre);
  if (!parent) {
    // An import may bring a subcategory before its parent: it shows under "sin ubicar" until then.
    return options.allowUnknownParent
      ? undefined
      : { field: 'padre', message: CATEGORY_MESSAGES.unknownParent(padre) };
  }
  if (parent.padre !== ROOT_CODE) return { field: 'padre', message: CATEGORY_MESSAGES.tooDeep };
  if (children.length) return { field: 'padre', message: CATEGORY_MESSAGES.hasChildren };
  return undefined;
}
