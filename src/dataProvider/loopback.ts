/**
 * react-admin DataProvider for the LoopBack 4 REST dialect (the architecture notes (data provider rules), docs/loopback-contract.md), driven by the
 * resource schemas of src/resources (id field, composite keys, company scoping, filters, writable fields).
 *
 *   loopbackDataProvider(apiUrl, httpClient = fetchUtils.fetchJson, { getEmpresaId })
 *
 * - getList / getManyReference: GET /{r}?filter=<JSON> and GET /{r}/count?where=<JSON> in parallel.
 * - getMany: `where: {<idField>: {inq}}` in batches of ≤ 100 ids (and ≤ MAX_URL_LENGTH characters), in parallel.
 * - create: POST (company-scoped resources get `empresaId = selectedEmpresaId`), declared writable fields only.
 * - update: PATCH /{r}/{id} with the changed fields only (no request when nothing changed); 204 → merged record.
 * - updateMany: PATCH /{r}?where={"<idField>":{"inq":ids}} (refused where operations.updateMany is false).
 * - delete: DELETE /{r}/{id}, or /{r}/{id}/{deleteKey value} (Ensamblados, Sustitutos, Repuestos),
 *   or /{r}/{key1}/{key2} for composite keys (ProductoIconos). deleteMany: one DELETE per id, ≤ 5 at a time.
 */
import { fetchUtils, HttpError } from 'ra-core';
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  SortPayload,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import { schemaFor } from '../resources/registry';
import type { FieldSchema, ResourceSchema } from '../resources/types';
import { mapPool } from '../core/pool';
import { getSelectedEmpresaId } from './company';
import type { HttpClient, HttpResponse } from './http';
import {
  andWhere,
  namesField,
  calendarDay,
  coerceForField,
  filterToWhere,
  findField,
  knownSortField,
  type LoopbackWhere,
  type WhereCondition,
  type WherePrimitive,
} from './where';
import { isRecord } from '../core/guards';
import { ORIGIN_HEADER, origenOf, type Origen } from '../core/history/versions';

export type Row = Record<string, unknown>;

/** LoopBack `include` entries: a relation name or `{relation, scope}`. */
export type IncludeEntry = string | { relation: string; scope?: Record<string, unknown> };

export interface LoopbackFilter {
  where?: LoopbackWhere;
  order?: string[];
  limit?: number;
  skip?: number;
  include?: IncludeEntry[];
}

export interface LoopbackDataProviderOptions {
  /** The selected company (default: localStorage 'selectedEmpresaId', else 1). */
  getEmpresaId?: () => number;
  /** Parallel DELETEs in deleteMany (default 5). */
  deleteConcurrency?: number;
}

/** Ids per getMany/updateMany request (docs/requirements.md#r7-api "batched with an inq list of 100"). */
export const BATCH_SIZE = 100;
/** Keep every URL far below Node's 16 KiB header limit (LoopBack answers 431 beyond it). */
export const MAX_URL_LENGTH = 8000;
const encodeJson = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

export const requireSchema = (resource: string): ResourceSchema => {
  const schema = schemaFor(resource);
  if (!schema) throw new Error(`Recurso desconocido: ${resource}`);
  return schema;
};

const assertOperation = (
  schema: ResourceSchema,
  resource: string,
  operation: keyof ResourceSchema['operations'],
): void => {
  if (schema.operations[operation]) return;
  const names = {
    create: 'crear',
    update: 'actualizar',
    delete: 'eliminar',
    updateMany: 'actualización múltiple',
  };
  throw new Error(`Operación no permitida: el recurso ${resource} no admite ${names[operation]}`);
};

// ---------- ids ----------

/** The react-admin id of an API record: its idField, or `${key1}-${key2}` for composite keys. */
export const recordId = (schema: ResourceSchema, row: Row): Identifier | undefined => {
  if (schema.compositeKey) {
    const [a, b] = schema.compositeKey;
    if (isBlank(row[a]) || isBlank(row[b])) return undefined;
    return `${String(row[a])}-${String(row[b])}`;
  }
  const value = row[schema.idField];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
};

/** The key values of a composite id: from the record when it has them, else parsed from `${key1}-${key2}`. */
export const compositeKeyWhere = (schema: ResourceSchema, id: Identifier, record?: Row | null): Row => {
  const keys = schema.compositeKey;
  if (!keys) throw new Error(`El recurso ${schema.name} no tiene clave compuesta`);
  const [a, b] = keys;
  if (record && !isBlank(record[a]) && !isBlank(record[b])) {
    return { [a]: coerceForField(schema, a, record[a]), [b]: coerceForField(schema, b, record[b]) };
  }
  const text = String(id);
  const separator = text.indexOf('-', 1);
  if (separator <= 0 || separator === text.length - 1) {
    throw new Error(`Identificador no válido para ${schema.name}: ${text}`);
  }
  return {
    [a]: coerceForField(schema, a, text.slice(0, separator)),
    [b]: coerceForField(schema, b, text.slice(separator + 1)),
  };
};

const apiId = (schema: ResourceSchema, id: Identifier): WherePrimitive => {
  const value = coerceForField(schema, schema.idField, id);
  return typeof value === 'number' || typeof value === 'string' ? value : String(id);
};

// ---------- records ----------

const includeNames = (include: readonly IncludeEntry[] | undefined): string[] =>
  (include ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.relation));

/** API row → react-admin record: `id` mapped, writeOnly fields removed, missing to-many relations → []. */
export const toRaRecord = (schema: ResourceSchema, row: Row, include?: readonly IncludeEntry[]): RaRecord => {
  const record: Row = { ...row };
  for (const field of schema.fields) if (field.writeOnly) delete record[field.name];
  // LoopBack leaves the relation key out when a parent has no children (docs: "NO roles key").
  for (const name of includeNames(include)) {
    const relation = schema.relations?.find((candidate) => candidate.name === name);
    if (relation && relation.kind !== 'belongsTo' && record[name] === undefined) record[name] = [];
  }
  const id = recordId(schema, row);
  if (id !== undefined) record.id = id;
  return record as RaRecord;
};

const asRows = (json: unknown): Row[] => (Array.isArray(json) ? json.filter(isRecord) : []);

const writableFields = (schema: ResourceSchema): FieldSchema[] =>
  schema.fields.filter((field) => !field.readOnly);

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC_TYPES: ReadonlySet<FieldSchema['type']> = new Set(['integer', 'number', 'reference']);

/**
 * A form value → the JSON value LoopBack expects (no coercion happens server-side in bodies):
 * numeric strings → numbers on numeric fields, '' → null on non-text fields, 'YYYY-MM-DD' → midnight UTC ISO on
 * date fields, Date → ISO. Returns undefined for "not set".
 */
export const toApiValue = (field: FieldSchema, value: unknown): unknown => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (NUMERIC_TYPES.has(field.type)) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') return null;
      const n = Number(trimmed);
      return Number.isFinite(n) ? n : value;
    }
    return value;
  }
  if (field.type === 'date') {
    if (value === '') return null;
    if (value instanceof Date) {
      const day = calendarDay(value);
      return day ? `${day}T00:00:00.000Z` : null;
    }
    if (typeof value === 'string' && BARE_DATE.test(value.trim())) return `${value.trim()}T00:00:00.000Z`;
    return value;
  }
  if (field.type === 'datetime') {
    if (value === '') return null;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    return value;
  }
  if (field.type === 'boolean' && typeof value === 'string') {
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return value;
};

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// ---------- provider ----------

export const loopbackDataProvider = (
  apiUrl: string,
  httpClient: HttpClient = fetchUtils.fetchJson,
  options: LoopbackDataProviderOptions = {},
): DataProvider => {
  const base = apiUrl.replace(/\/+$/, '');
  const getEmpresaId = options.getEmpresaId ?? getSelectedEmpresaId;
  const deleteConcurrency = Math.max(1, options.deleteConcurrency ?? 5);
  const urlFor = (resource: string): string => `${base}/${resource}`;
  const signalOf = (params: { signal?: AbortSignal }): fetchUtils.Options =>
    params.signal ? { signal: params.signal } : {};

  /**
   * Company-scoped resources only see the selected company (list and count) — unless the schema declares a
   * filter on the company field (the catalogues' Empresa filter) and it is set: then it chooses the company.
   */
  const scoped = (schema: ResourceSchema, where: LoopbackWhere): LoopbackWhere => {
    const field = schema.companyField;
    if (!field) return where;
    const declared = schema.filters.some((filter) => (filter.field ?? filter.source) === field);
    return declared && namesField(where, field) ? where : andWhere({ [field]: getEmpresaId() }, where);
  };

  const orderFor = (schema: ResourceSchema, sort: SortPayload | undefined): string[] | undefined => {
    const direction = (order: string | undefined): string =>
      String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
    const resolve = (field: string | undefined, order: string | undefined): string[] | undefined => {
      // An unknown order property is a 500 on MySQL ("Unknown column"): never send one.
      if (!field || !knownSortField(schema, field)) return undefined;
      if (field === 'id' && schema.compositeKey)
        return schema.compositeKey.map((key) => `${key} ${direction(order)}`);
      return [`${field === 'id' ? schema.idField : field} ${direction(order)}`];
    };
    return (
      resolve(sort?.field, sort?.order) ??
      resolve(schema.sort.field, schema.sort.order) ??
      resolve('id', 'ASC')
    );
  };

  const includeOf = (meta: unknown): IncludeEntry[] | undefined => {
    if (!isRecord(meta) || meta.include === undefined || meta.include === null) return undefined;
    const raw = Array.isArray(meta.include) ? meta.include : [meta.include]; // a string gives 400 in LoopBack
    const entries = raw.filter(
      (entry): entry is IncludeEntry =>
        typeof entry === 'string' || (isRecord(entry) && typeof entry.relation === 'string'),
    );
    return entries.length ? entries : undefined;
  };

  const listAndCount = async (
    resource: string,
    schema: ResourceSchema,
    where: LoopbackWhere,
    params: Pick<GetListParams, 'pagination' | 'sort' | 'meta' | 'signal'>,
  ): Promise<{ data: RaRecord[]; total: number }> => {
    const filter: LoopbackFilter = {};
    if (Object.keys(where).length) filter.where = where;
    const order = orderFor(schema, params.sort);
    if (order) filter.order = order;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 0 };
    if (perPage > 0) {
      filter.limit = perPage;
      filter.skip = (Math.max(1, page) - 1) * perPage;
    }
    const include = includeOf(params.meta);
    if (include) filter.include = include;
    const url = urlFor(resource);
    const countUrl = Object.keys(where).length ? `${url}/count?where=${encodeJson(where)}` : `${url}/count`;
    const [list, count] = await Promise.all([
      httpClient(`${url}?filter=${encodeJson(filter)}`, signalOf(params)),
      httpClient(countUrl, signalOf(params)),
    ]);
    const data = asRows(list.json).map((row) => toRaRecord(schema, row, include));
    const counted = isRecord(count.json) ? Number(count.json.count) : NaN;
    return { data, total: Number.isFinite(counted) ? counted : (filter.skip ?? 0) + data.length };
  };

  /** Splits values into batches of ≤ BATCH_SIZE whose URL stays ≤ MAX_URL_LENGTH. */
  const batches = <T>(items: readonly T[], urlOf: (batch: T[]) => string): T[][] => {
    const result: T[][] = [];
    let current: T[] = [];
    for (const item of items) {
      const candidate = [...current, item];
      if (current.length && (candidate.length > BATCH_SIZE || urlOf(candidate).length > MAX_URL_LENGTH)) {
        result.push(current);
        current = [item];
      } else {
        current = candidate;
      }
    }
    if (current.length) result.push(current);
    return result;
  };

  /** The where selecting some records by react-admin id. */
  const idsWhere = (schema: ResourceSchema, ids: readonly Identifier[]): LoopbackWhere => {
    if (schema.compositeKey) {
      const or = ids.map((id) => compositeKeyWhere(schema, id) as LoopbackWhere);
      return or.length === 1 ? or[0] : { or };
    }
    return { [schema.idField]: { inq: ids.map((id) => apiId(schema, id)) } };
  };

  const fetchMany = async (
    resource: string,
    schema: ResourceSchema,
    ids: readonly Identifier[],
    meta: unknown,
    requestOptions: fetchUtils.Options,
  ): Promise<RaRecord[]> => {
    const unique = [...new Map(ids.map((id) => [String(id), id])).values()];
    if (!unique.length) return [];
    const include = includeOf(meta);
    const url = urlFor(resource);
    const urlOf = (batch: Identifier[]): string => {
      const filter: LoopbackFilter = { where: idsWhere(schema, batch) };
      if (include) filter.include = include;
      return `${url}?filter=${encodeJson(filter)}`;
    };
    const responses = await Promise.all(
      batches(unique, urlOf).map((batch) => httpClient(urlOf(batch), requestOptions)),
    );
    const byId = new Map<string, RaRecord>();
    for (const response of responses) {
      for (const row of asRows(response.json)) {
        const record = toRaRecord(schema, row, include);
        byId.set(String(record.id), record);
      }
    }
    return unique.flatMap((id) => {
      const record = byId.get(String(id));
      return record ? [record] : [];
    });
  };

  const fetchOne = async (
    resource: string,
    schema: ResourceSchema,
    id: Identifier,
    meta: unknown,
    requestOptions: fetchUtils.Options,
  ): Promise<RaRecord> => {
    const include = includeOf(meta);
    if (schema.compositeKey) {
      const filter: LoopbackFilter = { where: compositeKeyWhere(schema, id) as LoopbackWhere, limit: 1 };
      if (include) filter.include = include;
      const response = await httpClient(`${urlFor(resource)}?filter=${encodeJson(filter)}`, requestOptions);
      const row = asRows(response.json)[0];
      if (!row) {
        const message = `Registro no encontrado: ${schema.model} ${String(id)}`;
        throw new HttpError(message, 404, {
          error: { statusCode: 404, name: 'Error', message, code: 'ENTITY_NOT_FOUND' },
        });
      }
      return toRaRecord(schema, row, include);
    }
    const query = include ? `?filter=${encodeJson({ include })}` : '';
    const response = await httpClient(
      `${urlFor(resource)}/${encodeURIComponent(String(id))}${query}`,
      requestOptions,
    );
    if (!isRecord(response.json)) {
      throw new HttpError(`Respuesta inesperada del servidor`, response.status, response.json ?? null);
    }
    return toRaRecord(schema, response.json, include);
  };

  /** Write body for create/updateMany: declared, non-readOnly fields that are set, converted to API values. */
  const bodyFrom = (schema: ResourceSchema, data: Row, dropNulls: boolean): Row => {
    const body: Row = {};
    for (const field of writableFields(schema)) {
      const value = toApiValue(field, data[field.name]);
      if (value === undefined) continue;
      if (value === null && dropNulls) continue;
      if (field.writeOnly && (value === null || value === '')) continue;
      body[field.name] = value;
    }
    return body;
  };

  /** The changed fields only (compared as JSON after conversion; undefined and null are the same). */
  const changedFields = (schema: ResourceSchema, data: Row, previous: Row | undefined): Row => {
    const body: Row = {};
    for (const field of writableFields(schema)) {
      if (!(field.name in data)) continue;
      const next = toApiValue(field, data[field.name]);
      if (next === undefined) continue;
      if (field.writeOnly) {
        if (next !== null && next !== '') body[field.name] = next;
        continue;
      }
      if (previous && sameJson(next, toApiValue(field, previous[field.name]))) continue;
      body[field.name] = next;
    }
    return body;
  };

  const json = (body: Row): fetchUtils.Options => ({ body: JSON.stringify(body) });

  /**
   * Where a write comes from, for the product history (X-Origen): `meta.origen` when the caller says (the CSV
   * import: 'importacion'), else `fallback` — a form for single records, a mass edit for updateMany.
   */
  const origin = (meta: unknown, fallback: Origen): fetchUtils.Options => ({
    headers: new Headers({
      Accept: 'application/json',
      [ORIGIN_HEADER]: isRecord(meta) && meta.origen !== undefined ? origenOf(meta.origen) : fallback,
    }),
  });

  const deletePath = (
    resource: string,
    schema: ResourceSchema,
    id: Identifier,
    record: Row | undefined,
  ): string => {
    const url = urlFor(resource);
    if (schema.compositeKey) {
      const keys = compositeKeyWhere(schema, id, record);
      return `${url}/${schema.compositeKey.map((key) => encodeURIComponent(String(keys[key]))).join('/')}`;
    }
    const idPart = encodeURIComponent(String(id));
    if (schema.deleteKey) {
      const key = record?.[schema.deleteKey];
      if (isBlank(key))
        throw new Error(`No se puede eliminar ${schema.model} ${String(id)}: falta ${schema.deleteKey}`);
      return `${url}/${idPart}/${encodeURIComponent(String(key))}`;
    }
    return `${url}/${idPart}`;
  };

  const provider: DataProvider = {
    getList: async <R extends RaRecord>(
      resource: string,
      params: GetListParams,
    ): Promise<GetListResult<R>> => {
      const schema = requireSchema(resource);
      const where = scoped(schema, filterToWhere(schema, params.filter));
      const { data, total } = await listAndCount(resource, schema, where, params);
      return { data: data as R[], total };
    },

    getOne: async <R extends RaRecord>(
      resource: string,
      params: GetOneParams<R>,
    ): Promise<GetOneResult<R>> => {
      const schema = requireSchema(resource);
      const data = await fetchOne(resource, schema, params.id, params.meta, signalOf(params));
      return { data: data as R };
    },

    getMany: async <R extends RaRecord>(
      resource: string,
      params: GetManyParams<R>,
    ): Promise<GetManyResult<R>> => {
      const schema = requireSchema(resource);
      const data = await fetchMany(resource, schema, params.ids, params.meta, signalOf(params));
      return { data: data as R[] };
    },

    getManyReference: async <R extends RaRecord>(
      resource: string,
      params: GetManyReferenceParams,
    ): Promise<GetManyReferenceResult<R>> => {
      const schema = requireSchema(resource);
      const target = params.target === 'id' ? schema.idField : params.target;
      if (!findField(schema, target))
        throw new Error(`Campo de referencia desconocido: ${resource}.${params.target}`);
      const value = coerceForField(schema, target, params.id) as WhereCondition;
      const filtered = filterToWhere(schema, params.filter);
      const where =
        filtered[target] === undefined
          ? { ...filtered, [target]: value }
          : andWhere(filtered, { [target]: value });
      const { data, total } = await listAndCount(resource, schema, scoped(schema, where), params);
      return { data: data as R[], total };
    },

    create: async <T extends Omit<RaRecord, 'id'>, R extends RaRecord = T & { id: Identifier }>(
      resource: string,
      params: CreateParams,
    ): Promise<CreateResult<R>> => {
      const schema = requireSchema(resource);
      assertOperation(schema, resource, 'create');
      const data: Row = isRecord(params.data) ? params.data : {};
      const body = bodyFrom(schema, data, true);
      if (schema.companyField && isBlank(body[schema.companyField]))
        body[schema.companyField] = getEmpresaId();
      const response = await httpClient(urlFor(resource), {
        method: 'POST',
        ...json(body),
        ...origin(params.meta, 'formulario'),
      });
      const created = isRecord(response.json) ? response.json : {};
      return { data: toRaRecord(schema, { ...body, ...created }) as R };
    },

    update: async <R extends RaRecord>(
      resource: string,
      params: UpdateParams<R>,
    ): Promise<UpdateResult<R>> => {
      const schema = requireSchema(resource);
      assertOperation(schema, resource, 'update');
      const data: Row = isRecord(params.data) ? params.data : {};
      const previous: Row | undefined = isRecord(params.previousData) ? params.previousData : undefined;
      const body = changedFields(schema, data, previous);
      const merged = (extra: Row = {}): R => {
        const record: Row = { ...(previous ?? {}), ...data, ...extra };
        for (const field of schema.fields) if (field.writeOnly) delete record[field.name];
        record.id = schema.compositeKey ? (recordId(schema, record) ?? params.id) : params.id;
        return record as R;
      };
      if (!Object.keys(body).length) return { data: merged() };
      const url = schema.compositeKey
        ? `${urlFor(resource)}?where=${encodeJson(compositeKeyWhere(schema, params.id, previous))}`
        : `${urlFor(resource)}/${encodeURIComponent(String(params.id))}`;
      const response: HttpResponse = await httpClient(url, {
        method: 'PATCH',
        ...json(body),
        ...origin(params.meta, 'formulario'),
      });
      // 204 (by id) has no body; PATCH ?where= answers {count}: only an entity is merged.
      const echoed = isRecord(response.json) && !('count' in response.json) ? response.json : {};
      return { data: merged({ ...body, ...echoed }) };
    },

    updateMany: async <R extends RaRecord>(
      resource: string,
      params: UpdateManyParams,
    ): Promise<UpdateManyResult<R>> => {
      const schema = requireSchema(resource);
      assertOperation(schema, resource, 'updateMany');
      const ids = [...new Map(params.ids.map((id) => [String(id), id])).values()];
      if (!ids.length) return { data: [] };
      const data: Row = isRecord(params.data) ? params.data : {};
      const body = bodyFrom(schema, data, false);
      if (!Object.keys(body).length) return { data: ids };
      const url = urlFor(resource);
      // Never without a where: PATCH /{r} with no where updates EVERY row.
      const urlOf = (batch: Identifier[]): string => `${url}?where=${encodeJson(idsWhere(schema, batch))}`;
      await Promise.all(
        batches(ids, urlOf).map((batch) =>
          httpClient(urlOf(batch), {
            method: 'PATCH',
            ...json(body),
            ...origin(params.meta, 'edicion_masiva'),
          }),
        ),
      );
      return { data: ids };
    },

    delete: async <R extends RaRecord>(
      resource: string,
      params: DeleteParams<R>,
    ): Promise<DeleteResult<R>> => {
      const schema = requireSchema(resource);
      assertOperation(schema, resource, 'delete');
      let record: Row | undefined = isRecord(params.previousData) ? params.previousData : undefined;
      if (schema.deleteKey && isBlank(record?.[schema.deleteKey])) {
        record = await fetchOne(resource, schema, params.id, undefined, {});
      }
      await httpClient(deletePath(resource, schema, params.id, record), {
        method: 'DELETE',
        ...origin(params.meta, 'formulario'),
      });
      return { data: (record ? { ...record, id: params.id } : { id: params.id }) as R };
    },

    deleteMany: async <R extends RaRecord>(
      resource: string,
      params: DeleteManyParams<R>,
    ): Promise<DeleteManyResult<R>> => {
      const schema = requireSchema(resource);
      assertOperation(schema, resource, 'delete');
      const ids = [...new Map(params.ids.map((id) => [String(id), id])).values()];
      if (!ids.length) return { data: [] };
      const records = new Map<string, Row>();
      if (schema.deleteKey) {
        for (const record of await fetchMany(resource, schema, ids, undefined, {})) {
          records.set(String(record.id), record);
        }
      }
      // With a deleteKey, an id the server no longer has is already deleted: nothing to send for it.
      const targets = schema.deleteKey ? ids.filter((id) => records.has(String(id))) : ids;
      await mapPool(targets, deleteConcurrency, async (id) => {
        await httpClient(deletePath(resource, schema, id, records.get(String(id))), {
          method: 'DELETE',
          ...origin(params.meta, 'edicion_masiva'),
        });
      });
      return { data: ids };
    },
  };
  return provider;
};
