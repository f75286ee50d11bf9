import { contains, defineResource, id, q, str } from '../fields';

export const marketplaces = defineResource({
  name: 'MarketPlaces',
  model: 'Marketplace',
  label: 'Marketplace',
  labelPlural: 'Marketplaces',
  names: {
    en: ['Marketplace', 'Marketplaces'],
    de: ['Marktplatz', 'Marktplätze'],
    fr: ['Place de marché', 'Places de marché'],
    pt: ['Marketplace', 'Marketplaces'],
  },
  fields: [
    id(),
    str('codigo', 'Código', { required: true, unique: true, maxLength: 50 }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
  ],
  // docs/requirements.md#r2-screens: free text on codigo (and description), or searchCodigo / searchDescripcion.
  search: ['codigo', 'descripcion'],
  filters: [
    q(),
    contains('searchCodigo', 'Código', { field: 'codigo' }),
    contains('searchDescripcion', 'Descripción', { field: 'descripcion' }),
  ],
  sort: { field: 'codigo', order: 'ASC' },
  menu: { group: 'marketplaces', icon: 'Storefront' },
  messages: {
    created: 'Marketplace creado',
    updated: 'Marketplace actualizado',
    deleted: 'Marketplace eliminado',
  },
});
