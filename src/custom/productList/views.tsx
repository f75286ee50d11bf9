/** The products list with review status (collected by src/custom/views.ts). Loaded on demand. */
import { lazy } from 'react';
import { onDemand, type ViewMap } from '../../resources/views';

const ProductList = lazy(() => import('./ProductList'));

export const views: ViewMap = { productos: { list: onDemand(ProductList) } };
