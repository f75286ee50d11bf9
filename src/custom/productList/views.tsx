/**
 * The products list with review status (collected by src/custom/views.ts). Loaded on demand; it pages, sorts and
 * filters as the generic list does, so its first page can be asked for as the app starts.
 */
import { asStandardList, onDemand, type ViewMap } from '../../resources/views';

export const views: ViewMap = {
  productos: { list: asStandardList(onDemand(() => import('./ProductList'))) },
};
