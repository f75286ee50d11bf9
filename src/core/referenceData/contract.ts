/**
 * The reference-data endpoints (docs/requirements.md#r5-validation, #r7-api): paths, answer shapes, messages and the pure rules both the app
 * and the reference API use. Pure TypeScript (compiled into the server too).
 *
 * GET /productos/por-categoria/{tipo}/{nombre}[?empresaId=]
 *     tipo 'categoria' (a top-level category: its own products and its subcategories') or 'subcategoria';
 *     any other tipo → 400 'Tipo no válido'. Answer: ProductoEnCategoria[] sorted by nombre.
 * GET /producto-atributos/comprueba-atributos-en-productos-por-categoria/{categoriaNombre}/{atributoId}
 *     → {count, productos}: how many products of the category carry the attribute, and their names.
 * GET /producto-atributos/elimina-atributos-en-productos-por-categoria/{categoriaNombre}/{atributoId}
 *     → {count}: those attribute rows removed (spec: "a GET that removes").
 * GET /obtenerSkuPrincipales[?q=&limit=&empresaId=]
 *     → string[]: the SKUs (product names) of the company that can be a principal SKU of an assembly,
 *     substitute or spare part, containing q (case-insensitive), sorted, at most `limit` (default 50).
 */
import { splitNames } from '../nameList';
import { datePart } from '../datePart';

export const POR_CATEGORIA_PATH = 'productos/por-categoria';
export const COMPRUEBA_ATRIBUTOS_PATH = 'producto-atributos/comprueba-atributos-en-productos-por-categoria';
export const ELIMINA_ATRIBUTOS_PATH = 'producto-atributos/elimina-atributos-en-productos-por-categoria';
export const SKU_PRINCIPALES_PATH = 'obtenerSkuPrincipales';

export const TIPOS_CATEGORIA = ['categoria', 'subcategoria'] as const;
export type TipoCategoria = (typeof TIPOS_CATEGORIA)[number];
export const TIPO_NO_VALIDO = 'Tipo no válido';

export const isTipoCategoria = (value: unknown): value is TipoCategoria =>
  typeof value === 'string' && (TIPOS_CATEGORIA as readonly string[]).includes(value);

export const SKU_SUGGESTIONS_DEFAULT = 50;
export const SKU_SUGGESTIONS_MAX = 500;

export interface ProductoEnCategoria {
  id: number;
  empresaId: number | null;
  nombre: string | null;
  categorias?: string | null;
  imagen?: string | null;
  finalizado?: string | null;
}

export interface CountAnswer {
  count: number;
}

export interface CheckAnswer extends CountAnswer {
  /** The names (SKUs) of the products, sorted. */
  productos: string[];
}

/** A product's or attribute's category list ('Taladros; Sierras', 'Taladros,Sierras') → trimmed names. */
export const splitCategories = splitNames;

/** Category names compare like MySQL's default collation: case-insensitive, surrounding spaces ignored. */
export const categoryKey = (name: string): string => name.trim().toLocaleLowerCase('es');

/** Whether a category list holds any of `names`. */
export const inCategories = (list: unknown, names: ReadonlySet<string>): boolean =>
  splitCategories(list).some((name) => names.has(categoryKey(name)));

// ---- products per range → ERP (docs/requirements.md#r7-api 'PIMIntegration_ItemClubItems') ----

export const ERP_CLUB_ITEMS_ENDPOINT = 'PIMIntegration_ItemClubItems';

export interface ClubItemInsert {
  CLUB: string;
  SKU: string;
  DesdeFecha: string;
  HastaFecha: string;
  Nivel: string;
}
export interface ClubItemDelete {
  CLUB: string;
  SKU: string;
  DesdeFecha: string;
}
export type ClubItemsPayload =
  { Acction: 'INSERT'; items: ClubItemInsert[] } | { Acction: 'DELETE'; items: ClubItemDelete[] };

/** 'YYYY-MM-DD' of an ISO string or Date (the date part only, as the overlap rule); '' when unreadable. */
export const isoDay = (value: unknown): string => datePart(value) ?? '';

/** 'YYYY-MM-DD…' → 'dd/mm/yyyy' for messages. */
export const spanishDay = (value: unknown): string => {
  const day = isoDay(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
};

/** The message on the date fields when a range overlaps an existing one (client check and server 422). */
export const overlapMessage = (existing: { desdeFecha: unknown; hastaFecha: unknown }): string =>
  `El rango se solapa con otro del mismo producto y club (del ${spanishDay(existing.desdeFecha)} al ` +
  `${spanishDay(existing.hastaFecha)}).`;
