/**
 * The attributes tab's layout: the product's attribute rows grouped by attribute group (the group of their
 * Atributo), groups in the catalogue's group order, rows by ordenEnGrupo then name. Pure.
 */
import type { CatalogueAttribute, ProductAttributeRow } from './attributeSync';
import { compareSpanish } from '../../core/spanishOrder';

export interface AttributeGroupRef {
  id: number;
  nombre: string;
}

export interface AttributeGroupView {
  /** null: attributes without a (known) group, shown last as 'Sin grupo'. */
  id: number | null;
  nombre: string;
  /** Indexes into the rows array (the form paths are `atributos.{index}.valor`). */
  rows: { index: number; row: ProductAttributeRow; attribute?: CatalogueAttribute }[];
}

export const NO_GROUP = 'Sin grupo';

export const groupAttributeRows = (
  rows: readonly ProductAttributeRow[],
  catalogue: readonly CatalogueAttribute[],
  groups: readonly AttributeGroupRef[],
): AttributeGroupView[] => {
  const byId = new Map(catalogue.map((attribute) => [attribute.id, attribute]));
  const knownGroups = new Map(groups.map((group) => [group.id, group]));
  const buckets = new Map<number | null, AttributeGroupView>();
  rows.forEach((row, index) => {
    const attribute =
      row.atributoId !== undefined && row.atributoId !== null ? byId.get(row.atributoId) : undefined;
    const groupId = attribute?.grupoAtributosId ?? null;
    const group = groupId === null ? undefined : knownGroups.get(groupId);
    const key = group ? group.id : null;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { id: key, nombre: group?.nombre ?? NO_GROUP, rows: [] };
      buckets.set(key, bucket);
    }
    bucket.rows.push({ index, row, attribute });
  });
  const position = new Map(groups.map((group, i) => [group.id, i]));
  const result = [...buckets.values()].sort((a, b) => {
    if (a.id === null) return 1;
    if (b.id === null) return -1;
    return (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0);
  });
  for (const group of result) {
    group.rows.sort(
      (a, b) =>
        (a.row.ordenEnGrupo ?? Number.MAX_SAFE_INTEGER) - (b.row.ordenEnGrupo ?? Number.MAX_SAFE_INTEGER) ||
        compareSpanish(a.row.nombre, b.row.nombre),
    );
  }
  return result;
};
