/**
 * The shopping-feed spreadsheet (docs/requirements.md#r7-api GET /generarExcelShoppingfeed): one row per product of the selected
 * company. Pure: read by the reference API's exceljs writer and by the tests.
 */
import { neutraliseFormula } from '../formula';

export interface FeedColumn {
  key: string;
  header: string;
  width: number;
}

export const FEED_COLUMNS: readonly FeedColumn[] = [
  { key: 'sku', header: 'SKU', width: 22 },
  { key: 'titulo', header: 'Título', width: 40 },
  { key: 'descripcion', header: 'Descripción', width: 60 },
  { key: 'marca', header: 'Marca', width: 18 },
  { key: 'ean', header: 'EAN', width: 16 },
  { key: 'categorias', header: 'Categorías', width: 30 },
  { key: 'imagen', header: 'Imagen', width: 50 },
  { key: 'precio', header: 'Precio', width: 12 },
];

export const FEED_SHEET = 'Shopping feed';

type Source = Record<string, unknown>;

/** Text cells that a spreadsheet could run as a formula get a leading apostrophe (the CSV export's rule). */
export const safeText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  return neutraliseFormula(String(value));
};

/** One product (+ its first general record and catalogue data) → one feed row. */
export function feedRow(
  product: Source,
  general: Source = {},
  catalogue: Source = {},
): Record<string, string | number | null> {
  const price = Number(catalogue.precioFabrica);
  return {
    sku: safeText(product.nombre),
    titulo: safeText(general.titulo),
    descripcion: safeText(general.descripcion),
    marca: safeText(general.marca),
    ean: safeText(general.ean),
    categorias: safeText(product.categorias),
    imagen: safeText(product.imagen),
    precio:
      catalogue.precioFabrica === null || catalogue.precioFabrica === undefined || !Number.isFinite(price)
        ? null
        : price,
  };
}

/** `shoppingfeed_{empresa}_{YYYY-MM-DD}.xlsx` */
export function feedFileName(empresaId: number, day: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `shoppingfeed_${empresaId}_${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.xlsx`;
}
