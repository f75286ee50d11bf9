/** The products list with review status (collected by src/custom/views.ts). Loaded on demand. */
import { onDemand, type ViewMap } from '../../resources/views';

export const views: ViewMap = { productos: { list: onDemand(() => import('./ProductList')) } };
