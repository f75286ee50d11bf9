/** Derived review status of a product's AI-generated marketplace texts (spec §4). */
export type ReviewStatus = 'No incluido' | 'Pendiente' | 'Revisado' | 'No revisado' | 'Revisado parcial';

export function reviewStatus(
  activoEnMarketplace: string | null | undefined,
  texts: readonly { revisado_sn?: string | null }[],
): ReviewStatus {
  if (activoEnMarketplace === null || activoEnMarketplace === undefined) return 'No incluido';
  if (texts.length === 0) return 'Pendiente';
  const reviewed = texts.filter((t) => t.revisado_sn === 'S').length;
  if (reviewed === texts.length) return 'Revisado';
  if (reviewed === 0) return 'No revisado';
  return 'Revisado parcial';
}
