/**
 * The screen a hash route opens, by react-admin's resource routes (`/name`, `/name/create/*`, `/name/:id/*`,
 * `/name/:id/show/*`; `/` opens the first resource's list), so that the entry can start loading its code while the
 * app itself starts instead of after the first render.
 */
import type { ReactElement } from 'react';
import { loaderOf, type ResourceViews } from './views';

const safeDecode = (part: string): string | undefined => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};

export const screenForRoute = (
  hash: string,
  viewsOf: (resource: string) => ResourceViews | undefined,
  firstResource: string | undefined,
): ReactElement | undefined => {
  const path = hash.replace(/^#/, '').replace(/[?#].*$/, '');
  const [name, id, view] = path.split('/').filter(Boolean);
  const resource = name === undefined ? firstResource : safeDecode(name);
  const views = resource === undefined ? undefined : viewsOf(resource);
  if (!views) return undefined;
  if (id === undefined) return views.list;
  if (id === 'create') return views.create;
  return view === 'show' ? views.show : views.edit;
};

/** Loads the code of the screen the route opens; a failure is left to the screen's own load. */
export const preloadRouteScreen = async (...args: Parameters<typeof screenForRoute>): Promise<void> => {
  await loaderOf(screenForRoute(...args))?.().catch(() => undefined);
};
