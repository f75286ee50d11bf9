/**
 * Before saving a product-per-range, the ranges of the same skuProducto and club are read and checked with
 * the docs/requirements.md#r5-validation rule (rangesOverlap, date part only); an overlap is refused on the date fields with the range it
 * clashes with, and nothing is sent. The API refuses the same with 422 (server/features/reference-data-ranges).
 */
import { useMemo } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { overlapMessage } from '../../core/referenceData/contract';
import type { SaveGuard } from '../generic/saveGuard';
import { rangesOverlap, type RangeLike } from '../../core/rangeOverlap';

/** Ranges of one sku + club fetched for the check (a product rarely has more than a handful per club). */
const MAX_RANGES = 1000;

export const useOverlapGuard = (): SaveGuard => {
  const dataProvider = useDataProvider();
  return useMemo(
    () => ({
      async check(values: Record<string, unknown>, previous: RaRecord | undefined) {
        const { skuProducto, clubId, desdeFecha, hastaFecha } = values;
        if (typeof skuProducto !== 'string' || !skuProducto.trim()) return undefined;
        if (clubId === null || clubId === undefined || clubId === '') return undefined;
        if (typeof desdeFecha !== 'string' || typeof hastaFecha !== 'string') return undefined;
        const { data } = await dataProvider.getList<RaRecord & RangeLike>('ProductosPorRango', {
          filter: { skuProducto: skuProducto.trim(), club: clubId },
          pagination: { page: 1, perPage: MAX_RANGES },
          sort: { field: 'desdeFecha', order: 'ASC' },
        });
        const candidate: RangeLike = {
          id: previous?.id,
          skuProducto: skuProducto.trim(),
          clubId: clubId as number,
          desdeFecha,
          hastaFecha,
        };
        const clash = data.find((range) => rangesOverlap([range], candidate));
        if (!clash) return undefined;
        const message = overlapMessage(clash);
        return { errors: { desdeFecha: message, hastaFecha: message } };
      },
    }),
    [dataProvider],
  );
};
