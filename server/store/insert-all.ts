/**
 * The multi-row INSERT of `createAll` (the import's batches, the seed) built in time linear in its values.
 * loopback-connector's own build escapes every column name once per row, wraps every value in a statement of
 * its own and merges one statement per row into a growing one (its parameters copied at each merge); this one
 * names the columns once and joins the rows at the end. The statement is the same: the columns of the rows'
 * properties (unknown and read-only ones left out), each value bound as the connector binds it
 * (`toColumnValue`: the value, or the connector's own fragment such as a date's cast), then the connector's
 * RETURNING. Rows the connector's build would give different columns (a value it leaves out, no columns at
 * all) go through that build.
 */
import { bindRows } from '../sql';

interface Statement {
  sql: string;
  params: unknown[];
  merge(other: Statement | string, separator?: string): Statement;
}

interface PropertyDefinition {
  readOnly?: boolean;
}

export interface InsertingConnector {
  multiInsertSupported?: boolean;
  getModelDefinition(model: string): { properties: Record<string, PropertyDefinition | undefined> };
  columnEscaped(model: string, property: string): string;
  toColumnValue(property: PropertyDefinition, value: unknown): unknown;
  buildInsertInto(model: string, fields: { names: string[] }, options: object): Statement;
  buildInsertReturning(model: string, data: unknown, options: object): Statement | string | undefined;
  parameterize(statement: Statement): Statement;
  buildInsertAll(model: string, data: Record<string, unknown>[], options: object): Statement | null;
}

/** Replaces the connector's `buildInsertAll` with the linear build (the connector's own kept for the rest). */
export function buildInsertsLinearly(connector: InsertingConnector): void {
  const original = connector.buildInsertAll.bind(connector);
  connector.buildInsertAll = (model, data, options) => {
    if (!connector.multiInsertSupported || !Array.isArray(data) || !data.length || data.some((row) => !row))
      return original(model, data, options);
    const properties = connector.getModelDefinition(model).properties;
    const keys = new Set<string>();
    for (const row of data) for (const key of Object.keys(row)) keys.add(key);
    const columns = [...keys].filter((key) => {
      const property = properties[key];
      return property && !property.readOnly;
    });
    if (!columns.length) return original(model, data, options);
    const { tuples, params, unbound } = bindRows(connector, model, columns, data);
    // the connector leaves such a column out of that row: its own build decides what that means
    if (unbound) return original(model, data, options);
    const names = columns.map((key) => connector.columnEscaped(model, key));
    const insert = connector.buildInsertInto(model, { names }, options);
    const Statement = insert.constructor as new (sql: string, params: unknown[]) => Statement;
    insert.merge(new Statement(`VALUES ${tuples.join(', ')}`, params));
    const returning = connector.buildInsertReturning(model, data, options);
    if (returning) insert.merge(returning);
    return connector.parameterize(insert);
  };
}
