/**
 * The import's custom data provider method for the LoopBack API: `findWhere(resource, where)` →
 * GET /{resource}?filter={"where":…} through the app's HTTP client (Bearer, single-flight refresh, Spanish
 * errors), AND-ed with the selected company for company-scoped resources; and `checkImport(resource, rows)` →
 * POST /importacion/comprobar/{resource}, the API's dry run of a batch of rows (what a write would answer,
 * server/features/import-dry-run.ts); and `createBatch(resource, rows)` → POST /importacion/crear/{resource},
 * new rows created in one request and one transaction; and `updateBatch(resource, rows)` →
 * POST /importacion/actualizar/{resource}, changed rows written in one request and one transaction
 * (server/features/import-batch-update.ts). Part of the app's one data provider
 * (src/custom/dataProvider.ts).
 */
import type { HttpClient } from '../../dataProvider/http';
import { andWhere } from '../../dataProvider/where';
import { schemaFor } from '../../resources/registry';
import type { BatchUpdated, CheckImport, CreateBatch, FindWhere, UpdateBatch } from './backend';
import { isRecord } from '../../core/guards';
import { ORIGIN_HEADER } from '../../core/history/versions';

export function findWhereMethod(
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
): FindWhere['findWhere'] {
  const base = apiUrl.replace(/\/+$/, '');
  return async (resource, where, options = {}) => {
    const schema = schemaFor(resource);
    const scoped = schema?.companyField ? andWhere({ [schema.companyField]: getEmpresaId() }, where) : where;
    const filter = encodeURIComponent(JSON.stringify({ where: scoped }));
    const response = await httpClient(
      `${base}/${resource}?filter=${filter}`,
      options.signal ? { signal: options.signal } : {},
    );
    return Array.isArray(response.json) ? response.json.filter(isRecord) : [];
  };
}

export function checkImportMethod(
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
): CheckImport['checkImport'] {
  const base = apiUrl.replace(/\/+$/, '');
  return async (resource, rows, options = {}) => {
    const response = await httpClient(`${base}/importacion/comprobar/${encodeURIComponent(resource)}`, {
      method: 'POST',
      body: JSON.stringify({ empresaId: getEmpresaId(), rows }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const answer = isRecord(response.json) && Array.isArray(response.json.rows) ? response.json.rows : [];
    return answer.filter(isRecord).map((row) => ({
      line: Number(row.line),
      operation: row.operation === 'update' ? 'update' : 'create',
      error: row.error,
    }));
  };
}

/** The answer of a batch write: the rows written, or the row that undid the batch and why. */
const batchAnswer = (json: unknown): BatchUpdated => {
  const body = isRecord(json) ? json : {};
  const written = Array.isArray(body.rows) ? body.rows.filter(isRecord) : [];
  const answer: BatchUpdated = { rows: written.map((row) => ({ line: Number(row.line), id: row.id })) };
  if (isRecord(body.failed)) {
    answer.failed = {
      line: typeof body.failed.line === 'number' ? body.failed.line : null,
      error: body.failed.error,
    };
  }
  return answer;
};

/** POST /importacion/{action}/{resource}: a batch of rows written in one request and one transaction. */
function batchWriteMethod<R>(
  action: 'crear' | 'actualizar',
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
) {
  const base = apiUrl.replace(/\/+$/, '');
  return async (
    resource: string,
    rows: readonly R[],
    options: { signal?: AbortSignal } = {},
  ): Promise<BatchUpdated> => {
    const response = await httpClient(`${base}/importacion/${action}/${encodeURIComponent(resource)}`, {
      method: 'POST',
      // the product history records these writes as the import's
      headers: new Headers({ Accept: 'application/json', [ORIGIN_HEADER]: 'importacion' }),
      body: JSON.stringify({ empresaId: getEmpresaId(), rows }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return batchAnswer(response.json);
  };
}

/** POST /importacion/crear/{resource}: new rows created in one request and one transaction. */
export const createBatchMethod = (
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
): CreateBatch['createBatch'] => batchWriteMethod('crear', apiUrl, httpClient, getEmpresaId);

/** POST /importacion/actualizar/{resource}: changed rows written in one request and one transaction. */
export const updateBatchMethod = (
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
): UpdateBatch['updateBatch'] => batchWriteMethod('actualizar', apiUrl, httpClient, getEmpresaId);

/** The import's part of the app's data provider: lookups, dry run and batch writes, one company source. */
export const importExportMethods = (
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
): FindWhere & CheckImport & CreateBatch & UpdateBatch => ({
  createBatch: createBatchMethod(apiUrl, httpClient, getEmpresaId),
  updateBatch: updateBatchMethod(apiUrl, httpClient, getEmpresaId),
  findWhere: findWhereMethod(apiUrl, httpClient, getEmpresaId),
  checkImport: checkImportMethod(apiUrl, httpClient, getEmpresaId),
});
