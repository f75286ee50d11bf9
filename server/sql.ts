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
