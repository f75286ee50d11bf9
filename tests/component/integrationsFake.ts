/**
 * Component-test stand-in for the integration endpoints over a ra-data-fakerest provider: the sync log reads the
 * fakerest rows of the table's resource and applies the page's filters (rows a sync has run on, the day, with /
 * without motivoErrorSincroConBC, SKU text, newest run first); the ERP syncs answer what each test gives them.
 * Every call is recorded.
 */
import type { DataProvider } from 'react-admin';
import { vi } from 'vitest';
import type { IntegrationsApi, LogRow, SyncSummary } from '../../src/custom/integrations/api';
import { logTable, type LogFilters } from '../../src/custom/integrations/syncLog';

const summary = (over: Partial<SyncSummary> = {}): SyncSummary => ({
  estado: 'OK',
  mensaje: 'Sincronización completada: 1 de 1 registros sincronizados',
  total: 1,
  sincronizados: 1,
  fallidos: 0,
  errores: [],
  ...over,
});

export const fakeIntegrations = (data: DataProvider, overrides: Partial<IntegrationsApi> = {}) => {
  const syncLog = vi.fn(
    async (table: string, filters: LogFilters, page: number, perPage: number, _signal?: AbortSignal) => {
      const { resource, identity } = logTable(table);
      const { data: all } = await data.getList(resource, {
        pagination: { page: 1, perPage: 100000 },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      });
      const texto = filters.texto?.trim().toLowerCase();
      const rows = (all as LogRow[])
        .filter((row) => typeof row.fechaEjecucionDeProcesoSincroBC === 'string')
        .filter(
          (row) => !filters.fecha || String(row.fechaEjecucionDeProcesoSincroBC).startsWith(filters.fecha),
        )
        .filter((row) => filters.errores !== 'con' || Boolean(row.motivoErrorSincroConBC))
        .filter((row) => filters.errores !== 'sin' || !row.motivoErrorSincroConBC)
        .filter(
          (row) =>
            !texto ||
            identity.some((field) =>
              String(row[field] ?? '')
                .toLowerCase()
                .includes(texto),
            ),
        )
        .sort((a, b) =>
          String(b.fechaEjecucionDeProcesoSincroBC).localeCompare(String(a.fechaEjecucionDeProcesoSincroBC)),
        );
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    },
  );
  const api: IntegrationsApi = {
    integrationsSyncProducts: vi.fn(async () => summary()),
    integrationsSyncProduct: vi.fn(async () => ({ respuesta: 'OK', ...summary() })),
    integrationsSyncBaseline: vi.fn(async () => null),
    integrationsSyncProgress: vi.fn(async () => ({ done: 0, total: 0 })),
    integrationsSyncReferenceState: vi.fn(async () => summary()),
    integrationsNewEanCode: vi.fn(async () => '8400000000017'),
    integrationsDeleteFromErp: vi.fn(async () => undefined),
    integrationsSyncLog: syncLog,
    integrationsSendAecoc: vi.fn(async () => ({
      estado: 'VACIO' as const,
      mensaje: 'No hay productos',
      fichero: null,
      productos: 0,
      subido: false,
    })),
    integrationsAecocLocalFiles: vi.fn(async () => []),
    integrationsAecocResponses: vi.fn(async () => []),
    integrationsShoppingFeed: vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'feed.xlsx', rows: 1 })),
    ...overrides,
  };
  return { api, provider: { ...data, ...api } };
};
