/**
 * Products per range: the generic forms plus the overlap check before saving (useOverlapGuard) and, after it,
 * a warning when the ERP refused the range (erpNotice.ts).
 */
import { LazyGenericCreate as GenericCreate, LazyGenericEdit as GenericEdit } from '../generic/lazyScreens';
import type { ResourceViews } from '../views';
import { useErpNotice } from './erpNotice';
import { productosPorRango } from './schema';
import { useOverlapGuard } from './useOverlapGuard';

export const views: Record<string, Partial<ResourceViews>> = {
  ProductosPorRango: {
    create: (
      <GenericCreate
        schema={productosPorRango}
        useSaveGuard={useOverlapGuard}
        useSavedNotice={useErpNotice}
      />
    ),
    edit: (
      <GenericEdit schema={productosPorRango} useSaveGuard={useOverlapGuard} useSavedNotice={useErpNotice} />
    ),
  },
};
