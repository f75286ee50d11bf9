/**
 * The category picker of a marketplace prompt: the company's two-level tree (docs/requirements.md#r3-entities: `padre` is the parent's
 * codigo, 'master' the root) as options grouped by top category — the top category itself (its prompt applies
 * to all its subcategories, see promptForProduct) followed by its subcategories. Pure.
 */
import type { CategoriaRow } from '../../core/aiTexts/categories';
import { ROOT_CODE } from '../../core/categoryTree';
import { compareSpanish } from '../../core/spanishOrder';

export interface CategoriaOption {
  codigo: string;
  label: string;
  /** The top category's name: the group heading. */
  grupo: string;
  nivel: 'categoria' | 'subcategoria' | 'desconocida';
}

export const GRUPO_OTRAS = 'Otras subcategorías';
export const GRUPO_DESCONOCIDA = 'Valor actual (no existe)';
export const CATEGORIA_NO_EXISTE =
  'Esa categoría no existe en la empresa seleccionada. Elige una de la lista.';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isTop = (row: CategoriaRow) => !text(row.padre) || text(row.padre).toLowerCase() === ROOT_CODE;
const byName = (a: CategoriaRow, b: CategoriaRow) =>
  compareSpanish(text(a.nombre) || text(a.codigo), text(b.nombre) || text(b.codigo));
const labelOf = (row: CategoriaRow) =>
  text(row.nombre) && text(row.nombre) !== text(row.codigo)
    ? `${text(row.nombre)} (${text(row.codigo)})`
    : text(row.codigo);

/**
 * Options in display order (groups contiguous, as MUI's groupBy needs). A `current` value that is not a known
 * code (a prompt typed before the picker existed) is kept as a last option so the form shows it.
 */
export function opcionesCategoria(rows: readonly CategoriaRow[], current?: unknown): CategoriaOption[] {
  const valid = rows.filter((row) => text(row.codigo) && text(row.codigo).toLowerCase() !== ROOT_CODE);
  const tops = valid.filter(isTop).sort(byName);
  const topCodes = new Set(tops.map((row) => text(row.codigo).toLowerCase()));
  const out: CategoriaOption[] = [];
  for (const top of tops) {
    const grupo = text(top.nombre) || text(top.codigo);
    out.push({
      codigo: text(top.codigo),
      label: `${labelOf(top)} · todas sus subcategorías`,
      grupo,
      nivel: 'categoria',
    });
    for (const sub of valid
      .filter((row) => !isTop(row) && text(row.padre).toLowerCase() === text(top.codigo).toLowerCase())
      .sort(byName))
      out.push({ codigo: text(sub.codigo), label: labelOf(sub), grupo, nivel: 'subcategoria' });
  }
  for (const orphan of valid
    .filter((row) => !isTop(row) && !topCodes.has(text(row.padre).toLowerCase()))
    .sort(byName))
    out.push({
      codigo: text(orphan.codigo),
      label: labelOf(orphan),
      grupo: GRUPO_OTRAS,
      nivel: 'subcategoria',
    });
  const value = text(current);
  if (value && !out.some((option) => option.codigo.toLowerCase() === value.toLowerCase()))
    out.push({
      codigo: value,
      label: `${value} (no existe)`,
      grupo: GRUPO_DESCONOCIDA,
      nivel: 'desconocida',
    });
  return out;
}

/** Validation: the value must be one of the company's category codes (once they are loaded). */
export const categoriaValida =
  (rows: readonly CategoriaRow[] | undefined) =>
  (value: unknown): string | undefined => {
    const code = text(value).toLowerCase();
    if (!code || !rows) return undefined;
    return rows.some((row) => text(row.codigo).toLowerCase() === code) ? undefined : CATEGORIA_NO_EXISTE;
  };
