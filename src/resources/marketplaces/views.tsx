/** Marketplaces: the generic form with the spec's duplicate-code and save-error messages. */
import { createElement, lazy } from 'react';
import type { ResourceViews } from '../views';
import { marketplaces } from './schema';

const Forms = {
  Create: lazy(() =>
    import('../../custom/aiTexts/MarketplaceForms').then((m) => ({ default: m.MarketplaceCreate })),
  ),
  Edit: lazy(() =>
    import('../../custom/aiTexts/MarketplaceForms').then((m) => ({ default: m.MarketplaceEdit })),
  ),
};

export const views: Record<string, Partial<ResourceViews>> = {
  [marketplaces.name]: {
    create: createElement(Forms.Create, { schema: marketplaces, variant: 'marketplace' }),
    edit: createElement(Forms.Edit, { schema: marketplaces, variant: 'marketplace' }),
  },
};
