/**
 * Bespoke screens of the products (collected by src/custom/views.ts): the creation chain and the tabbed editor,
 * and the read-only B2B products search. Loaded on demand. (The products list plugs in from productList.)
 */
import { lazy } from 'react';
import { onDemand, type ViewMap } from '../../resources/views';

const ProductCreate = lazy(() => import('./ProductCreate'));
const ProductEdit = lazy(() => import('./ProductEdit'));
const B2bProductList = lazy(() => import('./b2b/B2bProductList'));

export const views: ViewMap = {
  productos: { create: onDemand(ProductCreate), edit: onDemand(ProductEdit) },
  B2bProductos: { list: onDemand(B2bProductList) },
};
