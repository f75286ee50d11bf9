import { contains, defineResource, empresaId, id, str } from '../fields';

export const familias = defineResource({
  name: 'familias',
  model: 'Familia',
  label: 'Familia',
  labelPlural: 'Familias',
  names: {
    en: ['Family', 'Families'],
    de: ['Familie', 'Familien'],
    fr: ['Famille', 'Familles'],
    pt: ['Família', 'Famílias'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('codigo', 'Código', { maxLength: 50, uniqueWith: ['empresaId'] }),
    str('padre', 'Familia padre', { maxLength: 50 }),
  ],
  filters: [
    contains('nombre', 'Nombre', { alwaysOn: true }),
    contains('codigo', 'Código'),
    contains('padre', 'Padre'),
  ],
  menu: { group: 'catalogo', icon: 'Category' },
  messages: {
    created: 'Familia creada',
    updated: 'Familia actualizada',
    deleted: 'Familia eliminada',
    deletedMany: '%{smart_count} familias eliminadas',
  },
});
