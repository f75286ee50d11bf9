/**
 * The screen a hash route opens and the loader of its code (src/resources/routeScreen.ts, views.ts), so the app
 * starts loading it with itself: react-admin's resource routes, the first resource's list at `/`.
 */
import { describe, expect, it, vi } from 'vitest';
import { preloadRouteScreen, screenForRoute } from '../../src/resources/routeScreen';
import { genericViews, loaderOf, onDemand, type ResourceViews } from '../../src/resources/views';
import { marcas } from '../../src/resources/marcas/schema';

const Screen = () => null;
const loaders = {
  list: vi.fn(async () => ({ default: Screen })),
  create: vi.fn(async () => ({ default: Screen })),
  edit: vi.fn(async () => ({ default: Screen })),
  show: vi.fn(async () => ({ default: Screen })),
};
const productos: ResourceViews = {
  list: onDemand(loaders.list),
  create: onDemand(loaders.create),
  edit: onDemand(loaders.edit),
  show: onDemand(loaders.show),
};
const viewsOf = (name: string) => (name === 'productos' ? productos : undefined);

describe('the screen a route opens', () => {
  it.each([
    ['#/productos', 'list'],
    ['#/productos?filter=%7B%7D&page=2', 'list'],
    ['#/productos/create', 'create'],
    ['#/productos/42', 'edit'],
    ['#/productos/42/3', 'edit'],
    ['#/productos/42/show', 'show'],
    ['', 'list'],
    ['#/', 'list'],
  ] as const)('%s → %s', (hash, view) => {
    expect(screenForRoute(hash, viewsOf, 'productos')).toBe(productos[view]);
  });

  it('a custom page, the login page, an unknown resource or a broken name: no screen', () => {
    for (const hash of ['#/login', '#/importar', '#/nada/1', '#/%E0%A4%A']) {
      expect(screenForRoute(hash, viewsOf, 'productos')).toBeUndefined();
    }
  });

  it('preloading calls the loader of that screen only; a failed load is left to the screen', async () => {
    preloadRouteScreen('#/productos/7', viewsOf, 'productos');
    expect(loaders.edit).toHaveBeenCalledTimes(1);
    expect(loaders.list).not.toHaveBeenCalled();
    loaders.list.mockRejectedValueOnce(new Error('offline'));
    await expect(preloadRouteScreen('#/productos', viewsOf, 'productos')).resolves.toBeUndefined();
    expect(loaders.list).toHaveBeenCalledTimes(1);
  });

  it('the generated screens carry the generic engine as their loader', () => {
    const views = genericViews(marcas);
    expect(loaderOf(views.list)).toBeTypeOf('function');
    expect(loaderOf(views.edit)).toBe(loaderOf(views.list));
    expect(loaderOf(<Screen />)).toBeUndefined();
  });
});
