/**
 * Integration screens (docs/requirements.md#r2-screens): ERP sync, synchronisation log, AECOC sending, shopping-feed export. Each asks
 * for its own permission (docs/requirements.md#r6-roles rules: action = controllerName, subject = moduleName; 'manage'/'all' grant
 * everything, so the admin role keeps them all):
 * - ERP sync: 'sync' on 'erp' (it writes to Business Central and the sync-log fields);
 * - sync log: 'read' on 'logsnavs' (the seeded 'Consultar el registro del ERP' permission);
 * - AECOC: 'send' on 'aecoc' (it sends files to an outside body);
 * - shopping feed: 'export' on 'productos' (a read of the catalogue; 'read productos' grants it).
 */
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
    access: { action: 'sync', resource: 'erp' },
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
    access: { action: 'read', resource: 'logsnavs' },
  },
  {
    path: 'aecoc',
    label: 'Envío a AECOC',
    labels: { en: 'AECOC sending', de: 'AECOC-Versand', fr: 'Envoi AECOC', pt: 'Envio AECOC' },
    group: 'integraciones',
    icon: SendToMobile,
    component: lazy(() => import('./AecocPage')),
    access: { action: 'send', resource: 'aecoc' },
  },
  {
    path: 'shopping-feed',
    label: 'Shopping feed',
    labels: { en: 'Shopping feed', de: 'Shopping-Feed', fr: 'Flux shopping', pt: 'Shopping feed' },
    group: 'integraciones',
    icon: TableView,
    component: lazy(() => import('./ShoppingFeedPage')),
    access: { action: 'export', resource: 'productos' },
  },
];
