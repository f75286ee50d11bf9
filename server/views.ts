/**
 * Read-only views (`view: true` schemas). Each view is one SELECT over the base tables (joins and correlated
 * subqueries on indexed keys, view-sql.ts) wrapped as a derived table, and the connector's own
 * where/order/paging builders run on it: a page reads a page, a count counts in the database.
 */
import {
  DefaultCrudRepository,
  juggler,
  type AnyObject,
  type Count,
  type Filter,
  type Where,
} from '@loopback/repository';
import type { ResourceSchema } from '../src/resources/types';
import type { IdType, Row, RowClass, SchemaRepository } from './repositories';
import { namesOf, run, sqlConnectorOf, statement, type SqlConnector } from './sql';
import { VIEW_SQL } from './view-sql';
import { rewriteWhere, type WhereRewriteOptions } from './where';

type RepoLookup = (name: string) => SchemaRepository;

export class ViewRepository {
  private readonly whereOptions: WhereRewriteOptions;
  private readonly sql: SqlConnector;
  private readonly modelName: string;

  constructor(
    private readonly viewClass: RowClass,
    readonly schema: ResourceSchema,
    private readonly repo: RepoLookup,
    dataSource: juggler.DataSource,
  ) {
    this.modelName = viewClass.definition.name;
    const connector = sqlConnectorOf(dataSource);
    if (!connector || !VIEW_SQL[schema.name]) throw new Error(`View ${schema.name}: no SQL for it`);
    this.sql = connector;
    // Attaches the view's model to the SQL datasource (its columns for the where/order builders; no table).
    new DefaultCrudRepository<Row, IdType, AnyObject>(viewClass, dataSource);
    this.whereOptions = { hidden: new Set() };
  }

  /** Queries run in the database (every store is SQL). */
  get runsSql(): boolean {
    return true;
  }

  /** The view's SELECT as a derived table `v`. */
  private source(connector: SqlConnector): string {
    const model = (name: string) => this.repo(name).entityClass.definition.name;
    const view = namesOf(connector, this.modelName);
    return `(${VIEW_SQL[this.schema.name]({ names: (name) => namesOf(connector, model(name)), out: view.c })}) v`;
  }

  private async sqlFind(connector: SqlConnector, filter: Filter<Row> = {}): Promise<Row[]> {
    const m = this.modelName;
    let stmt = statement(
      connector,
      m,
      `SELECT ${connector.buildColumnNames(m, filter)} FROM ${this.source(connector)}`,
    );
    stmt.merge(connector.buildWhere(m, rewriteWhere(filter.where, this.whereOptions) as object));
    stmt.merge(connector.buildOrderBy(m, (filter.order as string[] | string | undefined) ?? ['id ASC']));
    if (filter.limit || filter.skip || filter.offset) stmt = connector.applyPagination(m, stmt, filter);
    const rows = await run(connector, stmt);
    return rows.map((row) => new this.viewClass(connector.fromRow(m, row)));
  }

  private async sqlCount(connector: SqlConnector, where?: Where<Row>): Promise<Count> {
    const m = this.modelName;
    const stmt = statement(connector, m, `SELECT COUNT(*) AS cnt FROM ${this.source(connector)}`);
    stmt.merge(connector.buildWhere(m, rewriteWhere(where, this.whereOptions) as object));
    const [row] = await run(connector, stmt);
    return { count: Number(row ? Object.values(row)[0] : 0) };
  }

  async find(filter?: Filter<Row>): Promise<Row[]> {
    return this.sqlFind(this.sql, filter);
  }

  async count(where?: Where<Row>): Promise<Count> {
    return this.sqlCount(this.sql, where);
  }
}
