/** Integration screens (spec §2): ERP sync, synchronisation log, AECOC sending, shopping-feed export. */
import CloudSync from '@mui/icons-material/CloudSync';
import ListAlt from '@mui/icons-material/ListAlt';
import SendToMobile from '@mui/icons-material/Send';
import TableView from '@mui/icons-material/TableView';
import { lazy } from 'react';
import type { CustomPage } from '../pages';

export const pages: CustomPage[] = [
  {
    path: 'sincronizacion-erp',
    label: 'Sincronización con ERP',
    labels: {
      en: 'ERP synchronisation',
      de: 'ERP-Synchronisierung',
      fr: 'Synchronisation ERP',
      pt: 'Sincronização ERP',
    },
    group: 'integraciones',
    icon: CloudSync,
    component: lazy(() => import('./ErpSyncPage')),
    access: { action: 'list', resource: 'productos' },
  },
  {
    path: 'registro-sincronizacion',
    label: 'Registro de sincronización',
    labels: {
      en: 'Synchronisation log',
      de: 'Synchronisierungsprotokoll',
      fr: 'Journal de synchronisation',
      pt: 'Registo de sincronização',
    },
    group: 'integraciones',
    icon: ListAlt,
    component: lazy(() => import('./SyncLogPage')),
    access: { action: 'list', resource: 'productos' },
  },
  {
    path: 'aecoc',
    label: 'Envío a AECOC',
    labels: { en: 'AECOC sending', de: 'AECOC-Versand', fr: 'Envoi AECOC', pt: 'Envio AECOC' },
    group: 'integraciones',
    icon: SendToMobile,
    component: lazy(() => import('./AecocPage')),
    access: { action: 'list', resource: 'productos' },
  },
  {
    path: 'shopping-feed',
    label: 'Shopping feed',
    labels: { en: 'Shopping feed', de: 'Shopping-Feed', fr: 'Flux shopping', pt: 'Shopping feed' },
    group: 'integraciones',
    icon: TableView,
    component: lazy(() => import('./ShoppingFeedPage')),
    access: { action: 'list', resource: 'productos' },
  },
];
