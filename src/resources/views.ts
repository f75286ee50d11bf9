/**
 * The screens of each resource: generated from its schema by the generic engine, unless a bespoke screen is
 * registered under the resource name (e.g. `productos: { list: ProductList }`). A resource's own screens live in
 * `src/resources/<folder>/views.tsx` (collected here as `overrides`); screens of a bespoke page plug in from
 * `src/custom/<feature>/views.tsx` (collected by src/custom/views.ts), so no resource imports a page.
 */
import {
  createElement,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';
import { Loading } from 'react-admin';
import {
  LazyGenericCreate as GenericCreate,
  LazyGenericEdit as GenericEdit,
  LazyGenericList as GenericList,
  LazyGenericShow as GenericShow,
} from './generic/lazyScreens';
import type { ResourceSchema } from './types';

export interface ResourceViews {
  list: ReactElement;
  create?: ReactElement;
  edit?: ReactElement;
  show?: ReactElement;
}

/** Bespoke screens keyed by schema.name. */
export type ViewMap = Readonly<Record<string, Partial<ResourceViews>>>;

/**
 * Several maps into one, resource by resource (the products' list and editor come from different features). Two
 * maps giving the same screen of the same resource is a mistake, not a choice: it throws, naming both.
 */
export const mergeViews = (...maps: readonly ViewMap[]): ViewMap => {
  const merged: Record<string, Partial<ResourceViews>> = {};
  for (const map of maps) {
    for (const [name, views] of Object.entries(map)) {
      const taken = Object.keys(views).filter((view) => merged[name]?.[view as keyof ResourceViews]);
      if (taken.length) throw new Error(`Dos pantallas propias para ${name}: ${taken.join(', ')}`);
      merged[name] = { ...merged[name], ...views };
    }
  }
  return merged;
};

/** A lazily loaded screen, with react-admin's loading indicator while its code arrives. */
export const onDemand = (Component: LazyExoticComponent<ComponentType>): ReactElement =>
  createElement(Suspense, { fallback: createElement(Loading) }, createElement(Component));

/**
 * The resources' own bespoke screens, collected from `src/resources/<folder>/views.tsx` files (each exports
 * `views: ViewMap`, lazy components inside), so a resource's bespoke screen plugs in without editing this file.
 */
const viewModules = import.meta.glob<{ views: ViewMap }>('./*/views.tsx', { eager: true });

export const overrides: ViewMap = mergeViews(
  ...Object.keys(viewModules)
    .sort()
    .map((key) => viewModules[key].views),
);

export const genericViews = (schema: ResourceSchema): ResourceViews => ({
  list: createElement(GenericList, { schema }),
  create: schema.operations.create ? createElement(GenericCreate, { schema }) : undefined,
  edit: schema.operations.update ? createElement(GenericEdit, { schema }) : undefined,
  show: schema.operations.update ? undefined : createElement(GenericShow, { schema }),
});

/** The screens of a resource: the generated ones, replaced by those `bespoke` names for it. */
export const resourceViews = (schema: ResourceSchema, bespoke: ViewMap): ResourceViews => ({
  ...genericViews(schema),
  ...bespoke[schema.name],
});
