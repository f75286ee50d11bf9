/**
 * Indexes on PostgreSQL (PGlite or a server), built from the model declarations instead of the connector's
 * own `addIndexes`, which PostgreSQL cannot run as declared here: it wants `keys` as an array, ignores
 * `options.unique` on single-property indexes, names indexes per schema (MySQL names them per table), and
 * drops every index it did not create. Here:
 * - each index is named `<table>_<key>` (at most 63 characters), created IF NOT EXISTS, never dropped;
 * - unique keys compare text as MySQL's default collation does: case-insensitive, trailing spaces ignored
 *   (`lower(rtrim(col))`), so `DUP1` and `dup1 ` are the same key;
 * - `keyOfIndex` maps an index name back to the key MySQL would report ("for key 'codigo'");
 * - the columns a model's settings list as `likeSearched` (server/indexes.ts) get a trigram index on the
 *   expression `like` compares (postgres-text.ts), when pg_trgm is there: `like '%…%'` then reads the
 *   matching rows instead of every row.
 */
import { LIKE_SUBJECT } from './postgres-text';

const MAX_NAME = 63;

export interface IndexSpec {
  /** The index name in the database. */
  name: string;
  /** The key name MySQL reports for it. */
  key: string;
  properties: string[];
  unique: boolean;
}

/** The parts of the connector this module uses. */
export interface IndexingConnector {
  getModelDefinition(model: string): {
    properties: Record<string, { type?: { name?: string }; index?: unknown }>;
    settings: { indexes?: Record<string, unknown>; likeSearched?: string[] };
  };
  table(model: string): string;
  tableEscaped(model: string): string;
  columnEscaped(model: string, property: string): string;
}

const propertiesOf = (keys: unknown): string[] => {
  if (Array.isArray(keys))
    return keys.map((k: unknown) => (Array.isArray(k) ? String(k[0]) : String(k).trim().split(' ')[0]));
  if (typeof keys === 'string') return keys.split(',').map((k) => k.trim().split(' ')[0]);
  return keys && typeof keys === 'object' ? Object.keys(keys) : [];
};

export function indexSpecs(connector: IndexingConnector, model: string): IndexSpec[] {
  const definition = connector.getModelDefinition(model);
  const table = connector.table(model);
  const named = (key: string) => (key.startsWith('ix_') ? key : `${table}_${key}`).slice(0, MAX_NAME);
  const specs: IndexSpec[] = [];
  for (const [property, prop] of Object.entries(definition.properties)) {
    if (!prop.index) continue;
    const unique = typeof prop.index === 'object' && (prop.index as { unique?: boolean }).unique === true;
    specs.push({ name: named(property), key: property, properties: [property], unique });
  }
  for (const [key, raw] of Object.entries(definition.settings.indexes ?? {})) {
    const index = raw as { keys?: unknown; options?: { unique?: boolean }; unique?: boolean };
    const properties = propertiesOf(index.keys ?? raw);
    if (!properties.length) continue;
    const unique = index.options?.unique === true || index.unique === true;
    specs.push({ name: named(key), key, properties, unique });
  }
  return specs;
}

/** The name of the trigram index on a model's column. */
export const trigramIndexName = (
  connector: Pick<IndexingConnector, 'table'>,
  model: string,
  property: string,
) => `${connector.table(model)}_${property}_trgm`.slice(0, MAX_NAME);

/** CREATE INDEX statements for a model (idempotent); with `trigram`, the trigram indexes too. */
export function indexStatements(connector: IndexingConnector, model: string, trigram = false): string[] {
  const definition = connector.getModelDefinition(model);
  const props = definition.properties;
  const searched = trigram ? (definition.settings.likeSearched ?? []) : [];
  const trigramIndexes = searched.map((property) => {
    const name = trigramIndexName(connector, model, property);
    const subject = LIKE_SUBJECT(connector.columnEscaped(model, property));
    return `CREATE INDEX IF NOT EXISTS "${name}" ON ${connector.tableEscaped(model)} USING gin (${subject} gin_trgm_ops)`;
  });
  return [
    ...indexSpecs(connector, model).map((spec) => {
      const columns = spec.properties.map((p) => {
        const column = connector.columnEscaped(model, p);
        return spec.unique && props[p]?.type?.name === 'String' ? `lower(rtrim(${column}))` : column;
      });
      const kind = spec.unique ? 'UNIQUE INDEX' : 'INDEX';
      return `CREATE ${kind} IF NOT EXISTS "${spec.name}" ON ${connector.tableEscaped(model)} (${columns.join(', ')})`;
    }),
    ...trigramIndexes,
  ];
}
