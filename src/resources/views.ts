/**
 * The screens of each resource: generated from its schema by the generic engine, unless a bespoke screen is
 * registered under the resource name (e.g. `productos: { list: ProductList }`). A resource's own screens live in
 * `src/resources/<folder>/views.tsx` (collected here as `overrides`); screens of a bespoke page plug in from
 * `src/custom/<feature>/views.tsx` (collected by src/custom/views.ts), so no resource imports a page.
 */
import { createElement, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from 'react-admin';
import {
  LazyGenericCreate as GenericCreate,
  LazyGenericEdit as GenericEdit,
  LazyGenericList as GenericList,
  LazyGenericShow as GenericShow,
  loadGenericScreens,
} from './generic/lazyScreens';
import { onDemandComponent } from './onDemandComponent';
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

/** What loads a screen's code, kept per screen element so the opened route's code can start loading early. */
const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/** The loader of a screen built by `onDemand` or the generic engine; undefined for a screen loaded with the app. */
export const loaderOf = (screen: ReactElement | undefined): (() => Promise<unknown>) | undefined =>
  screen ? loaders.get(screen) : undefined;

const withLoader = (screen: ReactElement, load: () => Promise<unknown>): ReactElement => {
  loaders.set(screen, load);
  return screen;
};

/** List screens that page, sort and filter as the generic list does (DEFAULT_PER_PAGE, the schema's sort). */
const standardLists = new WeakSet<ReactElement>();

/** Marks a bespoke list screen as paging, sorting and filtering as the generic list (openingListQuery.ts). */
export const asStandardList = (screen: ReactElement): ReactElement => {
  standardLists.add(screen);
  return screen;
};

/** Whether the list's first page can be asked for ahead of it, with the generic list's parameters. */
export const isStandardList = (screen: ReactElement | undefined): boolean =>
  screen !== undefined && standardLists.has(screen);

/**
 * A screen whose code loads on first use, with react-admin's loading indicator while it arrives; once loaded
 * (e.g. preloaded for the opened route) it renders at once.
 */
export const onDemand = (load: () => Promise<{ default: ComponentType }>): ReactElement => {
  const screen = onDemandComponent(() => load().then((module) => module.default));
  return withLoader(
    createElement(Suspense, { fallback: createElement(Loading) }, createElement(screen.Component)),
    screen.load,
  );
};

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

const generic = (screen: ComponentType<{ schema: ResourceSchema }>, schema: ResourceSchema) =>
  withLoader(createElement(screen, { schema }), loadGenericScreens);

export const genericViews = (schema: ResourceSchema): ResourceViews => ({
  list: asStandardList(generic(GenericList, schema)),
  create: schema.operations.create ? generic(GenericCreate, schema) : undefined,
  edit: schema.operations.update ? generic(GenericEdit, schema) : undefined,
  show: schema.operations.update ? undefined : generic(GenericShow, schema),
});

/** The screens of a resource: the generated ones, replaced by those `bespoke` names for it. */
export const resourceViews = (schema: ResourceSchema, bespoke: ViewMap): ResourceViews => ({
  ...genericViews(schema),
  ...bespoke[schema.name],
});
