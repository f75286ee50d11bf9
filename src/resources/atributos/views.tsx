/** Attributes: the generic edit form plus the confirmation before removing categories (docs/requirements.md#r7-api). */
import { LazyGenericEdit as GenericEdit } from '../generic/lazyScreens';
import type { ResourceViews } from '../views';
import { atributos } from './schema';
import { useCategoryRemovalGuard } from './useCategoryRemovalGuard';

export const views: Record<string, Partial<ResourceViews>> = {
  atributos: { edit: <GenericEdit schema={atributos} useSaveGuard={useCategoryRemovalGuard} /> },
};
