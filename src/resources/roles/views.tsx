/**
 * Bespoke screens of the roles (picked up by src/resources/views.ts): create and edit with the role's permisos
 * (checklist by module) saved through PUT /roles/{id}/permisos. The list is the generic one. Loaded on demand.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from 'react-admin';
import type { ResourceViews } from '../views';

const screens = () => import('../../custom/permisos/RolesScreens');
const RolCreate = lazy(() => screens().then((module) => ({ default: module.RolCreate })));
const RolEdit = lazy(() => screens().then((module) => ({ default: module.RolEdit })));

const screen = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<Loading />}>
    <Component />
  </Suspense>
);

export const views: Record<string, Partial<ResourceViews>> = {
  roles: { create: screen(RolCreate), edit: screen(RolEdit) },
};
