/**
 * What a product save writes, computed from the stored records and the form values. Pure.
 *
 * Attributes (docs/requirements.md#r5-validation "Product attribute values are saved only when non-empty"): rows are matched to the
 * stored ones by name (case- and space-insensitive), so a save retried after a partial failure updates what
 * the first attempt created instead of creating it twice.
 * - a stored row whose value changed to a non-empty value → update;
 * - a stored row the user emptied → not saved (`keptEmpty`, the editor says the stored value stays);
 * - a row with no stored match → created when it has a value, or when the category sync added it (created
 *   empty, docs/requirements.md#r5-validation "Attribute sync by category");
 * - a stored row no longer in the form (removed by the category sync) → deleted.
 * Icons: any difference → reset (DELETE /ProductoIconosDeleteByIdProducto/{id}) and create the list again.
 */
import { normalizeName, type ProductAttributeRow } from './attributeSync';

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || String(value).trim() === '';

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export interface AttributeUpdate {
  id: number | string;
  valor: string;
  previous: ProductAttributeRow;
}

export interface AttributeSavePlan {
  create: ProductAttributeRow[];
  update: AttributeUpdate[];
  remove: ProductAttributeRow[];
  keptEmpty: ProductAttributeRow[];
}

export const planAttributeSave = (
  stored: readonly ProductAttributeRow[],
  rows: readonly ProductAttributeRow[],
): AttributeSavePlan => {
  const unmatched = new Map<string, ProductAttributeRow[]>();
  for (const row of stored) {
    const key = normalizeName(row.nombre);
    unmatched.set(key, [...(unmatched.get(key) ?? []), row]);
  }
  const plan: AttributeSavePlan = { create: [], update: [], remove: [], keptEmpty: [] };
  for (const row of rows) {
    const key = normalizeName(row.nombre);
    const candidates = unmatched.get(key);
    const match = candidates?.shift();
    if (match && match.id !== undefined) {
      if (text(row.valor) === text(match.valor)) continue;
      if (isBlank(row.valor)) plan.keptEmpty.push(match);
      else plan.update.push({ id: match.id, valor: text(row.valor), previous: match });
      continue;
    }
    if (!isBlank(row.valor) || row.nuevo) {
      const fields: ProductAttributeRow = { ...row, valor: text(row.valor) };
      delete fields.id;
      delete fields.nuevo;
      plan.create.push(fields);
    }
  }
  for (const left of unmatched.values()) plan.remove.push(...left);
  return plan;
};

/** Names of the stored attributes with a value that a plan deletes (asked to confirm before saving). */
export const removedWithValues = (plan: AttributeSavePlan): string[] =>
  plan.remove.filter((row) => !isBlank(row.valor)).map((row) => row.nombre);

export const attributePlanIsEmpty = (plan: AttributeSavePlan): boolean =>
  !plan.create.length && !plan.update.length && !plan.remove.length;

export interface IconRow {
  idIcono?: number | string | null;
  texto?: string | null;
}

export interface IconPlan {
  reset: boolean;
  create: { idIcono: number; texto: string | null }[];
}

/** The complete icon rows (an icon chosen), each icon once, texts trimmed. */
export const cleanIcons = (rows: readonly IconRow[]): { idIcono: number; texto: string | null }[] => {
  const seen = new Set<number>();
  const result: { idIcono: number; texto: string | null }[] = [];
  for (const row of rows) {
    const id = Number(row.idIcono);
    if (isBlank(row.idIcono) || !Number.isFinite(id) || seen.has(id)) continue;
    seen.add(id);
    result.push({ idIcono: id, texto: isBlank(row.texto) ? null : text(row.texto).trim() });
  }
  return result;
};

const iconKey = (rows: readonly IconRow[]): string =>
  cleanIcons(rows)
    .map((row) => `${row.idIcono}|${row.texto ?? ''}`)
    .sort()
    .join('\n');

export const planIcons = (stored: readonly IconRow[], rows: readonly IconRow[]): IconPlan => {
  if (iconKey(stored) === iconKey(rows)) return { reset: false, create: [] };
  return { reset: true, create: cleanIcons(rows) };
};

/** The icon ids that appear more than once (the icons tab refuses to save them). */
export const duplicateIcons = (rows: readonly IconRow[]): number[] => {
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (isBlank(row.idIcono)) continue;
    const id = Number(row.idIcono);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts.entries()].filter(([, n]) => n > 1).map(([id]) => id);
};

/** Whether any of `fields` has a value (a missing catalogue record is only created then). */
export const hasAnyValue = (data: Record<string, unknown> | undefined, fields: readonly string[]): boolean =>
  !!data && fields.some((field) => !isBlank(data[field]));
