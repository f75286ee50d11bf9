/**
 * The review state of AI-generated marketplace texts — one rule for the product list, the review screens and the
 * API: all reviewed → 'Revisado', none → 'No revisado', some → 'Revisado parcial'; no texts → 'Sin textos'.
 * A product's status in the list adds 'No incluido' (not active in any marketplace) and 'Pendiente' (active,
 * no texts yet). Pure.
 */

/** Review state of a set of texts (a product, or a product in one marketplace). */
export type EstadoRevision = 'Sin textos' | 'Revisado' | 'No revisado' | 'Revisado parcial';

export const ESTADOS_REVISION: readonly EstadoRevision[] = ['Revisado', 'Revisado parcial', 'No revisado'];

/** From counts (rows of obtenerRegistrosVistaMarketPlaceProductoGeneral). */
export function estadoRevisionDeConteo(total: number, revisados: number): EstadoRevision {
  if (total <= 0) return 'Sin textos';
  if (revisados >= total) return 'Revisado';
  if (revisados <= 0) return 'No revisado';
  return 'Revisado parcial';
}

/** From the texts themselves. */
export function estadoRevision(texts: readonly { revisado_sn?: string | null }[]): EstadoRevision {
  return estadoRevisionDeConteo(texts.length, texts.filter((text) => text.revisado_sn === 'S').length);
}

export type Tono = 'success' | 'warning' | 'error' | 'default';

export const tonoRevision = (estado: EstadoRevision): Tono =>
  estado === 'Revisado'
    ? 'success'
    : estado === 'Revisado parcial'
      ? 'warning'
      : estado === 'No revisado'
        ? 'error'
        : 'default';

/** The derived review status of a product in the list. */
export type ReviewStatus = 'No incluido' | 'Pendiente' | Exclude<EstadoRevision, 'Sin textos'>;

export function reviewStatus(
  activoEnMarketplace: string | null | undefined,
  texts: readonly { revisado_sn?: string | null }[],
): ReviewStatus {
  if (activoEnMarketplace === null || activoEnMarketplace === undefined) return 'No incluido';
  const estado = estadoRevision(texts);
  return estado === 'Sin textos' ? 'Pendiente' : estado;
}
