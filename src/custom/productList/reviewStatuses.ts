/** The review status of each product of a list page, from the texts of the whole page (one request). Pure. */
import type { Identifier } from 'ra-core';
import { reviewStatus, type ReviewStatus } from '../../core/reviewStatus';

export interface PageProduct {
  id: Identifier;
  activoEnMarketplace?: string | null;
}

export interface PageText {
  productoId: Identifier;
  revisado_sn?: string | null;
}

export const reviewStatusesOf = (
  products: readonly PageProduct[],
  texts: readonly PageText[],
): Map<string, ReviewStatus> => {
  const byProduct = new Map<string, PageText[]>();
  for (const text of texts) {
    const key = String(text.productoId);
    byProduct.set(key, [...(byProduct.get(key) ?? []), text]);
  }
  return new Map(
    products.map((product) => [
      String(product.id),
      reviewStatus(product.activoEnMarketplace, byProduct.get(String(product.id)) ?? []),
    ]),
  );
};

/** Chip colours per status. */
export const REVIEW_STATUS_COLORS: Readonly<
  Record<ReviewStatus, 'default' | 'success' | 'warning' | 'error' | 'info'>
> = {
  'No incluido': 'default',
  Pendiente: 'info',
  Revisado: 'success',
  'No revisado': 'error',
  'Revisado parcial': 'warning',
};
