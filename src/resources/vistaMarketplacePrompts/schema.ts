import { contains, defineResource, id, int, str } from '../fields';

/** Read view: prompts joined with their marketplace and category names. */
export const vistaMarketplacePrompts = defineResource({
  name: 'VistaMarketPlacePrompts',
  model: 'VistaMarketPlacePrompt',
  label: 'Prompt (vista)',
  labelPlural: 'Vista de prompts',
  names: {
    en: ['Prompt (view)', 'Prompt view'],
    de: ['Prompt (Ansicht)', 'Prompt-Ansicht'],
    fr: ['Prompt (vue)', 'Vue des prompts'],
    pt: ['Prompt (vista)', 'Vista de prompts'],
  },
  view: true,
  fields: [
    id(),
    int('marketplaceId', 'Id marketplace'),
    str('marketplaceCodigo', 'Marketplace'),
    str('categoriaCodigo', 'Categoría (código)'),
    str('categoriaNombre', 'Categoría'),
    str('campoUno', 'Campo uno'),
  ],
  sort: { field: 'marketplaceId', order: 'ASC' },
  filters: [
    contains('marketplaceCodigo', 'Marketplace', { alwaysOn: true }),
    contains('categoriaNombre', 'Categoría'),
  ],
  menu: { group: 'marketplaces', icon: 'ViewList', hidden: true },
});
