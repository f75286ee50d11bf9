/** The CSV import and export pages (docs/requirements.md#r2-screens "Bulk CSV import/export of many tables"), loaded on demand. */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/GetApp';
import { lazy } from 'react';
import type { CustomPage } from '../pages';

export const pages: CustomPage[] = [
  {
    path: 'importar-csv',
    label: 'Importar CSV',
    labels: { en: 'CSV import', de: 'CSV-Import', fr: 'Import CSV', pt: 'Importar CSV' },
    group: 'integraciones',
    icon: UploadFileIcon,
    component: lazy(() => import('./ImportPage')),
    // Import writes: people who may create products (admins); export only reads.
    access: { action: 'create', resource: 'productos' },
  },
  {
    path: 'exportar-csv',
    label: 'Exportar CSV',
    labels: { en: 'CSV export', de: 'CSV-Export', fr: 'Export CSV', pt: 'Exportar CSV' },
    group: 'integraciones',
    icon: DownloadIcon,
    component: lazy(() => import('./ExportPage')),
    access: { action: 'list', resource: 'productos' },
  },
];
