/**
 * List answers without model instances. For a find with no `include`, LoopBack reads the rows through the SQL
 * connector, then builds a juggler instance per row, copies it into a LoopBack entity, and the response
 * writer copies that again through the entity's toJSON: about a fifth of the API's CPU for a page of 25
 * products. Here the connector's rows become, in one pass, the plain objects those copies end with:
 *
 * - the same query: juggler's own normalisation of the filter (`_normalize`: limit/skip/order/fields checked
 *   and normalised, the where coerced to the property types; `applyScope`), then the connector's own SELECT
 *   (buildSelect, every where operator and the stores' customisations) and its own column conversion
 *   (fromColumnValue, per engine);
 * - the same body: the properties in the entity definition's order, hidden ones left out, `fields` honoured,
 *   undefined values absent, the id coerced by its type as juggler's setter does; dates stay Date objects, so
 *   JSON.stringify writes them as the entity's toJSON did (ISO strings).
 *
 * Only where that equivalence is certain: a strict model whose properties are plain strings, numbers,
 * booleans and dates, without getters, setters, initialize hooks, defaults dropped on match or undefined
 * written as null, no 'access' or 'loaded' observers, on a SQL connector outside a transaction. Anything else
 * (and every find with `include`) answers undefined: the caller takes LoopBack's own path.
 */
import type { Entity, Filter, Options, juggler } from '@loopback/repository';
import type { PlainRow } from './repository-set';

type Callback<T> = (err: unknown, result?: T) => void;

/** The parts of juggler's model class this path calls (all of them on DataAccessObject / ModelBaseClass). */
interface JugglerModel {
  modelName: string;
  base?: JugglerModel;
  _observers?: Record<string, unknown[] | undefined>;
  getter?: Record<string, unknown>;
  setter?: Record<string, unknown>;
  afterInitialize?: unknown;
  postInitialize?: unknown;
  notifyObserversOf?: unknown;
  definition: { settings: Record<string, unknown>; properties: Record<string, JugglerProperty> };
  _normalize(query: object, options: Options): unknown;
  applyScope(query: object): void;
  getDataSource(): juggler.DataSource & { isTransaction?: boolean };
}

interface JugglerProperty {
  type?: unknown;
  id?: unknown;
  persistDefaultValues?: unknown;
}

/** loopback-connector's SQLConnector, as both the MySQL and the PostgreSQL connector extend it. */
interface RowConnector {
  buildSelect(model: string, filter: object, options: Options): { sql: string; params: unknown[] };
  execute(sql: string, params: unknown[], options: Options, cb: Callback<Record<string, unknown>[]>): void;
  column(model: string, property: string): string;
  fromColumnValue(property: JugglerProperty, value: unknown): unknown;
}

interface Column {
  property: string;
  column: string;
  definition: JugglerProperty;
  /** juggler's setter conversion of an id (Number(...) or String(...)); undefined for other properties. */
  id?: (value: unknown) => unknown;
}

const PLAIN_TYPES: readonly unknown[] = [String, Number, Boolean, Date];

/** Whether any 'access' or 'loaded' observer is registered on the model or the models it extends. */
function observed(model: JugglerModel | undefined): boolean {
  for (let m = model; m; m = m.notifyObserversOf ? m.base : undefined) {
    if (m._observers?.access?.length || m._observers?.loaded?.length) return true;
  }
  return false;
}

const isRowConnector = (connector: unknown): connector is RowConnector => {
  const c = connector as Partial<RowConnector> | undefined;
  return (
    typeof c?.buildSelect === 'function' &&
    typeof c.execute === 'function' &&
    typeof c.column === 'function' &&
    typeof c.fromColumnValue === 'function'
  );
};

/**
 * The connector's raw rows of `modelClass` (a SELECT's, or an UPDATE's RETURNING) as LoopBack's find turns them
 * into entities, as plain objects: the connector's column conversion (fromRow), juggler's instance as its find
 * builds it, then the entity of the repository (legacy-juggler-bridge's toEntity). Undefined where the model
 * has 'access' or 'loaded' observers, which a find would run.
 */
export function rowsAsFound(
  modelClass: unknown,
  entityClass: typeof Entity,
  rows: readonly Record<string, unknown>[],
): PlainRow[] | undefined {
  const model = modelClass as JugglerModel & (new (data: object, options: object) => { toObject(): object });
  if (observed(model)) return undefined;
  const connector = model.getDataSource().connector as unknown as {
    fromRow(model: string, row: object): object;
  };
  return rows.map((row) => {
    const instance = new model(connector.fromRow(model.modelName, row), {
      applySetters: false,
      persisted: true,
      applyDefaultValues: false,
    });
    return new entityClass(instance.toObject()).toObject() as PlainRow;
  });
}

/** Reads the rows of one model as plain answer objects. */
export class PlainRowReader {
  private columns?: Column[];

  private constructor(
    private readonly model: JugglerModel,
    private readonly entityClass: typeof Entity,
  ) {}

  /** A reader for the repository's model, or undefined when the model is not one this path is certain of. */
  static for(modelClass: unknown, entityClass: typeof Entity): PlainRowReader | undefined {
    const model = modelClass as JugglerModel;
    const settings = model.definition.settings;
    const entitySettings = entityClass.definition.settings;
    if (settings.strict !== true || entitySettings.strict === false || settings.persistUndefinedAsNull) {
      return undefined;
    }
    if (model.afterInitialize || model.postInitialize) return undefined;
    if (Object.keys(model.getter ?? {}).length || Object.keys(model.setter ?? {}).length) return undefined;
    const properties = Object.entries(model.definition.properties);
    const plain = properties.every(
      ([, p]) =>
        PLAIN_TYPES.includes(p.type) &&
        p.persistDefaultValues !== false &&
        (!p.id || p.type === Number || p.type === String),
    );
    // The entity answers the same properties as the juggler model reads.
    const same =
      Object.keys(entityClass.definition.properties).every((name) => model.definition.properties[name]) &&
      properties.length === Object.keys(entityClass.definition.properties).length;
    return plain && same ? new PlainRowReader(model, entityClass) : undefined;
  }

  /** The answer's columns in the entity definition's order, hidden properties left out (once per model). */
  private columnsOf(connector: RowConnector): Column[] {
    if (this.columns) return this.columns;
    const definition = this.entityClass.definition;
    const hidden = new Set((definition.settings.hiddenProperties as string[] | undefined) ?? []);
    this.columns = Object.keys(definition.properties)
      .filter((property) => !hidden.has(property))
      .map((property) => {
        const prop = this.model.definition.properties[property];
        return {
          property,
          column: connector.column(this.model.modelName, property),
          definition: prop,
          id: prop.id ? (prop.type as (value: unknown) => unknown) : undefined,
        };
      });
    return this.columns;
  }

  /**
   * The rows of `filter` (its `where` already rewritten by the repository) as JSON.stringify would write
   * LoopBack's entities, or undefined when this find must take LoopBack's path.
   */
  async find(filter: Filter<object> | undefined): Promise<PlainRow[] | undefined> {
    if (filter?.include || observed(this.model)) return undefined;
    const dataSource = this.model.getDataSource();
    const connector: unknown = dataSource.connector;
    if (!dataSource.connected || dataSource.isTransaction || !isRowConnector(connector)) return undefined;
    const options: Options = {};
    // As DefaultCrudRepository.find, then DataAccessObject.find: normalised in place, then the scope.
    const query: Record<string, unknown> = { ...filter, include: undefined };
    this.model._normalize(query, options);
    this.model.applyScope(query);
    const columns = this.columnsOf(connector);
    const fields = Array.isArray(query.fields) ? new Set(query.fields as string[]) : undefined;
    const stmt = connector.buildSelect(this.model.modelName, query, options);
    const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) =>
      connector.execute(stmt.sql, stmt.params, options, (err, data) =>
        err ? reject(err) : resolve(data ?? []),
      ),
    );
    return rows.map((row) => {
      const answer: PlainRow = {};
      for (const { property, column, definition, id } of columns) {
        if (fields && !fields.has(property)) continue;
        let value = connector.fromColumnValue(definition, row[column]);
        if (value === undefined || typeof value === 'function') continue;
        if (id && value !== null) value = id(value);
        answer[property] = value;
      }
      return answer;
    });
  }
}
