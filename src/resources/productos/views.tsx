/**
 * Bespoke screens of the products (picked up by src/resources/views.ts): the list with review status, the
 * creation chain and the tabbed editor, and the read-only B2B products search. Loaded on demand.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from 'react-admin';
import type { ResourceViews } from '../views';

const ProductList = lazy(() => import('../../custom/productList/ProductList'));
const ProductCreate = lazy(() => import('../../custom/productEditor/ProductCreate'));
const ProductEdit = lazy(() => import('../../custom/productEditor/ProductEdit'));
const B2bProductList = lazy(() => import('../../custom/productEditor/b2b/B2bProductList'));

const screen = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<Loading />}>
    <Component />
  </Suspense>
);

export const views: Record<string, Partial<ResourceViews>> = {
  productos: { list: screen(ProductList), create: screen(ProductCreate), edit: screen(ProductEdit) },
  B2bProductos: { list: screen(B2bProductList) },
};
