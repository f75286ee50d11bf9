/**
 * Marketplaces and marketplace prompts: the generic form with the duplicate-code and save-error messages; for
 * prompts, one prompt per marketplace and category (existeMarketPlaceYCategoria before saving). Loaded on demand.
 */
import { createElement, lazy } from 'react';
import { marketplacePrompts } from '../../resources/marketplacePrompts/schema';
import { marketplaces } from '../../resources/marketplaces/schema';
import type { ViewMap } from '../../resources/views';

const forms = () => import('./MarketplaceForms');
const Create = lazy(() => forms().then((module) => ({ default: module.MarketplaceCreate })));
const Edit = lazy(() => forms().then((module) => ({ default: module.MarketplaceEdit })));

export const views: ViewMap = {
  [marketplaces.name]: {
    create: createElement(Create, { schema: marketplaces, variant: 'marketplace' }),
    edit: createElement(Edit, { schema: marketplaces, variant: 'marketplace' }),
  },
  [marketplacePrompts.name]: {
    create: createElement(Create, { schema: marketplacePrompts, variant: 'marketplacePrompts' }),
    edit: createElement(Edit, { schema: marketplacePrompts, variant: 'marketplacePrompts' }),
  },
};
