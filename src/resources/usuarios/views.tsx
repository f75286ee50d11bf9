/**
 * Bespoke screens of the users (picked up by src/resources/views.ts): roles as chips in the list, roles assigned
 * with a multi-select saved through PUT /usuarios/{id}/roles, password input. Loaded on demand.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from 'react-admin';
import type { ResourceViews } from '../views';

const screens = () => import('../../custom/permisos/UsuariosScreens');
const UsuarioList = lazy(() => screens().then((module) => ({ default: module.UsuarioList })));
const UsuarioCreate = lazy(() => screens().then((module) => ({ default: module.UsuarioCreate })));
const UsuarioEdit = lazy(() => screens().then((module) => ({ default: module.UsuarioEdit })));

const screen = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<Loading />}>
    <Component />
  </Suspense>
);

export const views: Record<string, Partial<ResourceViews>> = {
  usuarios: { list: screen(UsuarioList), create: screen(UsuarioCreate), edit: screen(UsuarioEdit) },
};
