import { contains, defineResource, id, str } from '../fields';

export const permisos = defineResource({
  name: 'permisos',
  model: 'Permiso',
  label: 'Permiso',
  labelPlural: 'Permisos',
  names: {
    en: ['Permission', 'Permissions'],
    de: ['Berechtigung', 'Berechtigungen'],
    fr: ['Permission', 'Permissions'],
    pt: ['Permissão', 'Permissões'],
  },
  table: 'permisos',
  naturalKeys: [['controllerName', 'moduleName', 'actionName']],
  fields: [
    id(),
    str('controllerName', 'Acción (controllerName)', { required: true, maxLength: 100 }),
    str('moduleName', 'Módulo (moduleName)', { required: true, maxLength: 100 }),
    str('actionName', 'Campo o acción (actionName)', { maxLength: 100 }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
  ],
  sort: { field: 'moduleName', order: 'ASC' },
  filters: [contains('moduleName', 'Módulo', { alwaysOn: true }), contains('controllerName', 'Acción')],
  menu: { group: 'usuarios', icon: 'Lock' },
});
