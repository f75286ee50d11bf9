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

export interface MenuPage {
  path: string;
  group: MenuGroup;
  inMenu?: boolean;
}

export interface MenuSection<P extends MenuPage = MenuPage> {
  group: MenuGroup;
  resources: string[];
  /** Bespoke pages of the group (src/custom/<feature>/page.ts), after its resources. */
  pages: P[];
}

/**
 * Groups in MENU_GROUPS order, resources in registry order, hidden resources skipped, then the group's bespoke
 * pages; empty groups dropped.
 */
export const menuSections = <P extends MenuPage>(
  schemas: readonly ResourceSchema[],
  pages: readonly P[] = [],
): MenuSection<P>[] =>
  MENU_GROUPS.map((group) => ({
    group,
    resources: schemas
      .filter((schema) => schema.menu.group === group && !schema.menu.hidden)
      .map((schema) => schema.name),
    pages: pages.filter((page) => page.group === group && page.inMenu !== false),
  })).filter((section) => section.resources.length > 0 || section.pages.length > 0);
