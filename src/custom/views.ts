/**
 * Every bespoke resource screen: the resources' own (src/resources/<folder>/views.tsx) and those the bespoke pages
 * plug into resources from `src/custom/<feature>/views.tsx` (each exports `views: ViewMap`), so a feature adds a
 * screen without editing shared files and no resource imports a page.
 */
import { mergeViews, overrides, type ViewMap } from '../resources/views';

const modules = import.meta.glob<{ views: ViewMap }>('./*/views.tsx', { eager: true });

export const bespokeViews: ViewMap = mergeViews(
  overrides,
  ...Object.keys(modules)
    .sort()
    .map((key) => modules[key].views),
);
