/**
 * The screens of each resource: generated from its schema by the generic engine, unless a bespoke screen is
 * registered in `overrides` under the resource name (e.g. `productos: { list: ProductList }`).
 */
import { createElement, type ReactElement } from 'react';
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

/**
 * Per-resource bespoke screens, keyed by schema.name, collected from `src/resources/<folder>/views.tsx` files
 * (each exports `views: Record<string, Partial<ResourceViews>>`, lazy components inside), so a resource's
 * bespoke screen plugs in without editing this file.
 */
const viewModules = import.meta.glob<{ views: Record<string, Partial<ResourceViews>> }>('./*/views.tsx', {
  eager: true,
});

export const overrides: Readonly<Record<string, Partial<ResourceViews>>> = Object.assign(
  {},
  ...Object.values(viewModules).map((module) => module.views),
);

export const genericViews = (schema: ResourceSchema): ResourceViews => ({
  list: createElement(GenericList, { schema }),
  create: schema.operations.create ? createElement(GenericCreate, { schema }) : undefined,
  edit: schema.operations.update ? createElement(GenericEdit, { schema }) : undefined,
  show: schema.operations.update ? undefined : createElement(GenericShow, { schema }),
});

export const resourceViews = (
  schema: ResourceSchema,
  custom: Readonly<Record<string, Partial<ResourceViews>>> = overrides,
): ResourceViews => ({ ...genericViews(schema), ...custom[schema.name] });
