/**
 * Table indexes derived from the declarations, so every column a query filters, sorts, joins or scopes by has
 * one on every SQL engine (the MySQL and PostgreSQL connectors create `settings.indexes` in autoupdate and
 * automigrate): the company field and the `companyVia` field, reference fields, the columns of the schema's
 * filters and default sort, the keys of its relations, the parent keys other schemas reach it by
 * (`companyVia.parentKey`), the fields a schema declares `indexed` for server queries, and the indexes over
 * several columns it declares (`indexes`).
 * Left out: the primary key, columns already leading an index (unique keys), and columns no B-tree can hold
 * whole (long text; `like '%…%'` cannot use an index anyway).
 * A company-scoped schema's company field leads a composite index with its default sort (and with its id),
 * so a list page `WHERE empresaId = ? ORDER BY <sort> LIMIT 25` reads 25 index entries in order instead of
 * every row of the company and a sort; the count of a company's rows reads that index alone.
 */
import type { FieldSchema, ResourceSchema } from '../src/resources/types';

/** The longest VARCHAR an index holds whole: 3072 bytes of utf8mb4 (InnoDB's limit) / 4. */
export const MAX_INDEXED_LENGTH = 768;
/** Index names are per schema on PostgreSQL (prefixed by the model) and at most 63 characters. */
const MAX_NAME = 63;

export interface IndexDefinition {
  keys: Record<string, 1>;
  options?: { unique?: boolean };
}

/** Whether a B-tree index can hold the whole column. */
export const indexable = (field: FieldSchema): boolean =>
  field.type !== 'text' && (field.type !== 'string' || (field.maxLength ?? 512) <= MAX_INDEXED_LENGTH);

/** Whether a column fits an index beside a company id (3072 bytes of InnoDB key in all). */
const fitsBeside = (field: FieldSchema): boolean =>
  indexable(field) && (field.type !== 'string' || (field.maxLength ?? 512) <= MAX_INDEXED_LENGTH - 16);

const namesOf = (schema: ResourceSchema): string[] => [schema.name, ...(schema.aliases ?? [])];

/** The columns of `schema` its queries filter, sort, join or scope by (before leaving anything out). */
export function queriedFields(schema: ResourceSchema, schemas: readonly ResourceSchema[]): Set<string> {
  const wanted = new Set<string>();
  if (schema.companyField) wanted.add(schema.companyField);
  if (schema.companyVia) wanted.add(schema.companyVia.field);
  for (const field of schema.fields) if (field.type === 'reference' || field.indexed) wanted.add(field.name);
  for (const filter of schema.filters) wanted.add(filter.field ?? filter.source);
  wanted.add(schema.sort.field);
  for (const relation of schema.relations ?? []) {
    if (relation.kind === 'belongsTo') wanted.add(relation.keyTo ?? `${relation.name}Id`);
  }
  for (const other of schemas) {
    for (const relation of other.relations ?? []) {
      if (relation.kind === 'hasMany' && relation.keyTo && namesOf(schema).includes(relation.target))
        wanted.add(relation.keyTo);
    }
    const via = other.companyVia;
    if (via?.parentKey && namesOf(schema).includes(via.parent)) wanted.add(via.parentKey);
  }
  if (schema.compositeKey) wanted.add(schema.compositeKey[1]);
  const fields = new Set(schema.fields.map((f) => f.name));
  return new Set([...wanted].filter((name) => fields.has(name)));
}

/** The first column of each unique key (a unique key already serves queries on its leading column). */
export function leadingUniqueColumns(schema: ResourceSchema): Set<string> {
  const leading = new Set<string>();
  for (const field of schema.fields) {
    if (field.uniqueWith?.length) leading.add(field.uniqueWith[0]);
    else if (field.unique) leading.add(field.name);
  }
  if (schema.compositeKey) leading.add(schema.compositeKey[0]);
  for (const columns of schema.indexes ?? []) if (columns.length) leading.add(columns[0]);
  return leading;
}

export const indexName = (schema: ResourceSchema, field: string): string =>
  `ix_${schema.model}_${field}`.slice(0, MAX_NAME);

/** The name of a declared index over several columns. */
export const compositeIndexName = (schema: ResourceSchema, columns: readonly string[]): string =>
  `ix_${schema.model}_${columns.join('_')}`.slice(0, MAX_NAME);

/**
 * The composite indexes of a company-scoped schema: (company field, default sort field) and (company field,
 * id), each when the sort column fits an index. Empty for schemas scoped through a parent or not at all.
 */
export function companySortIndexes(schema: ResourceSchema): Record<string, IndexDefinition> {
  const company = schema.companyField;
  if (schema.view || !company) return {};
  const indexes: Record<string, IndexDefinition> = {};
  for (const sort of new Set([schema.sort.field, schema.idField])) {
    const field = schema.fields.find((f) => f.name === sort);
    if (!field || sort === company || !fitsBeside(field)) continue;
    indexes[compositeIndexName(schema, [company, sort])] = { keys: { [company]: 1, [sort]: 1 } };
  }
  return indexes;
}

/**
 * The non-unique indexes of `schema`, by index name: one per queried column, the company + sort composites
 * (which then stand for the company field's own index: they lead with it), and those it declares over
 * several columns.
 */
export function derivedIndexes(
  schema: ResourceSchema,
  schemas: readonly ResourceSchema[],
): Record<string, IndexDefinition> {
  if (schema.view) return {};
  const leading = leadingUniqueColumns(schema);
  const indexes: Record<string, IndexDefinition> = companySortIndexes(schema);
  const composite = Object.keys(indexes).length > 0;
  for (const name of queriedFields(schema, schemas)) {
    const field = schema.fields.find((f) => f.name === name);
    if (!field || name === schema.idField || leading.has(name) || !indexable(field)) continue;
    if (composite && name === schema.companyField) continue;
    indexes[indexName(schema, name)] = { keys: { [name]: 1 } };
  }
  for (const columns of schema.indexes ?? []) {
    if (!columns.length) continue;
    indexes[compositeIndexName(schema, columns)] = {
      keys: Object.fromEntries(columns.map((column) => [column, 1])) as Record<string, 1>,
    };
  }
  return indexes;
}

/**
 * The fields of `schema` another schema's search text reads (`searchText.from`): the search matches that
 * text, never these columns, wherever the database keeps it (store/search-text.ts).
 */
export function searchTextSourceFields(
  schema: ResourceSchema,
  schemas: readonly ResourceSchema[],
): Set<string> {
  return new Set(
    schemas.flatMap((other) =>
      other.searchText && namesOf(schema).includes(other.searchText.from.resource)
        ? other.searchText.from.fields
        : [],
    ),
  );
}

/**
 * The text columns of `schema` matched with `like '%…%'`: its search fields, its `contains` filters and the
 * string columns declared `indexed` (searched by server features), but for those a search text reads (the
 * search matches the text; their rows are written with every new product, where each trigram index costs).
 * PostgreSQL gives them a trigram index (store/postgres-indexes.ts), which a B-tree cannot be for such a
 * pattern; MySQL has no such index.
 */
export function likeSearchedFields(schema: ResourceSchema, schemas: readonly ResourceSchema[]): string[] {
  if (schema.view) return [];
  const wanted = new Set<string>(schema.search ?? []);
  for (const filter of schema.filters)
    if (filter.op === 'contains') wanted.add(filter.field ?? filter.source);
  for (const field of schema.fields) if (field.indexed) wanted.add(field.name);
  const viaText = searchTextSourceFields(schema, schemas);
  return schema.fields
    .filter((field) => wanted.has(field.name) && field.type === 'string' && !viaText.has(field.name))
    .map((field) => field.name);
}
