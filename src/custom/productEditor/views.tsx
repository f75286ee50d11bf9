/**
 * Bespoke screens of the products (collected by src/custom/views.ts): the creation chain and the tabbed editor,
 * and the read-only B2B products search. Loaded on demand. (The products list plugs in from productList.)
 */
import { onDemand, type ViewMap } from '../../resources/views';

export const views: ViewMap = {
  productos: {
    create: onDemand(() => import('./ProductCreate')),
    edit: onDemand(() => import('./ProductEdit')),
  },
  B2bProductos: { list: onDemand(() => import('./b2b/B2bProductList')) },
};
