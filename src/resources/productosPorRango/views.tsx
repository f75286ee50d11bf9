/** Products per range: the generic forms plus the overlap check before saving (useOverlapGuard). */
import { GenericCreate, GenericEdit } from '../generic';
import type { ResourceViews } from '../views';
import { productosPorRango } from './schema';
import { useOverlapGuard } from './useOverlapGuard';

export const views: Record<string, Partial<ResourceViews>> = {
  ProductosPorRango: {
    create: <GenericCreate schema={productosPorRango} useSaveGuard={useOverlapGuard} />,
    edit: <GenericEdit schema={productosPorRango} useSaveGuard={useOverlapGuard} />,
  },
};
