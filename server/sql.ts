/**
 * The few pieces of juggler's SQL connector API (loopback-connector's SQLConnector, which both the MySQL and
 * the PostgreSQL connector extend) that hand-written queries use, so identifiers are always escaped and
 * values always bound by the connector of the engine in use — never quoted by hand.
 */
import type { juggler } from '@loopback/repository';

/** loopback-connector's ParameterizedSQL. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
  merge(other: SqlStatement | string): SqlStatement;
}

export interface SqlConnector {
  execute(
    sql: string,
    params: unknown[],
    options: object,
    callback: (err: unknown, rows: unknown) => void,
  ): void;
  tableEscaped(model: string): string;
  columnEscaped(model: string, property: string): string;
  buildWhere(model: string, where: object | undefined): SqlStatement;
  buildOrderBy(model: string, order: string | string[]): string;
  buildColumnNames(model: string, filter: object): string;
  applyPagination(model: string, statement: SqlStatement, filter: object): SqlStatement;
  parameterize(statement: SqlStatement): SqlStatement;
  fromRow(model: string, row: object): Record<string, unknown>;
}

/** The datasource's SQL connector, or undefined on a store without SQL (the memory connector). */
export function sqlConnectorOf(dataSource: juggler.DataSource): SqlConnector | undefined {
  const connector = dataSource.connector as unknown as Partial<SqlConnector> | undefined;
  return connector && typeof connector.execute === 'function' && typeof connector.buildWhere === 'function'
    ? (connector as SqlConnector)
    : undefined;
}

/** A new statement of the connector's own ParameterizedSQL class. */
export function statement(
  connector: SqlConnector,
  model: string,
  sql: string,
  params: unknown[] = [],
): SqlStatement {
  const Statement = connector.buildWhere(model, {}).constructor as new (
    sql: string,
    params: unknown[],
  ) => SqlStatement;
  return new Statement(sql, params);
}

/** Runs a statement (parameterized by the connector) and answers its rows. */
export function run(
  connector: SqlConnector,
  stmt: SqlStatement,
  options: object = {},
): Promise<Record<string, unknown>[]> {
  const ready = connector.parameterize(stmt);
  return new Promise((resolve, reject) => {
    connector.execute(ready.sql, ready.params, options, (err, rows) =>
      err
        ? reject(err instanceof Error ? err : new Error(String(err)))
        : resolve(rows as Record<string, unknown>[]),
    );
  });
}

/** Escaped names of one model: `t` its table, `c(prop)` a column, `q(alias, prop)` a column of a table alias. */
export function namesOf(connector: SqlConnector, model: string) {
  return {
    t: connector.tableEscaped(model),
    c: (property: string) => connector.columnEscaped(model, property),
    q: (alias: string, property: string) => `${alias}.${connector.columnEscaped(model, property)}`,
  };
}

/** What `insertValues` needs beyond SqlConnector: the model's property definitions and their binding. */
interface BindingConnector extends SqlConnector {
  getModelDefinition(model: string): { properties: Record<string, unknown> } | undefined;
  toColumnValue(property: unknown, value: unknown): unknown;
}

/**
 * `INSERT INTO {table} (columns) VALUES (…), (…), …` for many rows in one pass: each value bound as the connector
 * binds it for its property (toColumnValue: the value itself, or the connector's own fragment such as a date's
 * cast). The connector's own multi-row build merges one statement per row into a growing one, which costs time
 * quadratic in the rows; this costs time linear in the values. Append an upsert clause with `merge`.
 */
export function insertValues(
  connector: SqlConnector,
  model: string,
  properties: readonly string[],
  rows: readonly Record<string, unknown>[],
): SqlStatement {
  const binding = connector as BindingConnector;
  const definitions = binding.getModelDefinition(model)?.properties ?? {};
  const { t, c } = namesOf(connector, model);
  const params: unknown[] = [];
  const tuples: string[] = [];
  const cells: string[] = new Array<string>(properties.length);
  for (const row of rows) {
    properties.forEach((property, i) => {
      const value = binding.toColumnValue(definitions[property], row[property]);
      if (value !== null && typeof value === 'object' && 'sql' in value && 'params' in value) {
        const fragment = value as SqlStatement;
        cells[i] = fragment.sql;
        params.push(...fragment.params);
      } else {
        cells[i] = '?';
        params.push(value);
      }
    });
    tuples.push(`(${cells.join(',')})`);
  }
  return statement(
    connector,
    model,
    `INSERT INTO ${t} (${properties.map(c).join(',')}) VALUES ${tuples.join(',')}`,
    params,
  );
}
