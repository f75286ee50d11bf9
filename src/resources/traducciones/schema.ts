import { contains, defineResource, id, ref, refFilter, str, text } from '../fields';

export const traducciones = defineResource({
  name: 'traducciones',
  model: 'Traduccion',
  label: 'Traducción',
  labelPlural: 'Traducciones',
  names: {
    en: ['Translation', 'Translations'],
    de: ['Übersetzung', 'Übersetzungen'],
    fr: ['Traduction', 'Traductions'],
    pt: ['Tradução', 'Traduções'],
  },
  table: 'traducciones',
  naturalKeys: [['idiomaId', 'clave']],
  fields: [
    id(),
    ref('idiomaId', 'Idioma', 'idiomas', { required: true }),
    str('clave', 'Clave', { required: true, maxLength: 255 }),
    text('valor', 'Traducción'),
  ],
  sort: { field: 'clave', order: 'ASC' },
  filters: [
    refFilter('idiomaId', 'Idioma', 'idiomas', { alwaysOn: true }),
    contains('clave', 'Clave', { alwaysOn: true }),
  ],
  menu: { group: 'configuracion', icon: 'GTranslate' },
});
