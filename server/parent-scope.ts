/**
 * Company scoping through a parent (`companyVia`), and other membership conditions (a catalogue's products),
 * as a SQL subquery: a where may carry
 * `{[PARENT_SCOPE]: {field, model, key, where}}`, meaning "`field` IN (SELECT `key` FROM the table of `model`
 * WHERE `where`)", and the SQL connector of the datasource turns it into exactly that (identifiers escaped and
 * values bound by the connector, nested scopes included), so a child's list never loads its parents' keys.
 * Installed once on the datasource (every store is SQL: the embedded PGlite, PostgreSQL or MySQL/MariaDB).
 */
import type { juggler } from '@loopback/repository';
import { sqlConnectorOf, type SqlConnector, type SqlStatement } from './sql';

export const PARENT_SCOPE = '__parentScope';

export interface ParentScope {
  /** The child's property holding the parent key. */
  field: string;
  /** The parent's model name. */
  model: string;
  /** The parent's property the child refers to. */
  key: string;
  /** The parents the caller may see. */
  where?: object;
  /** NOT IN: rows whose `field` is none of those keys. */
  negate?: boolean;
}

type BuildWhere = (model: string, where: unknown) => SqlStatement;
type Patchable = SqlConnector & { _buildWhere: BuildWhere; parentScopeInstalled?: boolean };

const isScoped = (where: unknown): where is Record<string, unknown> =>
  typeof where === 'object' && where !== null && !Array.isArray(where) && PARENT_SCOPE in where;

/** Teaches the datasource's SQL connector the PARENT_SCOPE condition (true once installed). */
export function installParentScope(dataSource: juggler.DataSource): boolean {
  const connector = sqlConnectorOf(dataSource) as Patchable | undefined;
  if (!connector || typeof connector._buildWhere !== 'function') {
    throw new Error('Company scoping through a parent needs a SQL connector (PostgreSQL or MySQL)');
  }
  if (connector.parentScopeInstalled) return true;
  const own: BuildWhere = connector._buildWhere.bind(connector);
  // The connector's and/or handling calls this._buildWhere again, so scopes nested in and/or are seen too.
  connector._buildWhere = (model: string, where: unknown): SqlStatement => {
    if (!isScoped(where)) return own(model, where);
    const { [PARENT_SCOPE]: raw, ...rest } = where;
    const scope = raw as ParentScope;
    const base = own(model, rest);
    const inner = connector._buildWhere(scope.model, scope.where);
    const subquery =
      `${connector.columnEscaped(model, scope.field)} ${scope.negate ? 'NOT IN' : 'IN'} (SELECT ${connector.columnEscaped(scope.model, scope.key)} ` +
      `FROM ${connector.tableEscaped(scope.model)}${inner.sql ? ` WHERE ${inner.sql}` : ''})`;
    const Statement = base.constructor as new (sql: string, params: unknown[]) => SqlStatement;
    return new Statement(base.sql ? `${base.sql} AND ${subquery}` : subquery, [
      ...base.params,
      ...inner.params,
    ]);
  };
  connector.parentScopeInstalled = true;
  return true;
}
