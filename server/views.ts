/**
 * Read-only views (`view: true` schemas). On a SQL store each view is one SELECT over the base tables (joins and
 * correlated subqueries on indexed keys, view-sql.ts) wrapped as a derived table, and the connector's own
 * where/order/paging builders run on it: a page reads a page, a count counts in the database. On the memory
 * store (no SQL) the rows are computed here and loaded into a throw-away memory datasource so
 * `where`/`order`/`limit`/`skip`/`fields` behave like any other resource (case-insensitive `like`).
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
type ViewCompute = (repo: RepoLookup) => Promise<AnyObject[]>;

const splitList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(/[,;|]/)
        .map((part) => part.trim())
        .filter(Boolean)
    : [];

/** The first producto-generals row of each product. */
async function generalsByProduct(repo: RepoLookup): Promise<Map<unknown, AnyObject>> {
  const generals = await repo('producto-generals').find({ order: ['id ASC'] });
  const byProduct = new Map<unknown, AnyObject>();
  for (const general of generals)
    if (!byProduct.has(general.productoId)) byProduct.set(general.productoId, general);
  return byProduct;
}

export const VIEWS: Record<string, ViewCompute> = {
  'vista-muestra-fotos-optimizadas': async (repo) => {
    const [productos, generals] = await Promise.all([repo('productos').find(), generalsByProduct(repo)]);
    return productos.map((p) => ({
      id: p.id,
      empresaId: p.empresaId,
      nombre: p.nombre,
      titulo: generals.get(p.id)?.titulo,
      imagen: p.imagen,
      categorias: p.categorias,
    }));
  },

  B2bProductos: async (repo) => {
    const [productos, generals, categorias] = await Promise.all([
      repo('productos').find({ where: { activoEnMarketplace: 'S' } }),
      generalsByProduct(repo),
      repo('categorias').find(),
    ]);
    // Products list their categories by code or by name; the parent is the category's `padre` code.
    const parentOf = (empresaId: unknown, category: string): unknown => {
      const matches = categorias.filter((c) => c.codigo === category || c.nombre === category);
      return (matches.find((c) => c.empresaId === empresaId) ?? matches[0])?.padre;
    };
    return productos.map((p) => {
      const first = splitList(p.categorias)[0];
      const general = generals.get(p.id);
      return {
        id: p.id,
        empresaId: p.empresaId,
        nombre: p.nombre,
        titulo: general?.titulo,
        marca: general?.marca,
        categorias: p.categorias,
        categoriaPadre: first === undefined ? undefined : parentOf(p.empresaId, first),
        imagen: p.imagen,
      };
    });
  },

  VistaMarketPlacePrompts: async (repo) => {
    const [prompts, marketplaces, categorias] = await Promise.all([
      repo('MarketPlacePrompts').find(),
      repo('MarketPlaces').find(),
      repo('categorias').find(),
    ]);
    const codigoOf = new Map(marketplaces.map((m) => [m.id, m.codigo]));
    const nombreOf = new Map<unknown, unknown>();
    for (const c of categorias) if (!nombreOf.has(c.codigo)) nombreOf.set(c.codigo, c.nombre);
    return prompts.map((p) => ({
      id: p.id,
      marketplaceId: p.marketplaceId,
      marketplaceCodigo: codigoOf.get(p.marketplaceId),
      categoriaCodigo: p.categoriaCodigo,
      categoriaNombre: nombreOf.get(p.categoriaCodigo),
      campoUno: p.campoUno,
    }));
  },
};

/** Keeps the view's declared fields, leaving out undefined values (as the memory connector does). */
const shape = (schema: ResourceSchema, row: AnyObject): AnyObject => {
  const out: AnyObject = {};
  for (const field of schema.fields) if (row[field.name] !== undefined) out[field.name] = row[field.name];
  return out;
};

export class ViewRepository {
  private readonly whereOptions: WhereRewriteOptions;
  private readonly sql?: SqlConnector;
  private readonly modelName: string;

  constructor(
    private readonly viewClass: RowClass,
    readonly schema: ResourceSchema,
    private readonly repo: RepoLookup,
    dataSource?: juggler.DataSource,
  ) {
    this.modelName = viewClass.definition.name;
    this.sql = dataSource && VIEW_SQL[schema.name] ? sqlConnectorOf(dataSource) : undefined;
    // Attaches the view's model to the SQL datasource (its columns for the where/order builders; no table).
    if (this.sql && dataSource) new DefaultCrudRepository<Row, IdType, AnyObject>(viewClass, dataSource);
    this.whereOptions = { caseInsensitiveLike: !this.sql, hidden: new Set() };
  }

  /** Whether queries run in the database (else on a computed snapshot). */
  get runsSql(): boolean {
    return this.sql !== undefined;
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

  /** A fresh in-memory repository holding the view's current rows (stores without SQL). */
  private async snapshot(): Promise<DefaultCrudRepository<Row, IdType, AnyObject>> {
    const compute = VIEWS[this.schema.name];
    const rows = compute ? (await compute(this.repo)).map((r) => shape(this.schema, r)) : [];
    const dataSource = new juggler.DataSource({ connector: 'memory' });
    const memory = new DefaultCrudRepository<Row, IdType, AnyObject>(this.viewClass, dataSource);
    if (rows.length) await memory.createAll(rows);
    return memory;
  }

  async find(filter?: Filter<Row>): Promise<Row[]> {
    if (this.sql) return this.sqlFind(this.sql, filter);
    const memory = await this.snapshot();
    return memory.find(filter && { ...filter, where: rewriteWhere(filter.where, this.whereOptions) });
  }

  async count(where?: Where<Row>): Promise<Count> {
    if (this.sql) return this.sqlCount(this.sql, where);
    const memory = await this.snapshot();
    return memory.count(rewriteWhere(where, this.whereOptions));
  }
}
