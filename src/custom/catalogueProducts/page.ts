/** The catalogue product assignment screen (docs/requirements.md#r2-screens "Catalogue product management"), at /catalogo-productos[/{id}]. */
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import { lazy } from 'react';
import type { CustomPage } from '../pages';

export const PAGE_PATH = 'catalogo-productos';

export const pages: CustomPage[] = [
  {
    path: PAGE_PATH,
    label: 'Productos de catálogos',
    labels: {
      en: 'Catalogue products',
      de: 'Katalogprodukte',
      fr: 'Produits des catalogues',
      pt: 'Produtos dos catálogos',
    },
    group: 'catalogo',
    icon: PlaylistAddCheck,
    component: lazy(() => import('./CatalogueProductsPage')),
    access: { action: 'list', resource: 'catalogos-productos' },
  },
];
