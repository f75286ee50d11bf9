import { contains, defineResource, empresaId, id, str } from '../fields';

export const situaciones = defineResource({
  name: 'Situaciones',
  model: 'Situacion',
  label: 'Situación',
  labelPlural: 'Situaciones',
  names: {
    en: ['Status', 'Statuses'],
    de: ['Status', 'Status'],
    fr: ['Situation', 'Situations'],
    pt: ['Situação', 'Situações'],
  },
  table: 'situaciones',
  naturalKeys: [['nombre']],
  companyField: 'empresaId',
  fields: [id(), empresaId(), str('nombre', 'Nombre', { required: true, maxLength: 255 })],
  filters: [contains('nombre', 'Nombre', { alwaysOn: true })],
  menu: { group: 'catalogo', icon: 'Flag' },
  refreshFlag: 'actualizar_Situaciones',
  // docs/requirements.md#r8-errors writes the entity as "Situacion".
  messages: {
    created: 'Situacion creada',
    updated: 'Situacion actualizada',
    deleted: 'Situacion eliminada',
    deletedMany: '%{smart_count} situaciones eliminadas',
  },
});
