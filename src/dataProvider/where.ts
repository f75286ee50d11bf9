/**
 * react-admin filter values → a LoopBack 4 `where` object, driven by the resource schema.
 *
 * Rules (the architecture notes (data provider rules), docs/loopback-contract.md):
 * - `q` → `{or: [{f: {like: '%term%'}}, …]}` over `schema.search`.
 * - A key (or a declared filter's `field`) in `schema.serverFilters` → its value as is under that key: the API
 *   builds the condition (server/virtual-filters.ts), e.g. the product list's `buscar` over SKU, title, EAN
 *   and brand.
 * - Declared filters (`schema.filters`) follow their operator; empty values and the filter's `ignore` values
 *   ('TODOS', 'TODAS') mean "no filter".
 * - Undeclared keys that are schema fields → equality (arrays → `inq`); `id` means the schema's idField.
 *   Anything else is dropped: the memory connector would return [] and MySQL would ignore it.
 * - Never `ilike`/`regexp` (500 on MySQL); `like` is case-insensitive there (ci collation).
 * - LoopBack applies only ONE operator per property, so two conditions on one property go into `and`.
 *
 * Pure: no I/O, no React.
 */
import type { FieldSchema, FilterSchema, ResourceSchema } from '../resources/types';
import { datePart } from '../core/datePart';
import { containsPattern } from '../core/likePatterns';

export type WherePrimitive = string | number | boolean | null;

export interface WhereOperators {
  like?: string;
  neq?: WherePrimitive;
  gt?: string | number;
  gte?: string | number;
  lt?: string | number;
  lte?: string | number;
  between?: [string | number, string | number];
  inq?: WherePrimitive[];
  nin?: WherePrimitive[];
}

export type WhereCondition = WherePrimitive | WhereOperators;

/** A LoopBack where object: property → condition, plus `and` / `or` lists of where objects. */
export interface LoopbackWhere {
  [property: string]: WhereCondition | LoopbackWhere[] | undefined;
}

export type FilterValues = Record<string, unknown>;

const NUMERIC_TYPES: ReadonlySet<FieldSchema['type']> = new Set(['integer', 'number', 'reference']);
const DATE_TYPES: ReadonlySet<FieldSchema['type']> = new Set(['date', 'datetime']);
const NUMERIC_STRING = /^\s*-?\d+(\.\d+)?\s*$/;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const findField = (schema: ResourceSchema, name: string): FieldSchema | undefined =>
  schema.fields.find((field) => field.name === name);

/**
 * Whether the list's filter key `key` means something to the data provider (filterToWhere): the free-text `q`,
 * a declared filter, a filter the API serves, or a field (`id`: the schema's idField). Any other key is dropped.
 */
export const knownFilterKey = (schema: ResourceSchema, key: string): boolean =>
  key === 'q' ||
  schema.filters.some((filter) => filter.source === key) ||
  Boolean(schema.serverFilters?.includes(key)) ||
  findField(schema, key === 'id' ? schema.idField : key) !== undefined;

/** Whether the list can be sorted by `field` (a field; `id`: the idField or the composite key); no other is sent. */
export const knownSortField = (schema: ResourceSchema, field: string): boolean =>
  (field === 'id' && schema.compositeKey !== undefined) ||
  findField(schema, field === 'id' ? schema.idField : field) !== undefined;

export const isNumericField = (schema: ResourceSchema, name: string): boolean => {
  const field = findField(schema, name);
  return field !== undefined && NUMERIC_TYPES.has(field.type);
};

/** A filter value that cannot mean anything for its field: a clear error rather than a wrong or empty list. */
export class FilterValueError extends Error {
  constructor(
    readonly field: string,
    label: string,
    value: unknown,
  ) {
    super(`Valor no válido en el filtro «${label}»: ${describeValue(value)}`);
    this.name = 'FilterValueError';
  }
}

const describeValue = (value: unknown): string => {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
};

const labelOf = (schema: ResourceSchema, name: string): string =>
  schema.filters.find((filter) => (filter.field ?? filter.source) === name)?.label ??
  findField(schema, name)?.label ??
  name;

/** Numeric strings become numbers for integer/number/reference properties; everything else is kept. */
export const coerceForField = (schema: ResourceSchema, name: string, value: unknown): unknown =>
  typeof value === 'string' && NUMERIC_STRING.test(value) && isNumericField(schema, name)
    ? Number(value)
    : value;

/** undefined, null, '' (or only spaces) and [] mean "no filter". */
export const isEmptyFilterValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The calendar day of a Date, 'YYYY-MM-DD' or an ISO date-time, as 'YYYY-MM-DD'; null if unreadable.
 * A Date uses its local calendar day (what a date picker shows); strings use their first 10 characters.
 */
export const calendarDay = (value: unknown): string | null => {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return datePart(value) ?? null;
};

/** The whole day as a `between` pair: 00:00:00.000 to 23:59:59.999 (UTC, as dates are stored at midnight UTC). */
export const dayRange = (value: unknown): [string, string] | null => {
  const day = calendarDay(value);
  return day ? [`${day}T00:00:00.000Z`, `${day}T23:59:59.999Z`] : null;
};

const toPrimitive = (value: unknown): WherePrimitive | undefined => {
  if (value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return undefined;
};

/** The value as the property's type; throws FilterValueError when it cannot be one (e.g. 'abc' for an id). */
const primitiveFor = (schema: ResourceSchema, field: string, value: unknown): WherePrimitive | undefined => {
  const primitive = toPrimitive(coerceForField(schema, field, value));
  const definition = findField(schema, field);
  const invalid =
    primitive === undefined ||
    (definition !== undefined && NUMERIC_TYPES.has(definition.type) && typeof primitive === 'string') ||
    (definition?.choices !== undefined &&
      primitive !== null &&
      !definition.choices.includes(String(primitive)));
  if (invalid) throw new FilterValueError(field, labelOf(schema, field), value);
  return primitive;
};

const listFor = (schema: ResourceSchema, field: string, values: readonly unknown[]): WherePrimitive[] =>
  values
    .map((value) => primitiveFor(schema, field, value))
    .filter((value): value is WherePrimitive => value !== undefined);

/** Bound for gte/lte: a bare 'YYYY-MM-DD' on a date property becomes the start / end of that day. */
const boundFor = (
  schema: ResourceSchema,
  field: string,
  value: unknown,
  edge: 'start' | 'end',
): string | number | undefined => {
  const definition = findField(schema, field);
  if (definition && DATE_TYPES.has(definition.type)) {
    if (typeof value === 'string' && BARE_DATE.test(value.trim())) {
      return `${value.trim()}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
    }
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  }
  const primitive = primitiveFor(schema, field, value);
  return typeof primitive === 'string' || typeof primitive === 'number' ? primitive : undefined;
};

const truthySN = (value: unknown): boolean | undefined => {
  if (value === true) return true;
  if (value === false) return false;
  if (typeof value === 'string') {
    const v = value.trim().toUpperCase();
    if (v === 'S' || v === 'SI' || v === 'SÍ' || v === 'TRUE' || v === '1') return true;
    if (v === 'N' || v === 'NO' || v === 'FALSE' || v === '0') return false;
  }
  return undefined;
};

const likeTerm = (value: unknown): string | undefined => {
  const primitive = toPrimitive(value);
  if (primitive === undefined || primitive === null) return undefined;
  const term = String(primitive).trim();
  return term === '' ? undefined : containsPattern(term);
};

/** One declared filter → the condition on its property (undefined = no filter). */
const conditionFor = (
  schema: ResourceSchema,
  filter: FilterSchema,
  field: string,
  value: unknown,
): WhereCondition | undefined => {
  switch (filter.op) {
    case 'contains': {
      const like = likeTerm(value);
      return like === undefined ? undefined : { like };
    }
    case 'eq': {
      if (Array.isArray(value)) {
        const inq = listFor(schema, field, value);
        return inq.length ? { inq } : undefined;
      }
      return primitiveFor(schema, field, value);
    }
    case 'gte': {
      const gte = boundFor(schema, field, value, 'start');
      return gte === undefined ? undefined : { gte };
    }
    case 'lte': {
      const lte = boundFor(schema, field, value, 'end');
      return lte === undefined ? undefined : { lte };
    }
    case 'day': {
      const between = dayRange(value);
      return between ? { between } : undefined;
    }
    case 'in': {
      const inq = listFor(schema, field, Array.isArray(value) ? value : [value]);
      return inq.length ? { inq } : undefined;
    }
    case 'present': {
      const present = truthySN(value);
      if (present === undefined) return undefined;
      // `{x: null}` is IS NULL on MySQL and "null or missing" on memory; `{eq: null}` does not work on memory.
      return present ? { neq: null } : null;
    }
  }
};

const isIgnored = (filter: FilterSchema, value: unknown): boolean =>
  filter.ignore !== undefined &&
  (typeof value === 'string' || typeof value === 'number') &&
  filter.ignore.includes(String(value).trim());

/** The free-text search fields: `schema.search`, else `nombre` when the entity has one. */
export const searchFields = (schema: ResourceSchema): readonly string[] =>
  schema.search ?? (findField(schema, 'nombre') ? ['nombre'] : []);

/**
 * react-admin filter values → LoopBack where. Returns `{}` when nothing constrains the list.
 */
export const filterToWhere = (
  schema: ResourceSchema,
  filterValues: FilterValues | undefined | null,
): LoopbackWhere => {
  const conditions: Array<[string, WhereCondition]> = [];
  const ors: LoopbackWhere[][] = [];

  for (const [key, value] of Object.entries(filterValues ?? {})) {
    const filter = schema.filters.find((candidate) => candidate.source === key);
    // An explicit null on a plain field (not a declared input, which null merely clears) means IS NULL.
    if (value === null && !filter && key !== 'q' && findField(schema, key)) {
      conditions.push([key, null]);
      continue;
    }
    if (isEmptyFilterValue(value)) continue;
    if (filter && isIgnored(filter, value)) continue;

    const serverKey = filter?.field ?? key;
    if (schema.serverFilters?.includes(serverKey)) {
      const primitive = toPrimitive(value);
      if (primitive === undefined || primitive === null)
        throw new FilterValueError(serverKey, labelOf(schema, serverKey), value);
      conditions.push([serverKey, typeof primitive === 'string' ? primitive.trim() : primitive]);
      continue;
    }

    if (key === 'q') {
      const like = likeTerm(value);
      if (like === undefined) throw new FilterValueError('q', filter?.label ?? 'Buscar', value);
      const fields = filter?.field ? [filter.field] : searchFields(schema);
      if (fields.length) ors.push(fields.map((field) => ({ [field]: { like } })));
      continue;
    }

    if (filter) {
      const field = filter.field ?? filter.source;
      const condition = conditionFor(schema, filter, field, value);
      if (condition === undefined) throw new FilterValueError(field, filter.label, value);
      conditions.push([field, condition]);
      continue;
    }

    if (!knownFilterKey(schema, key)) continue; // unknown key: dropped on purpose
    const field = key === 'id' ? schema.idField : key;
    if (Array.isArray(value)) {
      const inq = listFor(schema, field, value);
      if (inq.length) conditions.push([field, { inq }]);
    } else {
      const primitive = primitiveFor(schema, field, value);
      if (primitive !== undefined) conditions.push([field, primitive]);
    }
  }

  const where: LoopbackWhere = {};
  const and: LoopbackWhere[] = [];
  const counts = new Map<string, number>();
  for (const [field] of conditions) counts.set(field, (counts.get(field) ?? 0) + 1);
  for (const [field, condition] of conditions) {
    if (counts.get(field) === 1) where[field] = condition;
    else and.push({ [field]: condition });
  }
  ors.forEach((or, index) => {
    if (index === 0) where.or = or;
    else and.push({ or });
  });
  if (and.length) where.and = and;
  return where;
};

/** `a AND b`, flattening empties: {} and x → x. */
/** True when `field` is a condition of `where` itself or of one of its top-level `and` parts. */
export const namesField = (where: LoopbackWhere, field: string): boolean =>
  Object.prototype.hasOwnProperty.call(where, field) ||
  (Array.isArray(where.and) && where.and.some((part) => namesField(part as LoopbackWhere, field)));

export const andWhere = (...wheres: LoopbackWhere[]): LoopbackWhere => {
  const parts = wheres.filter((where) => Object.keys(where).length > 0);
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0];
  return { and: parts };
};
