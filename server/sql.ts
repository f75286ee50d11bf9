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

/**
 * Whether this API process is the only one writing to the datasource's database (the embedded database: its
 * data folder is locked), so what it keeps in memory of the data cannot be changed behind its back.
 */
export const isSoleWriter = (dataSource: juggler.DataSource): boolean =>
  (dataSource.connector as { soleWriter?: boolean } | undefined)?.soleWriter === true;

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

/** What binding rows needs of a connector: the model's property definitions and their binding. */
export interface BindingConnector {
  getModelDefinition(model: string): { properties: Record<string, unknown> } | undefined;
  toColumnValue(property: unknown, value: unknown): unknown;
}

/** Rows bound for a multi-row VALUES list: one `(…)` per row, their parameters, and whether a value bound to nothing. */
export interface BoundRows {
  tuples: string[];
  params: unknown[];
  /** A value the connector binds to nothing (it leaves such a column out of its own INSERT). */
  unbound: boolean;
}

/**
 * Each row's `properties` bound as the connector binds them (toColumnValue: the value itself, or the connector's own
 * fragment such as a date's cast), in one pass: time linear in the values.
 */
export function bindRows(
  connector: BindingConnector,
  model: string,
  properties: readonly string[],
  rows: readonly Record<string, unknown>[],
): BoundRows {
  const definitions = connector.getModelDefinition(model)?.properties ?? {};
  const params: unknown[] = [];
  const tuples: string[] = new Array<string>(rows.length);
  const cells: string[] = new Array<string>(properties.length);
  let unbound = false;
  for (const [r, row] of rows.entries()) {
    for (const [i, property] of properties.entries()) {
      const value = connector.toColumnValue(definitions[property], row[property]);
      if (value === undefined) unbound = true;
      if (value !== null && typeof value === 'object' && 'sql' in value && 'params' in value) {
        const fragment = value as SqlStatement;
        cells[i] = fragment.sql;
        for (const param of fragment.params) params.push(param);
      } else {
        cells[i] = '?';
        params.push(value);
      }
    }
    tuples[r] = `(${cells.join(',')})`;
  }
  return { tuples, params, unbound };
}

/**
 * `INSERT INTO {table} (columns) VALUES (…), (…), …` for many rows in one pass (bindRows). The connector's own
 * multi-row build merges one statement per row into a growing one, which costs time quadratic in the rows; this
 * costs time linear in the values. Append an upsert clause with `merge`.
 */
export function insertValues(
  connector: SqlConnector,
  model: string,
  properties: readonly string[],
  rows: readonly Record<string, unknown>[],
): SqlStatement {
  const { t, c } = namesOf(connector, model);
  const { tuples, params } = bindRows(connector as SqlConnector & BindingConnector, model, properties, rows);
  return statement(
    connector,
    model,
    `INSERT INTO ${t} (${properties.map(c).join(',')}) VALUES ${tuples.join(',')}`,
    params,
  );
}
