import { defineResource, id, q, str } from '../fields';

export const roles = defineResource({
  name: 'roles',
  model: 'Rol',
  label: 'Rol',
  labelPlural: 'Roles',
  names: {
    en: ['Role', 'Roles'],
    de: ['Rolle', 'Rollen'],
    fr: ['Rôle', 'Rôles'],
    pt: ['Função', 'Funções'],
  },
  table: 'roles',
  naturalKeys: [['codigo']],
  fields: [
    id(),
    str('nombre', 'Nombre', { required: true, maxLength: 100 }),
    str('codigo', 'Código', { required: true, unique: true, maxLength: 50 }),
  ],
  search: ['nombre', 'codigo'],
  filters: [q()],
  relations: [
    {
      name: 'permisos',
      target: 'permisos',
      kind: 'hasManyThrough',
      through: { model: 'RolPermiso', keyFrom: 'rolId', keyTo: 'permisoId' },
    },
  ],
  menu: { group: 'usuarios', icon: 'Badge' },
  messages: { created: 'Rol creado', updated: 'Rol actualizado', deleted: 'Rol eliminado' },
});
