/** Marketplace prompts: one prompt per marketplace and category (existeMarketPlaceYCategoria before saving). */
import { createElement, lazy } from 'react';
import type { ResourceViews } from '../views';
import { marketplacePrompts } from './schema';

const Forms = {
  Create: lazy(() =>
    import('../../custom/aiTexts/MarketplaceForms').then((m) => ({ default: m.MarketplaceCreate })),
  ),
  Edit: lazy(() =>
    import('../../custom/aiTexts/MarketplaceForms').then((m) => ({ default: m.MarketplaceEdit })),
  ),
};

export const views: Record<string, Partial<ResourceViews>> = {
  [marketplacePrompts.name]: {
    create: createElement(Forms.Create, { schema: marketplacePrompts, variant: 'marketplacePrompts' }),
    edit: createElement(Forms.Edit, { schema: marketplacePrompts, variant: 'marketplacePrompts' }),
  },
};
