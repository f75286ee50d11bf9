/**
 * Bespoke pages (routes outside the resource CRUD), discovered from `src/custom/<feature>/page.ts` files so a
 * feature plugs in without editing shared files. Each such file exports `pages: CustomPage[]` whose components
 * are React.lazy, so a page's code loads only when it is opened.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { registerPageLabels } from '../i18n/pageMessages';
import type { MenuGroup } from '../resources/types';

export interface CustomPage {
  /** Route path without the leading slash, e.g. 'catalogo-productos'. */
  path: string;
  /** Spanish menu label; translated through `pim.pages.<path>` when that key exists. */
  label: string;
  /** The menu label in the other languages (the i18n provider merges them under `pim.pages.<path>`). */
  labels?: Partial<Record<'en' | 'de' | 'fr' | 'pt', string>>;
  group: MenuGroup;
  icon: ComponentType;
  component: LazyExoticComponent<ComponentType>;
  /** Checked with canAccess before the menu shows it (default: list on the page path). */
  access?: { action: string; resource: string };
  /** Shown in the menu (default true). */
  inMenu?: boolean;
}

const modules = import.meta.glob<{ pages: CustomPage[] }>('./*/page.ts', { eager: true });

export const customPages: readonly CustomPage[] = Object.keys(modules)
  .sort()
  .flatMap((key) => modules[key].pages);

// The pages' menu labels in every language reach the i18n catalogue from here (i18n imports no page).
registerPageLabels(customPages);
