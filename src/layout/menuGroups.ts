/** The menu's structure from the registry: visible resources grouped by schema.menu.group. Pure. */
import type { MenuGroup, ResourceSchema } from '../resources/types';

export const MENU_GROUPS: readonly MenuGroup[] = [
  'catalogo',
  'productos',
  'marketplaces',
  'relaciones',
  'empresas',
  'usuarios',
  'integraciones',
  'configuracion',
];

export interface MenuSection {
  group: MenuGroup;
  resources: string[];
}

/** Groups in MENU_GROUPS order, resources in registry order, hidden resources skipped, empty groups dropped. */
export const menuSections = (schemas: readonly ResourceSchema[]): MenuSection[] =>
  MENU_GROUPS.map((group) => ({
    group,
    resources: schemas
      .filter((schema) => schema.menu.group === group && !schema.menu.hidden)
      .map((schema) => schema.name),
  })).filter((section) => section.resources.length > 0);
