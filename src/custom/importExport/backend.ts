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

export interface ImportBackend {
  find(resource: string, where: LoopbackWhere, signal?: AbortSignal): Promise<Row[]>;
  create(resource: string, data: Row): Promise<Row>;
  update(resource: string, id: Identifier, data: Row, previous: Row): Promise<void>;
}

/** The custom method the LoopBack provider gains in api.ts. */
export interface FindWhere {
  findWhere(resource: string, where: LoopbackWhere, options?: { signal?: AbortSignal }): Promise<Row[]>;
}

const hasFindWhere = (provider: DataProvider): provider is DataProvider & FindWhere =>
  typeof (provider as Partial<FindWhere>).findWhere === 'function';

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
 */
export function backendFromDataProvider(
  provider: DataProvider,
  getEmpresaId: () => number,
  options: { findWhere?: boolean } = {},
): ImportBackend {
  const useFindWhere = options.findWhere ?? hasFindWhere(provider);
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
