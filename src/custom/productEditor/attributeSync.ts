/**
 * Attribute sync by category (docs/requirements.md#r5-validation): the product's attributes follow the attribute list of its
 * categories. Names are compared case- and space-insensitively; product attributes not in the list are
 * deleted, missing ones are created with an empty value. Pure.
 */

/** An attribute of the catalogue (Atributo): `categorias` is a comma list of category names. */
export interface CatalogueAttribute {
  id: number;
  nombre: string;
  unidad?: string | null;
  /** The type of its values: texto, numero, sino, lista, fecha (src/core/attributeValues.ts). */
  tipo?: string | null;
  /** For tipo 'lista': its values, a comma list. */
  posiblesValores?: string | null;
  categorias?: string | null;
  grupoAtributosId?: number | null;
  valorDefecto?: string | null;
  codigo?: number | null;
}

/** A product attribute (ProductoAtributo) as the editor holds it. */
export interface ProductAttributeRow {
  id?: number | string;
  atributoId?: number | null;
  nombre: string;
  valor?: string | null;
  unidad?: string | null;
  ordenEnGrupo?: number | null;
  /** Added by a category change: created (even empty) on save. */
  nuevo?: boolean;
}

/** 'Peso  Neto ' → 'pesoneto': the comparison key of attribute (and category) names. */
export const normalizeName = (name: string | null | undefined): string =>
  (name ?? '').toLowerCase().replace(/\s+/g, '');

/** A product's categories: the '; '-joined list (commas accepted too), trimmed, without empties. */
export const splitCategories = (categorias: string | null | undefined): string[] =>
  (categorias ?? '')
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Joins names the way products store them (docs/requirements.md#r3-entities: '; '). */
export const joinCategories = (names: readonly string[]): string =>
  names
    .map((name) => name.trim())
    .filter(Boolean)
    .join('; ');

/** The catalogue attributes that apply to any of the categories (each attribute once, catalogue order). */
export const attributesForCategories = (
  catalogue: readonly CatalogueAttribute[],
  categorias: string | null | undefined,
): CatalogueAttribute[] => {
  const wanted = new Set(splitCategories(categorias).map(normalizeName));
  if (!wanted.size) return [];
  const seen = new Set<string>();
  const order = (a: CatalogueAttribute, b: CatalogueAttribute) =>
    (a.codigo ?? a.id) - (b.codigo ?? b.id) || a.id - b.id;
  return [...catalogue].sort(order).filter((attribute) => {
    const applies = (attribute.categorias ?? '')
      .split(',')
      .some((category) => wanted.has(normalizeName(category)));
    const key = normalizeName(attribute.nombre);
    if (!applies || !key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export interface AttributeSyncResult {
  /** The product's attributes after the sync: kept rows first (as they were), then the added ones. */
  rows: ProductAttributeRow[];
  added: ProductAttributeRow[];
  removed: ProductAttributeRow[];
}

/**
 * Applies the attribute list of `categorias` to the product's attribute rows. An added attribute takes its
 * stored row from `stored` when there is one with the same name (switching categories back and forth loses
 * nothing), else an empty value; its ordenEnGrupo continues the numbering of its group.
 */
export const syncAttributes = (
  current: readonly ProductAttributeRow[],
  catalogue: readonly CatalogueAttribute[],
  categorias: string | null | undefined,
  stored: readonly ProductAttributeRow[] = [],
): AttributeSyncResult => {
  const wanted = attributesForCategories(catalogue, categorias);
  const wantedKeys = new Set(wanted.map((attribute) => normalizeName(attribute.nombre)));
  const rows = current.filter((row) => wantedKeys.has(normalizeName(row.nombre)));
  const removed = current.filter((row) => !wantedKeys.has(normalizeName(row.nombre)));
  const present = new Set(rows.map((row) => normalizeName(row.nombre)));
  const byId = new Map(catalogue.map((attribute) => [attribute.id, attribute]));
  const groupOf = (row: ProductAttributeRow): number | null =>
    (row.atributoId !== undefined && row.atributoId !== null
      ? byId.get(row.atributoId)?.grupoAtributosId
      : undefined) ?? null;
  const lastInGroup = new Map<number | null, number>();
  for (const row of rows) {
    const group = groupOf(row);
    lastInGroup.set(group, Math.max(lastInGroup.get(group) ?? 0, row.ordenEnGrupo ?? 0));
  }
  const storedByName = new Map(stored.map((row) => [normalizeName(row.nombre), row]));
  const added: ProductAttributeRow[] = [];
  for (const attribute of wanted) {
    const key = normalizeName(attribute.nombre);
    if (present.has(key)) continue;
    const previous = storedByName.get(key);
    if (previous) {
      added.push({ ...previous });
      continue;
    }
    const group = attribute.grupoAtributosId ?? null;
    const orden = (lastInGroup.get(group) ?? 0) + 1;
    lastInGroup.set(group, orden);
    added.push({
      atributoId: attribute.id,
      nombre: attribute.nombre,
      unidad: attribute.unidad ?? null,
      valor: '',
      ordenEnGrupo: orden,
      nuevo: true,
    });
  }
  return { rows: [...rows, ...added], added, removed };
};
