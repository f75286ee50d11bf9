import { contains, defineResource, empresaId, equals, id, sn, snFilter, str } from '../fields';

export const multimedia = defineResource({
  name: 'multimedias',
  model: 'Multimedia',
  label: 'Multimedia',
  labelPlural: 'Tipos de multimedia',
  names: {
    en: ['Media type', 'Media types'],
    de: ['Medientyp', 'Medientypen'],
    fr: ['Type de média', 'Types de médias'],
    pt: ['Tipo de multimédia', 'Tipos de multimédia'],
  },
  table: 'multimedia',
  naturalKeys: [['clave']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('clave', 'Clave', { required: true, maxLength: 100 }),
    str('tipo', 'Tipo', { choices: ['Imagen', 'Documento', 'Video'] }),
    str('categoria', 'Categoría', { maxLength: 100 }),
    sn('defectosn', 'Por defecto'),
    str('tipoAecoc', 'Tipo AECOC', { maxLength: 100 }),
  ],
  // docs/requirements.md#r2-screens: clave like; tipo = grupoMultimedia; defectosn ignored if TODOS; categoria ignored if TODAS.
  filters: [
    contains('clave', 'Clave', { alwaysOn: true }),
    equals('grupoMultimedia', 'Tipo', {
      field: 'tipo',
      input: 'select',
      choices: ['Imagen', 'Documento', 'Video'],
    }),
    snFilter('defectosn', 'Por defecto', { ignore: ['TODOS'] }),
    equals('categoria', 'Categoría', { ignore: ['TODAS'] }),
  ],
  sort: { field: 'clave', order: 'ASC' },
  menu: { group: 'catalogo', icon: 'Collections' },
  refreshFlag: 'actualizar_Multimedia',
  messages: {
    created: 'Multimedia creada',
    updated: 'Multimedia actualizada',
    deleted: 'Multimedia eliminada',
    deletedMany: '%{smart_count} multimedias eliminadas',
  },
});
