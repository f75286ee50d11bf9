/**
 * Checks a client's filter before it reaches any store, so every engine answers the same:
 * - a property the resource does not have (or may not be filtered by, such as a write-only password), at any
 *   depth of `and`/`or`, in `where`, `order` and `fields` → 400 naming it. SQL connectors silently drop an
 *   unknown column from a where, which would turn `PATCH ?where={"nombreX":…}` into an update of every row;
 * - `regexp`, `ilike` and `nilike` (a backtracking pattern on the embedded store, a 500 on MySQL) and any other
 *   operator that is not a portable SQL comparison → 400;
 * - `limit` above MAX_PAGE_ROWS and `inq`/`nin` lists above MAX_LIST_VALUES → 400.
 * Errors have LoopBack's shape ({error: {statusCode: 400, name: 'BadRequestError', message, code}}).
 */
import { HttpErrors } from '@loopback/rest';
import { MAX_LIST_VALUES, MAX_PAGE_ROWS } from '../src/core/queryLimits';
import type { ResourceSchema } from '../src/resources/types';
import { SURROGATE_ID } from './models';

export const INVALID_FILTER = 'INVALID_FILTER';

/** Portable comparison operators (what every SQL connector translates). */
const OPERATORS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'inq', 'nin', 'like', 'nlike']);
const PATTERN_OPERATORS = new Set(['regexp', 'ilike', 'nilike']);
const LOGICAL = new Set(['and', 'or']);

type Clause = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Clause =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const invalid = (message: string): Error =>
  Object.assign(new HttpErrors.BadRequest(message), { code: INVALID_FILTER });

/** The properties of `schema` a client may filter, sort and select by. */
export function queryableProperties(schema: ResourceSchema): Set<string> {
  const names = schema.fields.filter((f) => !f.writeOnly).map((f) => f.name);
  if (schema.compositeKey) names.push(SURROGATE_ID);
  return new Set(names);
}

function unknownProperty(schema: ResourceSchema, name: string, where: string): Error {
  return invalid(`La propiedad "${name}" no existe en ${schema.label} (${where}).`);
}

function checkCondition(schema: ResourceSchema, property: string, condition: unknown): void {
  if (!isPlainObject(condition)) return;
  const operators = Object.keys(condition);
  if (!operators.length) throw invalid(`La condición de "${property}" está vacía.`);
  for (const operator of operators) {
    if (PATTERN_OPERATORS.has(operator))
      throw invalid(
        `El operador "${operator}" no está permitido en los filtros ("${property}"): use "like" con % y _ (no distingue mayúsculas).`,
      );
    if (!OPERATORS.has(operator))
      throw invalid(`El operador "${operator}" de "${property}" no es válido en ${schema.label}.`);
    const value = condition[operator];
    if (operator === 'inq' || operator === 'nin') {
      if (!Array.isArray(value)) throw invalid(`"${operator}" de "${property}" debe ser una lista.`);
      if (value.length > MAX_LIST_VALUES)
        throw invalid(
          `La lista "${operator}" de "${property}" admite como máximo ${MAX_LIST_VALUES} valores (tiene ${value.length}).`,
        );
    }
    if (operator === 'between' && (!Array.isArray(value) || value.length !== 2))
      throw invalid(`"between" de "${property}" debe ser una lista de dos valores.`);
  }
}

/** Throws 400 unless every property and operator of `where` is one the resource allows. */
export function checkWhere(
  schema: ResourceSchema,
  where: unknown,
  allowed = queryableProperties(schema),
): void {
  if (where === undefined || where === null) return;
  if (!isPlainObject(where)) throw invalid(`El filtro "where" debe ser un objeto.`);
  for (const [key, condition] of Object.entries(where)) {
    if (LOGICAL.has(key)) {
      if (!Array.isArray(condition)) throw invalid(`"${key}" debe ser una lista de condiciones.`);
      for (const inner of condition) checkWhere(schema, inner, allowed);
      continue;
    }
    if (!allowed.has(key)) throw unknownProperty(schema, key, 'where');
    checkCondition(schema, key, condition);
  }
}

function checkOrder(schema: ResourceSchema, order: unknown, allowed: Set<string>): void {
  if (order === undefined || order === null) return;
  const entries = Array.isArray(order) ? order : [order];
  for (const entry of entries) {
    if (typeof entry !== 'string') throw invalid(`El orden "${JSON.stringify(entry)}" no es válido.`);
    const [property, direction, ...rest] = entry.trim().split(/\s+/);
    if (!allowed.has(property)) throw unknownProperty(schema, property, 'order');
    if (rest.length || (direction !== undefined && !/^(ASC|DESC)$/i.test(direction)))
      throw invalid(`El orden "${entry}" no es válido: use "<propiedad> ASC" o "<propiedad> DESC".`);
  }
}

function checkFields(schema: ResourceSchema, fields: unknown, allowed: Set<string>): void {
  if (fields === undefined || fields === null) return;
  const names = Array.isArray(fields) ? fields : isPlainObject(fields) ? Object.keys(fields) : [fields];
  // A write-only field in `fields` is simply never returned (LoopBack hides it); anything else must exist.
  const hidden = new Set(schema.fields.filter((f) => f.writeOnly).map((f) => f.name));
  for (const name of names) {
    const text = String(name);
    if (!allowed.has(text) && !hidden.has(text)) throw unknownProperty(schema, text, 'fields');
  }
}

export function checkLimit(limit: unknown): void {
  if (limit === undefined || limit === null) return;
  if (typeof limit === 'number' && limit > MAX_PAGE_ROWS)
    throw invalid(`Se pueden pedir como máximo ${MAX_PAGE_ROWS} filas por petición (se pidieron ${limit}).`);
}

export type SchemaLookup = (name: string) => ResourceSchema | undefined;

function checkInclude(schema: ResourceSchema, include: unknown, schemaOf: SchemaLookup): void {
  if (include === undefined || include === null) return;
  const entries = Array.isArray(include) ? include : [include];
  for (const entry of entries) {
    if (!isPlainObject(entry) || !isPlainObject(entry.scope)) continue;
    const relation = schema.relations?.find((r) => r.name === entry.relation);
    const target = relation && schemaOf(relation.target);
    // An unknown relation is LoopBack's own 400 INVALID_INCLUSION_FILTER.
    if (target) checkFilter(target, entry.scope, schemaOf);
  }
}

/** Throws 400 unless `filter` (where, order, fields, limit, include scopes) is valid for `schema`. */
export function checkFilter(
  schema: ResourceSchema,
  filter: unknown,
  schemaOf: SchemaLookup = () => undefined,
): void {
  if (filter === undefined || filter === null) return;
  if (!isPlainObject(filter)) throw invalid(`El filtro debe ser un objeto.`);
  const allowed = queryableProperties(schema);
  checkWhere(schema, filter.where, allowed);
  checkOrder(schema, filter.order, allowed);
  checkFields(schema, filter.fields, allowed);
  checkLimit(filter.limit);
  checkInclude(schema, filter.include, schemaOf);
}
