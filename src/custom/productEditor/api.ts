/**
 * The product endpoints beyond CRUD (contract.ts), called through the app's HTTP client (Bearer, single-flight
 * refresh, Spanish error messages). `productApiExtension(apiUrl, httpClient)` is their part of the app's data
 * provider (src/custom/dataProvider.ts): ONE dispatch method, so screens reach them through react-admin's `useDataProvider()`:
 *
 *   dataProvider.productApi('getNextId')  dataProvider.productApi('replicate', id)  …
 *
 * plus `productMediaBaseUrl`, the address uploaded files are served from (thumbnails, previews).
 */
import type { Identifier } from 'ra-core';
import type { HttpClient } from '../../dataProvider/http';
import type { ProductAttributeRow } from './attributeSync';
import {
  B2B_FILTERED_PATH,
  B2B_TOTAL_HEADER,
  MANUAL_SYNC_PATH,
  NEXT_ID_PATH,
  PROCESS_IMAGES_PATH,
  UPLOAD_FIELD,
  attributesByProductPath,
  b2bProductPath,
  iconsResetPath,
  mediaByProductPath,
  queryString,
  replicaPath,
  uploadPath,
  type B2bDetail,
  type B2bPage,
  type B2bQuery,
  type B2bRow,
  type ManualSyncAnswer,
  type ProcessImagesAnswer,
  type UploadAnswer,
  type UploadKind,
} from '../../core/productEditor/contract';
import { isRecord } from '../../core/guards';
import {
  RESTORE_PATH,
  VERSIONS_PATH,
  type RestoreAnswer,
  type RestoreBody,
  type Version,
} from '../../core/history/versions';
import {
  READINESS_PATH,
  SUMMARY_PATH,
  type ReadinessEntry,
  type ReadinessSummary,
} from '../../core/readiness/score';

export type ApiRow = Record<string, unknown> & { id?: Identifier };

export interface ReviewText {
  productoId: number;
  revisado_sn?: string | null;
}

export interface UploadRequest {
  kind: UploadKind;
  empresaId: number;
  nombre: string;
  fileName: string;
  file: Blob;
}

/** Everything the product screens call besides the standard data provider methods. */
export interface ProductApi {
  getNextId(): Promise<number>;
  replicate(id: Identifier): Promise<ApiRow>;
  upload(request: UploadRequest): Promise<UploadAnswer>;
  syncManual(id: Identifier): Promise<ManualSyncAnswer>;
  /** The generated texts of many products in ONE request (the list's review status column). */
  reviewTexts(productIds: readonly Identifier[]): Promise<ReviewText[]>;
  attributesOf(productId: Identifier): Promise<ProductAttributeRow[]>;
  mediaOf(productId: Identifier): Promise<ApiRow[]>;
  resetIcons(productId: Identifier): Promise<void>;
  processImages(nombres: readonly string[]): Promise<ProcessImagesAnswer>;
  /** A page of B2B rows (`limit`/`skip` of the query) and how many match. */
  b2bProducts(query: B2bQuery): Promise<B2bPage>;
  b2bProduct(nombre: string): Promise<B2bDetail>;
  /** The product's history, newest first (GET /productos/{id}/versiones). */
  versions(productId: Identifier): Promise<Version[]>;
  /** Restores the product (or one field) to a version; the restore is a new version. */
  restoreVersion(productId: Identifier, versionId: number, body?: RestoreBody): Promise<RestoreAnswer>;
  /** The product's readiness for each marketplace (GET /productos/{id}/preparacion). */
  readiness(productId: Identifier): Promise<ReadinessEntry[]>;
  /** Per marketplace: products ready and not ready, and its rules (GET /preparacion/resumen). */
  readinessSummary(): Promise<ReadinessSummary[]>;
}

export type ProductApiMethod = keyof ProductApi;

/** The dispatch method added to the data provider. */
export type ProductApiDispatch = <K extends ProductApiMethod>(
  method: K,
  ...args: Parameters<ProductApi[K]>
) => ReturnType<ProductApi[K]>;

export interface ProductApiExtension {
  productApi: ProductApiDispatch;
  productMediaBaseUrl: string;
}

const rows = (json: unknown): ApiRow[] => (Array.isArray(json) ? json.filter(isRecord) : []);

const encodeJson = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

/** The ProductApi over HTTP. */
export const createHttpProductApi = (apiUrl: string, httpClient: HttpClient): ProductApi => {
  const base = apiUrl.replace(/\/+$/, '');
  const getJson = async (path: string): Promise<unknown> => (await httpClient(`${base}${path}`)).json;
  return {
    async getNextId() {
      const json = await getJson(NEXT_ID_PATH);
      const value = isRecord(json) ? (json.nextId ?? json.id) : json;
      const next = Number(value);
      if (!Number.isInteger(next) || next <= 0) throw new Error('Respuesta inesperada del servidor');
      return next;
    },
    async replicate(id) {
      const json = await getJson(replicaPath(id));
      if (!isRecord(json)) throw new Error('Respuesta inesperada del servidor');
      return json;
    },
    async upload({ kind, empresaId, nombre, fileName, file }) {
      const body = new FormData();
      body.append(UPLOAD_FIELD, file, fileName);
      const response = await httpClient(`${base}${uploadPath(kind, empresaId, nombre, fileName)}`, {
        method: 'POST',
        body,
      });
      if (!isRecord(response.json)) throw new Error('Respuesta inesperada del servidor');
      return response.json as unknown as UploadAnswer;
    },
    async syncManual(id) {
      const json = await getJson(`${MANUAL_SYNC_PATH}${queryString({ idProducto: String(id) })}`);
      if (typeof json === 'string')
        return { respuesta: json as ManualSyncAnswer['respuesta'], mensaje: json };
      if (!isRecord(json)) throw new Error('Respuesta inesperada del servidor');
      return json as unknown as ManualSyncAnswer;
    },
    async reviewTexts(productIds) {
      const ids = [...new Set(productIds.map((id) => Number(id)).filter(Number.isFinite))];
      if (!ids.length) return [];
      const filter = {
        where: { productoId: { inq: ids } },
        fields: { productoId: true, revisado_sn: true },
      };
      return rows(await getJson(`/TextosGenerados?filter=${encodeJson(filter)}`)).map((row) => ({
        productoId: Number(row.productoId),
        revisado_sn: (row.revisado_sn as string | null | undefined) ?? null,
      }));
    },
    async attributesOf(productId) {
      return rows(await getJson(attributesByProductPath(productId))) as unknown as ProductAttributeRow[];
    },
    async mediaOf(productId) {
      return rows(await getJson(mediaByProductPath(productId)));
    },
    async resetIcons(productId) {
      await httpClient(`${base}${iconsResetPath(productId)}`, { method: 'DELETE' });
    },
    async processImages(nombres) {
      const json = await getJson(`${PROCESS_IMAGES_PATH}${queryString({ productos: nombres.join(',') })}`);
      if (!isRecord(json)) throw new Error('Respuesta inesperada del servidor');
      return json as unknown as ProcessImagesAnswer;
    },
    async b2bProducts(query) {
      const response = await httpClient(`${base}${B2B_FILTERED_PATH}${queryString({ ...query })}`);
      const data = rows(response.json) as unknown as B2bRow[];
      const total = Number(response.headers.get(B2B_TOTAL_HEADER));
      return {
        data,
        total: Number.isFinite(total) && response.headers.has(B2B_TOTAL_HEADER) ? total : data.length,
      };
    },
    async versions(productId) {
      const json = await getJson(VERSIONS_PATH(encodeURIComponent(String(productId))));
      return Array.isArray(json) ? (json.filter(isRecord) as unknown as Version[]) : [];
    },
    async readiness(productId) {
      const json = await getJson(READINESS_PATH(encodeURIComponent(String(productId))));
      return Array.isArray(json) ? (json.filter(isRecord) as unknown as ReadinessEntry[]) : [];
    },
    async readinessSummary() {
      const json = await getJson(SUMMARY_PATH);
      return Array.isArray(json) ? (json.filter(isRecord) as unknown as ReadinessSummary[]) : [];
    },
    async restoreVersion(productId, versionId, body = {}) {
      const response = await httpClient(
        `${base}${RESTORE_PATH(encodeURIComponent(String(productId)), versionId)}`,
        { method: 'POST', body: JSON.stringify(body) },
      );
      if (!isRecord(response.json)) throw new Error('Respuesta inesperada del servidor');
      return response.json as unknown as RestoreAnswer;
    },
    async b2bProduct(nombre) {
      const json = await getJson(b2bProductPath(nombre));
      if (!isRecord(json)) throw new Error('Respuesta inesperada del servidor');
      return json as unknown as B2bDetail;
    },
  };
};

/** A dispatcher over any ProductApi implementation. */
export const dispatcherFor =
  (api: ProductApi): ProductApiDispatch =>
  (method, ...args) =>
    (api[method] as (...a: unknown[]) => ReturnType<ProductApi[typeof method]>)(...args);

/** The product API part of the app's data provider (src/custom/dataProvider.ts). */
export const productApiExtension = (apiUrl: string, httpClient: HttpClient): ProductApiExtension => ({
  productApi: dispatcherFor(createHttpProductApi(apiUrl, httpClient)),
  productMediaBaseUrl: apiUrl.replace(/\/+$/, ''),
});
