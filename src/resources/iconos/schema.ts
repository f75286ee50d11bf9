import { contains, defineResource, empresaId, id, str } from '../fields';

export const iconos = defineResource({
  name: 'Iconos',
  model: 'Icono',
  label: 'Icono',
  labelPlural: 'Iconos',
  names: {
    en: ['Icon', 'Icons'],
    de: ['Symbol', 'Symbole'],
    fr: ['Icône', 'Icônes'],
    pt: ['Ícone', 'Ícones'],
  },
  table: 'iconos',
  naturalKeys: [['nombre']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('posiblesValores', 'Posibles valores', { maxLength: 1000 }),
  ],
  filters: [
    contains('nombre', 'Nombre', { alwaysOn: true }),
    contains('posiblesValores', 'Posibles valores'),
  ],
  menu: { group: 'catalogo', icon: 'EmojiSymbols' },
  refreshFlag: 'actualizar_Iconos',
  messages: {
    created: 'Icono creado',
    updated: 'Icono actualizado',
    deleted: 'Icono eliminado',
    deletedMany: '%{smart_count} iconos eliminados',
  },
});
