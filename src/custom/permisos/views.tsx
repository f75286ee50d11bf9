/**
 * Bespoke screens of the users and roles (collected by src/custom/views.ts): users' roles as chips in the list,
 * roles assigned with a multi-select saved through PUT /usuarios/{id}/roles, password input; roles created and
 * edited with their permisos (checklist by module) saved through PUT /roles/{id}/permisos (the roles list is the
 * generic one). Loaded on demand.
 */
import { onDemand, type ViewMap } from '../../resources/views';

const usuarios = () => import('./UsuariosScreens');
const roles = () => import('./RolesScreens');

export const views: ViewMap = {
  usuarios: {
    list: onDemand(() => usuarios().then((module) => ({ default: module.UsuarioList }))),
    create: onDemand(() => usuarios().then((module) => ({ default: module.UsuarioCreate }))),
    edit: onDemand(() => usuarios().then((module) => ({ default: module.UsuarioEdit }))),
  },
  roles: {
    create: onDemand(() => roles().then((module) => ({ default: module.RolCreate }))),
    edit: onDemand(() => roles().then((module) => ({ default: module.RolEdit }))),
  },
};
