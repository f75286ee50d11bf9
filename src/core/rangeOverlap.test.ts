import { describe, expect, it } from 'vitest';
import { rangesOverlap, type RangeLike } from './rangeOverlap';

describe('rangesOverlap (docs/requirements.md#r5-validation)', () => {
  const existing: RangeLike = {
    id: 1,
    skuProducto: 'SKU-1',
    clubId: 7,
    desdeFecha: '2026-01-10T00:00:00.000Z',
    hastaFecha: '2026-01-20T00:00:00.000Z',
  };
  const candidate = (desde: string, hasta: string, extra: Partial<RangeLike> = {}): RangeLike => ({
    skuProducto: 'SKU-1',
    clubId: 7,
    desdeFecha: desde,
    hastaFecha: hasta,
    ...extra,
  });

  it('touching ranges overlap (same day at either end)', () => {
    expect(rangesOverlap([existing], candidate('2026-01-20', '2026-01-25'))).toBe(true);
    expect(rangesOverlap([existing], candidate('2026-01-01', '2026-01-10'))).toBe(true);
  });
  it('a contained or containing range overlaps', () => {
    expect(rangesOverlap([existing], candidate('2026-01-12', '2026-01-13'))).toBe(true);
    expect(rangesOverlap([existing], candidate('2025-12-01', '2026-02-01'))).toBe(true);
  });
  it('disjoint ranges do not overlap', () => {
    expect(rangesOverlap([existing], candidate('2026-01-21', '2026-01-30'))).toBe(false);
    expect(rangesOverlap([existing], candidate('2025-12-01', '2026-01-09'))).toBe(false);
  });
  it('another club or another sku never overlaps', () => {
    expect(rangesOverlap([existing], candidate('2026-01-12', '2026-01-13', { clubId: 8 }))).toBe(false);
    expect(rangesOverlap([existing], candidate('2026-01-12', '2026-01-13', { skuProducto: 'SKU-2' }))).toBe(
      false,
    );
  });
  it('only the date part is compared (time parts ignored)', () => {
    expect(rangesOverlap([existing], candidate('2026-01-20T23:59:59.000Z', '2026-01-22T00:00:00.000Z'))).toBe(
      true,
    );
    expect(rangesOverlap([existing], candidate('2026-01-21T00:00:00.000Z', '2026-01-22T00:00:00.000Z'))).toBe(
      false,
    );
  });
  it('an edited range does not clash with its own stored version', () => {
    expect(rangesOverlap([existing], candidate('2026-01-11', '2026-01-19', { id: 1 }))).toBe(false);
  });
});
