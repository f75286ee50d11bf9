/**
 * The text-generation endpoints' shapes, shared by the reference API (server/ai, server/features) and the app
 * (src/custom/aiTexts/api.ts). Pure types.
 */

/** One queued generation: a product with the prompt to apply (POST /ProductosGeneracionTextos/createMany). */
export interface QueueItem {
  productoId: number;
  marketplacePromptId: number;
  /** Comma list of language codes. */
  idiomas?: string;
}

/** What happened to one queued row (GET /generarTextosIAPorProcesoManual). */
export interface RowResult {
  id: number;
  productoId: number;
  marketplacePromptId: number;
  estado: 'Ejecutado' | 'NoEjecutado';
  motivo?: string;
  textos: number;
  /** Reviewed texts kept (not overwritten). */
  conservados: number;
}

export interface ProcessSummary {
  procesados: number;
  ejecutados: number;
  fallidos: number;
  conservados: number;
  /** Rows still pending after this run. */
  pendientes: number;
  resultados: RowResult[];
}

/** One product × marketplace of the review view (GET /ProductosGeneracionTextos/vista): counts and review state. */
export interface VistaRow {
  productoId: number;
  nombre: string;
  titulo?: string;
  categorias?: string;
  activoEnMarketplace?: string | null;
  marketplaceId: number;
  marketplaceCodigo?: string;
  marketplacePromptId?: number;
  total: number;
  revisados: number;
  estado: string;
  /** The newest generation date of the row's texts. */
  fechaGeneracion?: string;
  /** The ids of the row's texts (reference API): bulk review needs no other request. */
  textIds?: number[];
}
