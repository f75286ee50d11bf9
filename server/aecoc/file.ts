/**
 * The AECOC file: the company's products with enviarAecoc = 'S' and their general data (GTIN, description,
 * brand, GLN…), one semicolon-separated line each with a header, UTF-8. Pure.
 */
export const AECOC_COLUMNS = [
  'SKU',
  'GTIN',
  'GLN',
  'Descripcion',
  'DescripcionAecoc',
  'Marca',
  'Categorias',
  'EstadoReferencia',
  'Mercados',
] as const;

type Source = Record<string, unknown>;

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : String(value)
        .replace(/[\r\n;]+/g, ' ')
        .trim();

export function aecocLine(product: Source, general: Source = {}): string {
  return [
    product.nombre,
    general.ean,
    general.GLN,
    general.titulo,
    general.descripcionAecoc,
    general.marca,
    product.categorias,
    general.estadoReferencia,
    general.mercados ?? '724',
  ]
    .map(cell)
    .join(';');
}

export function aecocFile(rows: readonly { product: Source; general?: Source }[]): string {
  return [AECOC_COLUMNS.join(';'), ...rows.map((r) => aecocLine(r.product, r.general))].join('\r\n') + '\r\n';
}

/**
 * `AECOC_{empresa}_{YYYYMMDDHHmmssSSS}.csv` (UTC, so names sort in time order; milliseconds so two sends in
 * the same second never share a name, a local copy or their log rows).
 */
export function aecocFileName(empresaId: number, at: Date = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:T.]/g, '')
    .slice(0, 17);
  return `AECOC_${empresaId}_${stamp}.csv`;
}
