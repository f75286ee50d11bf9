/** Attributes: the generic edit form plus the confirmation before removing categories (spec §7). */
import { GenericEdit } from '../generic';
import type { ResourceViews } from '../views';
import { atributos } from './schema';
import { useCategoryRemovalGuard } from './useCategoryRemovalGuard';

export const views: Record<string, Partial<ResourceViews>> = {
  atributos: { edit: <GenericEdit schema={atributos} useSaveGuard={useCategoryRemovalGuard} /> },
};
