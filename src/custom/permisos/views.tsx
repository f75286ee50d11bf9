/**
 * Bespoke screens of the users and roles (collected by src/custom/views.ts): users' roles as chips in the list,
 * roles assigned with a multi-select saved through PUT /usuarios/{id}/roles, password input; roles created and
 * edited with their permisos (checklist by module) saved through PUT /roles/{id}/permisos (the roles list is the
 * generic one). Loaded on demand.
 */
import { lazy } from 'react';
import { onDemand, type ViewMap } from '../../resources/views';

const usuarios = () => import('./UsuariosScreens');
const UsuarioList = lazy(() => usuarios().then((module) => ({ default: module.UsuarioList })));
const UsuarioCreate = lazy(() => usuarios().then((module) => ({ default: module.UsuarioCreate })));
const UsuarioEdit = lazy(() => usuarios().then((module) => ({ default: module.UsuarioEdit })));
const roles = () => import('./RolesScreens');
const RolCreate = lazy(() => roles().then((module) => ({ default: module.RolCreate })));
const RolEdit = lazy(() => roles().then((module) => ({ default: module.RolEdit })));

export const views: ViewMap = {
  usuarios: { list: onDemand(UsuarioList), create: onDemand(UsuarioCreate), edit: onDemand(UsuarioEdit) },
  roles: { create: onDemand(RolCreate), edit: onDemand(RolEdit) },
};
