/**
 * The text-generation endpoints (docs/requirements.md#r7-api) as custom methods of the data provider, so pages reach them with
 * `useDataProvider()` through the same HTTP client (Bearer, single-flight refresh, Spanish errors).
 * Part of the app's one data provider (src/custom/dataProvider.ts).
 */
import type { DataProvider } from 'react-admin';
import { useDataProvider } from 'react-admin';
import type { HttpClient } from '../../dataProvider/http';
import type { ProcessSummary, QueueItem, RowResult, VistaRow } from '../../core/aiTexts/contract';
import { CAMPO_SUFFIXES } from '../../core/aiTexts/fields';

export type { ProcessSummary, QueueItem, RowResult };

export interface TextoGenerado {
  id: number;
  productoId: number;
  marketplacePromptId?: number;
  marketplaceId?: number;
  marketplaceCodigo?: string;
  idioma?: string;
  campo?: string;
  texto?: string;
  revisado_sn?: 'S' | 'N' | null;
  fechaGeneracion?: string;
}

export type { VistaRow };

export interface VistaFilters {
  productos?: number[];
  categoria?: string;
  subcategoria?: string;
  marketplaces?: number[];
  revision?: string;
  /** Part of the product's name or title (case-insensitive). */
  texto?: string;
}

/** One page of the review view: at most `limit` rows after the first `skip`. */
export interface VistaPage {
  limit: number;
  skip: number;
}

/** The rows of one page of the review view and how many rows match the filters (X-Total-Count). */
export interface VistaAnswer {
  data: VistaRow[];
  total: number;
}

export interface PromptPairs {
  pares: { productoId: number; marketplaceId: number; marketplacePromptId: number }[];
  sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[];
}

export interface PruebaResult {
  campo: string;
  prompt: string;
  idioma: string;
  texto?: string;
  error?: string;
}

export interface PruebaParams {
  idProducto: number;
  pares: { campo: string; prompt: string }[];
  idiomas: string[];
}

/** One product of the generic dispatch: without a prompt id the server picks the product's prompts. */
export interface DispatchItem {
  productoId: number;
  marketplacePromptId?: number;
  marketplaceId?: number;
  idiomas?: string;
}

export interface CancelAnswer {
  count: number;
  /** Rows being processed right now (they finish). */
  enProceso?: number[];
}

export type DispatchEndpoint = 'pim/process-base64' | 'pim/process-base64-direct';

export interface DispatchAnswer {
  status: 'Ejecutado' | 'NoEjecutado';
  mensaje?: string;
}

export interface AiTextsMethods {
  /** The review view, sorted, filtered and paged by the API; without `page`, every row. */
  aiVista(filters: VistaFilters, page?: VistaPage): Promise<VistaAnswer>;
  aiTextosProducto(idProducto: number): Promise<TextoGenerado[]>;
  aiGuardarTextos(textos: Partial<TextoGenerado>[], idMarketPlacePrompt?: number): Promise<unknown>;
  aiActualizarRevision(ids: number[], nuevoEstado: 'S' | 'N'): Promise<{ count: number }>;
  aiPromptsParaProductos(productos: number[], marketplaces: number[]): Promise<PromptPairs>;
  aiCrearCola(items: QueueItem[]): Promise<{ id: number }[]>;
  aiProcesar(ids: number[], sobrescribirRevisados?: boolean): Promise<ProcessSummary>;
  /**
   * Cancels the pending queue rows among `ids` (reference-API PATCH /ProductosGeneracionTextos/cancelarPendientes).
   * `keepalive` lets the request outlive the page (closing the tab mid-run).
   */
  aiCancelarCola(ids: number[], options?: { keepalive?: boolean }): Promise<CancelAnswer>;
  aiPruebas(params: PruebaParams): Promise<PruebaResult[]>;
  aiExistePrompt(marketplaceId: number, categoria: string, idExcluir?: number): Promise<boolean>;
  aiDispatch(endpoint: DispatchEndpoint, items: DispatchItem[]): Promise<DispatchAnswer>;
}

const query = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

const ids = (list?: readonly number[]) => (list?.length ? list.join(',') : undefined);

/** base64 of a UTF-8 JSON value (the dispatch's base64Data). */
export const toBase64Json = (value: unknown): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary);
};

export function aiTextsMethods(apiUrl: string, httpClient: HttpClient): AiTextsMethods {
  const getJson = async <T>(path: string): Promise<T> => (await httpClient(`${apiUrl}${path}`)).json as T;
  const send = async <T>(
    method: string,
    path: string,
    body: unknown,
    options: { keepalive?: boolean } = {},
  ): Promise<T> =>
    (await httpClient(`${apiUrl}${path}`, { method, body: JSON.stringify(body), ...options })).json as T;
  return {
    aiVista: async (f, page) => {
      const response = await httpClient(
        `${apiUrl}/obtenerRegistrosVistaMarketPlaceProductoGeneral${query({
          productos: ids(f.productos),
          categoria: f.categoria?.trim(),
          subcategoria: f.subcategoria?.trim(),
          marketplaces: ids(f.marketplaces),
          revision: f.revision,
          texto: f.texto?.trim(),
          limit: page?.limit,
          skip: page?.skip || undefined,
        })}`,
      );
      const data = (response.json ?? []) as VistaRow[];
      const header = response.headers.get('X-Total-Count');
      const total = header === null ? Number.NaN : Number(header);
      return { data, total: Number.isFinite(total) ? total : (page?.skip ?? 0) + data.length };
    },
    aiTextosProducto: (idProducto) =>
      getJson(`/obtenerTodosLosTextosGeneradosParaElProducto${query({ idProducto })}`),
    aiGuardarTextos: (textos, idMarketPlacePrompt) =>
      send('POST', `/guardar-textos-generados${query({ idMarketPlacePrompt })}`, textos),
    aiActualizarRevision: (list, nuevoEstado) =>
      send('PATCH', '/ProductosGeneracionTextos/updateManyProcesado', { ids: list, nuevoEstado }),
    aiPromptsParaProductos: (productos, marketplaces) =>
      getJson(
        `/generacion-textos/prompts${query({ productos: ids(productos), marketplaces: ids(marketplaces) })}`,
      ),
    aiCrearCola: (items) => send('POST', '/ProductosGeneracionTextos/createMany', items),
    aiProcesar: (list, sobrescribir) =>
      getJson(
        `/generarTextosIAPorProcesoManual${query({ ids: ids(list), sobrescribirRevisados: sobrescribir ? 'S' : undefined })}`,
      ),
    aiCancelarCola: (list, options) =>
      send('PATCH', '/ProductosGeneracionTextos/cancelarPendientes', { ids: list }, options),
    aiPruebas: ({ idProducto, pares, idiomas }) => {
      const params: Record<string, string | number | undefined> = { idProducto, idiomas: idiomas.join(',') };
      pares.slice(0, 5).forEach((pair, index) => {
        params[`campo${CAMPO_SUFFIXES[index]}`] = pair.campo;
        params[`promptCampo${CAMPO_SUFFIXES[index]}`] = pair.prompt;
      });
      return getJson(`/generarTextosIAPromptDePruebas${query(params)}`);
    },
    aiExistePrompt: async (marketplaceId, categoriaId, idExcluir) =>
      (
        await getJson<{ existe: boolean }>(
          `/existeMarketPlaceYCategoria${query({ marketplaceId, categoriaId, idExcluir })}`,
        )
      ).existe,
    aiDispatch: (endpoint, items) =>
      send('POST', `/generarTextos_IA_API_SVAN${query({ $endpoint: endpoint })}`, {
        base64Data: toBase64Json(items),
      }),
  };
}

export type AiDataProvider = DataProvider & AiTextsMethods;

export const useAiTexts = (): AiDataProvider => useDataProvider<AiDataProvider>();
