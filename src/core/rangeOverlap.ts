/** Range overlap rule for products per range (docs/requirements.md#r5-validation): same skuProducto and club, date part only. */
import { datePart } from './datePart';

export interface RangeLike {
  id?: number | string;
  skuProducto: string;
  clubId: number | string;
  desdeFecha: string;
  hastaFecha: string;
}

const day = (value: string): string => datePart(value) ?? String(value);

/**
 * True when an existing range of the same skuProducto and club starts on or before the candidate's end and ends
 * on or after the candidate's start. The candidate itself (same id) is ignored, so an edit does not clash with
 * its own stored version.
 */
export function rangesOverlap(existing: readonly RangeLike[], candidate: RangeLike): boolean {
  return existing.some(
    (range) =>
      (candidate.id === undefined || range.id !== candidate.id) &&
      range.skuProducto === candidate.skuProducto &&
      String(range.clubId) === String(candidate.clubId) &&
      day(range.desdeFecha) <= day(candidate.hastaFecha) &&
      day(range.hastaFecha) >= day(candidate.desdeFecha),
  );
}
