import { defineResource, empresaId, id, q, sn, snFilter, str } from '../fields';

export const usuarios = defineResource({
  name: 'usuarios',
  model: 'Usuario',
  label: 'Usuario',
  labelPlural: 'Usuarios',
  names: {
    en: ['User', 'Users'],
    de: ['Benutzer', 'Benutzer'],
    fr: ['Utilisateur', 'Utilisateurs'],
    pt: ['Utilizador', 'Utilizadores'],
  },
  table: 'usuarios',
  naturalKeys: [['mail']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('codigo', 'Código', { maxLength: 50 }),
    str('mail', 'Correo electrónico', { required: true, unique: true, maxLength: 255 }),
    str('password', 'Contraseña', { writeOnly: true, maxLength: 255 }),
    // 'N' = disabled: refused at sign-in, refresh and on every request (server/auth); active unless 'N'.
    sn('activoSN', 'Activo', { default: 'S' }),
  ],
  // docs/requirements.md#r7-api: like %term% on nombre and codigo, and mail for users.
  search: ['nombre', 'codigo', 'mail'],
  filters: [q(), snFilter('activoSN', 'Activo')],
  relations: [
    {
      name: 'roles',
      target: 'roles',
      kind: 'hasManyThrough',
      through: { model: 'UsuarioRol', keyFrom: 'usuarioId', keyTo: 'rolId' },
    },
  ],
  // docs/requirements.md#r7-api: usuarios has no update-many.
  operations: { updateMany: false },
  menu: { group: 'usuarios', icon: 'People' },
  messages: { created: 'Usuario creado', updated: 'Usuario actualizado', deleted: 'Usuario eliminado' },
});
