import { contains, defineResource, empresaId, id, str } from '../fields';

export const marcas = defineResource({
  name: 'Marca',
  model: 'Marca',
  label: 'Marca',
  labelPlural: 'Marcas',
  names: {
    en: ['Brand', 'Brands'],
    de: ['Marke', 'Marken'],
    fr: ['Marque', 'Marques'],
    pt: ['Marca', 'Marcas'],
  },
  table: 'marca',
  naturalKeys: [['codigo'], ['nombre']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('codigo', 'Código', { maxLength: 50, uniqueWith: ['empresaId'] }),
  ],
  // docs/requirements.md#r7-api: brand lists use AND filters.
  filters: [
    contains('nombre', 'Nombre', { alwaysOn: true }),
    contains('codigo', 'Código', { alwaysOn: true }),
  ],
  menu: { group: 'catalogo', icon: 'Sell' },
  // docs/requirements.md#r4-states: after create/update the selection is cleared and actualizar_Marcas is set.
  refreshFlag: 'actualizar_Marcas',
  messages: {
    created: 'Marca creada',
    updated: 'Marca actualizada',
    deleted: 'Marca eliminada',
    deletedMany: '%{smart_count} marcas eliminadas',
  },
});
