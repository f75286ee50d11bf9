/** The permissions matrix (roles × permisos), in the Usuarios menu group, at /matriz-permisos. */
import GridOn from '@mui/icons-material/GridOn';
import { lazy } from 'react';
import type { CustomPage } from '../pages';

export const MATRIX_PATH = 'matriz-permisos';

export const pages: CustomPage[] = [
  {
    path: MATRIX_PATH,
    label: 'Matriz de permisos',
    labels: {
      en: 'Permission matrix',
      de: 'Berechtigungsmatrix',
      fr: 'Matrice des permissions',
      pt: 'Matriz de permissões',
    },
    group: 'usuarios',
    icon: GridOn,
    component: lazy(() => import('./PermisosMatrixPage')),
    access: { action: 'edit', resource: 'roles' },
  },
];
