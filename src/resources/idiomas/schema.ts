import { contains, defineResource, id, q, sn, snFilter, str } from '../fields';

export const idiomas = defineResource({
  name: 'idiomas',
  model: 'Idioma',
  label: 'Idioma',
  labelPlural: 'Idiomas',
  names: {
    en: ['Language', 'Languages'],
    de: ['Sprache', 'Sprachen'],
    fr: ['Langue', 'Langues'],
    pt: ['Idioma', 'Idiomas'],
  },
  table: 'idiomas',
  naturalKeys: [['codigo']],
  fields: [
    id(),
    str('nombre', 'Nombre', { required: true, maxLength: 100 }),
    str('codigo', 'Código', { required: true, unique: true, maxLength: 10 }),
    sn('activo_sn', 'Activo'),
  ],
  search: ['nombre', 'codigo'],
  filters: [
    q(),
    contains('searchCodigo', 'Código', { field: 'codigo' }),
    contains('searchDescripcion', 'Nombre', { field: 'nombre' }),
    snFilter('activo_sn', 'Activo'),
  ],
  menu: { group: 'configuracion', icon: 'Translate' },
  messages: {
    created: 'Idioma creado',
    updated: 'Idioma actualizado',
    deleted: 'Idioma eliminado',
    deletedMany: '%{smart_count} idiomas eliminados',
  },
});
