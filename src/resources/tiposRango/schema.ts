import { defineResource, empresaId, id, int, str } from '../fields';

export const tiposRango = defineResource({
  name: 'TiposRango',
  model: 'TipoRango',
  label: 'Tipo de rango',
  labelPlural: 'Tipos de rango',
  names: {
    en: ['Range type', 'Range types'],
    de: ['Sortimentstyp', 'Sortimentstypen'],
    fr: ['Type de gamme', 'Types de gamme'],
    pt: ['Tipo de gama', 'Tipos de gama'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('rango', 'Rango', { required: true, maxLength: 100 }),
    int('orden', 'Orden', { default: 0 }),
  ],
  // docs/requirements.md#r9-constants: range types sorted by orden.
  sort: { field: 'orden', order: 'ASC' },
  menu: { group: 'relaciones', icon: 'Stairs' },
  messages: {
    created: 'Tipo de rango creado',
    updated: 'Tipo de rango actualizado',
    deleted: 'Tipo de rango eliminado',
    deletedMany: '%{smart_count} tipos de rango eliminados',
  },
});
