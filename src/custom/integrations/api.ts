/**
 * Typed calls of the integration endpoints (spec §7 AECOC, Synchronisation, ERP connector, shopping feed),
 * added to the data provider (`withIntegrations`) so pages reach them through react-admin's useDataProvider
 * with the app's HTTP client (Bearer, single-flight refresh, Spanish error messages). Every call carries the
 * selected company as `empresaId`.
 */
import type { DataProvider } from 'react-admin';
import { useDataProvider } from 'react-admin';
import type { HttpClient } from '../../dataProvider/http';
import { LOG_ORDER, logTable, logWhere, type LogFilters } from './syncLog';

export type SyncState = 'OK' | 'PARCIAL' | 'ERROR' | 'VACIO';

export interface SyncSummary {
  estado: SyncState;
  mensaje: string;
  total: number;
  sincronizados: number;
  fallidos: number;
  errores: { tabla: string; registro: string; motivo: string }[];
}

export interface AecocResult {
  estado: 'OK' | 'ERROR' | 'VACIO';
  mensaje: string;
  fichero: string | null;
  productos: number;
  subido: boolean;
}

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
}

export interface IntegrationsApi {
  integrationsSyncProducts(params?: { idProducto?: number }): Promise<SyncSummary>;
  integrationsSyncReferenceState(params?: { idProducto?: number }): Promise<SyncSummary>;
  integrationsNewEanCode(code: string): Promise<string>;
  integrationsDeleteFromErp(items: { no: string; marca: string }[]): Promise<void>;
  integrationsSyncLog(
    table: string,
    filters: LogFilters,
    page: number,
    perPage: number,
  ): Promise<{ data: LogRow[]; total: number }>;
  integrationsSendAecoc(credentials?: { email: string; password: string }): Promise<AecocResult>;
  integrationsAecocLocalFiles(): Promise<AecocFile[]>;
  integrationsAecocResponses(): Promise<AecocFile[]>;
  integrationsShoppingFeed(onProgress?: (loaded: number, total: number | null) => void): Promise<Download>;
}

export type IntegrationsDataProvider = DataProvider & IntegrationsApi;

/** Throws the spec's client rule message when a required path parameter is missing (spec §5). */
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
    integrationsSyncProducts: (params = {}) =>
      getJson('/sincronizaProductos', { idProducto: params.idProducto }),
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
    integrationsSyncLog: async (table, filters, page, perPage) => {
      const { resource } = logTable(table);
      // The date filter means the user's calendar day, not the UTC one.
      const offsetMinutes = filters.fecha ? new Date(`${filters.fecha}T00:00:00`).getTimezoneOffset() : 0;
      const where = logWhere(table, {
        ...filters,
        offsetMinutes: Number.isNaN(offsetMinutes) ? 0 : offsetMinutes,
        empresaId: deps.getEmpresaId(),
      });
      const filter = { where, order: LOG_ORDER, limit: perPage, skip: (page - 1) * perPage };
      const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
      const [list, count] = await Promise.all([
        deps.httpClient(`${base}/${resource}?filter=${enc(filter)}`),
        deps.httpClient(`${base}/${resource}/count?where=${enc(where)}`),
      ]);
      return { data: list.json as LogRow[], total: Number((count.json as { count?: number }).count ?? 0) };
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
      if (!res.body) return { blob: await res.blob(), fileName };
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
      return { blob: new Blob(chunks as BlobPart[], { type }), fileName };
    },
  };
}

export const withIntegrations = <D extends DataProvider>(
  dataProvider: D,
  deps: IntegrationsDeps,
): D & IntegrationsApi => ({ ...dataProvider, ...createIntegrationsApi(deps) });

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
