/**
 * What the import needs from the API, over any react-admin DataProvider:
 * - create / update through the provider (its body rules, company field and changed-fields PATCH apply);
 * - `find(resource, where)`: the stored rows matching a LoopBack where (the keys of a batch). The LoopBack
 *   provider gets it as a custom method `findWhere` (see api.ts; part of src/custom/dataProvider.ts): one GET per batch.
 *   Other providers (fakerest in component tests) fall back to listing the resource and matching here.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { schemaFor } from '../../resources/registry';
import type { LoopbackWhere } from '../../dataProvider/where';
import type { Row } from '../../core/csv/normalize';
import { isRecord } from '../../core/guards';

/** Imported writes say so to the product history (the X-Origen header). */
const IMPORT = { origen: 'importacion' };

/** The API's answer for a row of a dry run that a write would refuse. */
export interface CheckedRow {
  line: number;
  operation: 'create' | 'update';
  /** The error as a write would answer it. */
  error: unknown;
}

/** The custom method the LoopBack provider gains in api.ts: the API's dry run of a batch of rows. */
export interface CheckImport {
  checkImport(
    resource: string,
    rows: readonly { line: number; values: Row }[],
    options?: { signal?: AbortSignal },
  ): Promise<CheckedRow[]>;
}

/** The answer of a batch create: the rows created, or the row that undid the batch and why. */
export interface BatchCreated {
  rows: { line: number; id: unknown }[];
  failed?: { line: number | null; error: unknown };
}

/** The answer of a batch update: the rows updated, or the row that undid the batch and why. */
export interface BatchUpdated {
  rows: { line: number; id: unknown }[];
  failed?: { line: number | null; error: unknown };
}

/** A changed row of a batch update: the stored record's id and the fields that change. */
export interface UpdateRow {
  line: number;
  id: Identifier;
  values: Row;
}

/** The custom method the LoopBack provider gains in api.ts: changed rows written in one request and transaction. */
export interface UpdateBatch {
  updateBatch(
    resource: string,
    rows: readonly UpdateRow[],
    options?: { signal?: AbortSignal },
  ): Promise<BatchUpdated>;
}

/** The custom method the LoopBack provider gains in api.ts: new rows created in one request and transaction. */
export interface CreateBatch {
  createBatch(
    resource: string,
    rows: readonly { line: number; values: Row }[],
    options?: { signal?: AbortSignal },
  ): Promise<BatchCreated>;
}

export interface ImportBackend {
  find(resource: string, where: LoopbackWhere, signal?: AbortSignal): Promise<Row[]>;
  /** The API's dry run of a batch (undefined: the provider has none, e.g. fakerest in component tests). */
  /** New rows in one request and one transaction (undefined: the provider has none; rows go one by one). */
  createBatch?(
    resource: string,
    rows: readonly { line: number; values: Row }[],
    signal?: AbortSignal,
  ): Promise<BatchCreated>;
  /** Changed rows in one request and one transaction (undefined: the provider has none; rows go one by one). */
  updateBatch?(resource: string, rows: readonly UpdateRow[], signal?: AbortSignal): Promise<BatchUpdated>;
  check?(
    resource: string,
    rows: readonly { line: number; values: Row }[],
    signal?: AbortSignal,
  ): Promise<CheckedRow[]>;
  create(resource: string, data: Row): Promise<Row>;
  update(resource: string, id: Identifier, data: Row, previous: Row): Promise<void>;
}

/** The custom method the LoopBack provider gains in api.ts. */
export interface FindWhere {
  findWhere(resource: string, where: LoopbackWhere, options?: { signal?: AbortSignal }): Promise<Row[]>;
}

const hasFindWhere = (provider: DataProvider): provider is DataProvider & FindWhere =>
  typeof (provider as Partial<FindWhere>).findWhere === 'function';

const hasCreateBatch = (provider: DataProvider): provider is DataProvider & CreateBatch =>
  typeof (provider as Partial<CreateBatch>).createBatch === 'function';

const hasUpdateBatch = (provider: DataProvider): provider is DataProvider & UpdateBatch =>
  typeof (provider as Partial<UpdateBatch>).updateBatch === 'function';

const hasCheckImport = (provider: DataProvider): provider is DataProvider & CheckImport =>
  typeof (provider as Partial<CheckImport>).checkImport === 'function';

const sameScalar = (a: unknown, b: unknown): boolean =>
  a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));

/** Evaluates the small where subset the import sends: equality, inq, and, or. */
export function matchesWhere(row: Row, where: LoopbackWhere): boolean {
  return Object.entries(where).every(([key, condition]) => {
    if (key === 'and' && Array.isArray(condition)) return condition.every((w) => matchesWhere(row, w));
    if (key === 'or' && Array.isArray(condition)) return condition.some((w) => matchesWhere(row, w));
    if (isRecord(condition) && Array.isArray(condition.inq)) {
      return condition.inq.some((value) => sameScalar(row[key], value));
    }
    return sameScalar(row[key], condition);
  });
}

/**
 * @param options.findWhere whether `provider.findWhere` exists (react-admin's useDataProvider proxy answers a
 *   function for any name, so the page checks the raw provider and says so); default: detected.
 * @param options.checkImport the same for `provider.checkImport` (the API's dry run).
 * @param options.createBatch the same for `provider.createBatch` (new rows in one request).
 * @param options.updateBatch the same for `provider.updateBatch` (changed rows in one request); default: as
 *   `createBatch` when that is given (the two come together, api.ts importExportMethods), else detected.
 */
export function backendFromDataProvider(
  provider: DataProvider,
  getEmpresaId: () => number,
  options: { findWhere?: boolean; checkImport?: boolean; createBatch?: boolean; updateBatch?: boolean } = {},
): ImportBackend {
  const useFindWhere = options.findWhere ?? hasFindWhere(provider);
  const useCheckImport = options.checkImport ?? hasCheckImport(provider);
  const useCreateBatch = options.createBatch ?? hasCreateBatch(provider);
  const useUpdateBatch = options.updateBatch ?? options.createBatch ?? hasUpdateBatch(provider);
  const find = async (resource: string, where: LoopbackWhere, signal?: AbortSignal): Promise<Row[]> => {
    if (useFindWhere) return (provider as DataProvider & FindWhere).findWhere(resource, where, { signal });
    const schema = schemaFor(resource);
    const filter = schema?.companyField ? { [schema.companyField]: getEmpresaId() } : {};
    const { data } = await provider.getList(resource, {
      pagination: { page: 1, perPage: 1_000_000 },
      sort: { field: 'id', order: 'ASC' },
      filter,
      signal,
    });
    return (data as Row[]).filter((row) => matchesWhere(row, where));
  };
  return {
    find,
    ...(useCheckImport
      ? {
          check: (resource: string, rows: readonly { line: number; values: Row }[], signal?: AbortSignal) =>
            (provider as DataProvider & CheckImport).checkImport(resource, rows, { signal }),
        }
      : {}),
    ...(useCreateBatch
      ? {
          createBatch: (
            resource: string,
            rows: readonly { line: number; values: Row }[],
            signal?: AbortSignal,
          ) => (provider as DataProvider & CreateBatch).createBatch(resource, rows, { signal }),
        }
      : {}),
    ...(useUpdateBatch
      ? {
          updateBatch: (resource: string, rows: readonly UpdateRow[], signal?: AbortSignal) =>
            (provider as DataProvider & UpdateBatch).updateBatch(resource, rows, { signal }),
        }
      : {}),
    async create(resource, data) {
      // The LoopBack provider adds the selected company itself; others (fakerest) get it here.
      const schema = schemaFor(resource);
      const body =
        schema?.companyField &&
        (data[schema.companyField] === undefined || data[schema.companyField] === null)
          ? { ...data, [schema.companyField]: getEmpresaId() }
          : data;
      const { data: created } = await provider.create(resource, { data: body, meta: IMPORT });
      return created as Row;
    },
    async update(resource, id, data, previous) {
      await provider.update(resource, {
        id,
        data,
        previousData: previous as RaRecord,
        meta: IMPORT,
      });
    },
  };
}
