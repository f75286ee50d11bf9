/**
 * Typed calls of the integration endpoints (docs/requirements.md#r7-api AECOC, Synchronisation, ERP connector, shopping feed),
 * part of the app's data provider (src/custom/dataProvider.ts) so pages reach them through react-admin's useDataProvider
 * with the app's HTTP client (Bearer, single-flight refresh, Spanish error messages). Every call carries the
 * selected company as `empresaId`.
 */
import type { DataProvider } from 'react-admin';
import { useDataProvider } from 'react-admin';
import type { HttpClient } from '../../dataProvider/http';
import { MANUAL_SYNC_PATH } from '../../core/productEditor/contract';
import type { AecocAnswer, SyncSummary } from './outcomes';
import { LOG_ORDER, logTable, logWhere, type LogFilters } from './syncLog';
import { baselineFilter, RUN_FIELD, syncDoneWhere, syncTargetWhere, type SyncProgress } from './syncProgress';

export type { SyncState, SyncSummary } from './outcomes';
export type AecocResult = AecocAnswer;

export interface AecocFile {
  nombre: string;
  tamano: number;
  fecha: string;
  contenido?: string;
}

export type LogRow = Record<string, unknown> & { id: number };

export interface Download {
  blob: Blob;
  fileName: string;
  /** Products in the file (the X-Total-Count header, else the company's product count); null if unknown. */
  rows: number | null;
}

export interface IntegrationsApi {
  /** Every product of the company with sincronizarConBC S (GET /sincronizaProductos, no parameters). */
  integrationsSyncProducts(): Promise<SyncSummary>;
  /**
   * One product (GET /sincronizaProductosManual?idProducto=): the manual rules apply — 'volumen NO' without a
   * volume, skipped unless sincronizarConBC is S. The raw answer: read it with outcomes.ts manualSyncOutcome.
   */
  integrationsSyncProduct(idProducto: number): Promise<unknown>;
  integrationsSyncReferenceState(params?: { idProducto?: number }): Promise<SyncSummary>;
  /** The newest run date of the company's products before a full sync (server clock), null when none. */
  integrationsSyncBaseline(): Promise<string | null>;
  /** How many of the products a full sync covers it has reached since the baseline. */
  integrationsSyncProgress(baseline: string | null): Promise<SyncProgress>;
  integrationsNewEanCode(code: string): Promise<string>;
  integrationsDeleteFromErp(items: { no: string; marca: string }[]): Promise<void>;
  integrationsSyncLog(
    table: string,
    filters: LogFilters,
    page: number,
    perPage: number,
    signal?: AbortSignal,
  ): Promise<{ data: LogRow[]; total: number }>;
  integrationsSendAecoc(credentials?: { email: string; password: string }): Promise<AecocResult>;
  integrationsAecocLocalFiles(): Promise<AecocFile[]>;
  integrationsAecocResponses(): Promise<AecocFile[]>;
  integrationsShoppingFeed(onProgress?: (loaded: number, total: number | null) => void): Promise<Download>;
}

export type IntegrationsDataProvider = DataProvider & IntegrationsApi;

/** Throws the spec's client rule message when a required path parameter is missing (docs/requirements.md#r5-validation). */
export const requireParam = (value: unknown, name: string, operation: string): void => {
  if (value === undefined || value === null || value === '')
    throw new Error(`required parameter ${name} was null or undefined when calling ${operation}`);
};

export interface IntegrationsDeps {
  apiUrl: string;
  httpClient: HttpClient;
  getEmpresaId: () => number;
  /** For the blob download (the JSON client cannot read binary bodies). */
  getAccessToken: () => string | null;
}

const fileNameOf = (disposition: string | null, fallback: string): string =>
  /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;

export function createIntegrationsApi(deps: IntegrationsDeps): IntegrationsApi {
  const base = deps.apiUrl.replace(/\/+$/, '');
  const url = (path: string, query: Record<string, string | number | undefined> = {}) => {
    const params = new URLSearchParams({ empresaId: String(deps.getEmpresaId()) });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    return `${base}${path}?${params.toString()}`;
  };
  const getJson = async <T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> =>
    (await deps.httpClient(url(path, query))).json as T;
  const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const count = async (resource: string, where: unknown, signal?: AbortSignal): Promise<number> =>
    Number(
      (
        (await deps.httpClient(`${base}/${resource}/count?where=${enc(where)}`, { signal })).json as {
          count?: number;
        }
      ).count ?? 0,
    );

  /** A binary GET with the session token; a 401 goes once through the JSON client to refresh it. */
  const fetchBlob = async (target: string): Promise<Response> => {
    const attempt = () =>
      fetch(target, {
        headers: deps.getAccessToken() ? { Authorization: `Bearer ${deps.getAccessToken()}` } : {},
      });
    let res = await attempt().catch(() => {
      throw new Error('Error de conexión. Verifique su red e intente de nuevo.');
    });
    if (res.status === 401) {
      await deps.httpClient(`${base}/usuarios/me`);
      res = await attempt();
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new Error(
        res.status < 500 && body?.error?.message
          ? body.error.message
          : 'Ocurrió un error inesperado. Intente nuevamente.',
      );
    }
    return res;
  };

  return {
    integrationsSyncProducts: () => getJson('/sincronizaProductos'),
    integrationsSyncProduct: async (idProducto) => {
      requireParam(idProducto, 'idProducto', 'sincronizaProductosManual');
      // The spec's route takes idProducto only (the product's own company applies).
      const params = new URLSearchParams({ idProducto: String(idProducto) });
      return (await deps.httpClient(`${base}${MANUAL_SYNC_PATH}?${params.toString()}`)).json;
    },
    integrationsSyncBaseline: async () => {
      const filter = baselineFilter(deps.getEmpresaId());
      const rows = (await deps.httpClient(`${base}/productos?filter=${enc(filter)}`)).json as LogRow[];
      const value = rows?.[0]?.[RUN_FIELD];
      return typeof value === 'string' && value ? value : null;
    },
    integrationsSyncProgress: async (baseline) => {
      const empresaId = deps.getEmpresaId();
      const [total, done] = await Promise.all([
        count('productos', syncTargetWhere(empresaId)),
        count('productos', syncDoneWhere(empresaId, baseline)),
      ]);
      return { done, total };
    },
    integrationsSyncReferenceState: (params = {}) =>
      params.idProducto
        ? getJson('/sincronizaEstadoReferenciaManual', { idProducto: params.idProducto })
        : getJson('/sincronizaEstadoReferencia'),
    integrationsNewEanCode: async (code) => {
      requireParam(code, 'code', 'newEANCode');
      const body = await getJson<{ data?: { mensaje?: string } }>(`/NewEANCode/${encodeURIComponent(code)}`);
      return String(body.data?.mensaje ?? '');
    },
    integrationsDeleteFromErp: async (items) => {
      await deps.httpClient(url('/postEliminarProductoDeBC'), {
        method: 'POST',
        body: JSON.stringify({ items }),
      });
    },
    integrationsSyncLog: async (table, filters, page, perPage, signal) => {
      const { resource } = logTable(table);
      // The date filter means the user's calendar day, not the UTC one.
      const offsetMinutes = filters.fecha ? new Date(`${filters.fecha}T00:00:00`).getTimezoneOffset() : 0;
      const where = logWhere(table, {
        ...filters,
        offsetMinutes: Number.isNaN(offsetMinutes) ? 0 : offsetMinutes,
        empresaId: deps.getEmpresaId(),
      });
      const filter = { where, order: LOG_ORDER, limit: perPage, skip: (page - 1) * perPage };
      const [list, total] = await Promise.all([
        deps.httpClient(`${base}/${resource}?filter=${enc(filter)}`, { signal }),
        count(resource, where, signal),
      ]);
      return { data: list.json as LogRow[], total };
    },
    integrationsSendAecoc: (credentials) => {
      if (!credentials) return getJson('/enviarAECOC');
      requireParam(credentials.email, 'email', 'enviarAECOCmanual');
      requireParam(credentials.password, 'password', 'enviarAECOCmanual');
      return getJson(
        `/enviarAECOCmanual/${encodeURIComponent(credentials.email)}/${encodeURIComponent(credentials.password)}`,
      );
    },
    integrationsAecocLocalFiles: () => getJson('/obtenerarchivoslocalesAecoc'),
    integrationsAecocResponses: () => getJson('/obtenerrespuestaAECOCFTP'),
    integrationsShoppingFeed: async (onProgress) => {
      const res = await fetchBlob(url('/generarExcelShoppingfeed'));
      const fileName = fileNameOf(res.headers.get('Content-Disposition'), 'shoppingfeed.xlsx');
      const length = Number(res.headers.get('Content-Length')) || null;
      const header = res.headers.get('X-Total-Count');
      // Without the header (another backend), the company's product count: the feed has one row per product.
      const rows = async (): Promise<number | null> =>
        header !== null && header.trim() !== '' && Number.isFinite(Number(header))
          ? Number(header)
          : count('productos', { empresaId: deps.getEmpresaId() }).catch(() => null);
      if (!res.body) return { blob: await res.blob(), fileName, rows: await rows() };
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let loaded = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.length;
        onProgress?.(loaded, length);
      }
      const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
      return { blob: new Blob(chunks as BlobPart[], { type }), fileName, rows: await rows() };
    },
  };
}

export const useIntegrations = (): IntegrationsDataProvider => useDataProvider<IntegrationsDataProvider>();

/** Saves a blob under a file name (a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
