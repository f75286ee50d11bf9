/**
 * The review screens' reads as SQL (both engines: identifiers escaped and values bound by the connector):
 * texts are grouped, counted, filtered, sorted and paged in the database, joined with their product (company
 * scope, category filters), its first general record and the marketplace — no request reads every text or
 * every product, and no id list grows with the catalogue.
 *
 * The category filters keep the rule of src/core/aiTexts/categories.ts: a product matches a category (code or
 * name) when one of the names listed in its `categorias` stands for it. The categories table is small, so the
 * listed values that stand for the filter are worked out here with that rule (per company: a company's own
 * categories and the shared ones), and the database only checks whether the product's list holds one of them.
 */
import {
  categoryKeys,
  matchesCategory,
  subcategoryKeys,
  type CategoriaRow,
} from '../../../src/core/aiTexts/categories';
import type { CompanyAccess } from '../../auth/keys';
import { containsPattern, escapeLike } from '../../../src/core/likePatterns';
import { namesOf, run, sqlConnectorOf, statement, type SqlConnector } from '../../sql';
import type { SchemaRepository } from '../../repositories';
import type { ReviewFilters } from './shared';

type Names = ReturnType<typeof namesOf>;

/** A SQL condition with its bound values. */
interface Condition {
  sql: string;
  params: unknown[];
}

const TRUE: Condition = { sql: '1 = 1', params: [] };
const FALSE: Condition = { sql: '1 = 0', params: [] };

const and = (conditions: Condition[]): Condition => {
  const real = conditions.filter((c) => c !== TRUE);
  if (!real.length) return TRUE;
  return { sql: real.map((c) => `(${c.sql})`).join(' AND '), params: real.flatMap((c) => c.params) };
};

const or = (conditions: Condition[]): Condition => {
  const real = conditions.filter((c) => c !== FALSE);
  if (!real.length) return FALSE;
  return { sql: real.map((c) => `(${c.sql})`).join(' OR '), params: real.flatMap((c) => c.params) };
};

/** Rows of a review page up to which its texts are read by the page's product ids. */
const PAGE_IDS = 500;

const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

const norm = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

type KeysOf = typeof categoryKeys;

/**
 * The listed values (lower-cased) that make a product of company `empresaId` match `filter`: the filter itself
 * and every code or name of a category whose keys (categories.ts) hold it.
 */
export function listedValuesFor(
  filter: string,
  rows: readonly CategoriaRow[],
  empresaId: number | null,
  keysOf: KeysOf,
): string[] {
  const values = new Set([norm(filter)]);
  for (const row of rows) {
    for (const candidate of [row.codigo, row.nombre]) {
      const value = norm(candidate);
      if (value && !values.has(value) && matchesCategory(keysOf(value, rows, empresaId), filter))
        values.add(value);
    }
  }
  return [...values];
}

/** The SQL and bound values of the review queries over one connector. */
export class ReviewSql {
  private readonly sql: SqlConnector;
  private readonly t: Names;
  private readonly p: Names;
  private readonly g: Names;
  private readonly m: Names;
  private readonly textModel: string;

  constructor(
    private readonly repo: (name: string) => SchemaRepository,
    private readonly access: CompanyAccess,
  ) {
    const texts = repo('TextosGenerados');
    const connector = sqlConnectorOf(texts.dataSource);
    if (!connector) throw new Error('The review of generated texts needs a SQL store');
    this.sql = connector;
    const names = (name: string) => namesOf(connector, repo(name).entityClass.definition.name);
    this.textModel = texts.entityClass.definition.name;
    this.t = names('TextosGenerados');
    this.p = names('productos');
    this.g = names('producto-generals');
    this.m = names('MarketPlaces');
  }

  /** The product list `p0.categorias`, lower-cased, ';'-separated, without spaces around separators. */
  private listOf(alias: string): string {
    let list = `REPLACE(${this.p.q(alias, 'categorias')}, ',', ';')`;
    for (let i = 0; i < 2; i++) list = `REPLACE(REPLACE(${list}, ' ;', ';'), '; ', ';')`;
    return `CONCAT(';', LOWER(${list}), ';')`;
  }

  /** The product's list holds one of `values`. */
  private holdsOne(alias: string, values: readonly string[]): Condition {
    const list = this.listOf(alias);
    return or(
      values.map((value) => ({
        sql: `${list} LIKE ?`,
        params: [`%;${escapeLike(value)};%`],
      })),
    );
  }

  /** Products (alias) of the companies the caller sees whose categories match `filter` by `keysOf`. */
  private categoryCondition(
    alias: string,
    filter: string | undefined,
    categories: readonly CategoriaRow[],
    keysOf: KeysOf,
  ): Condition {
    if (!norm(filter)) return TRUE;
    const company = this.p.q(alias, 'empresaId');
    const values = (empresaId: number | null) =>
      listedValuesFor(String(filter), categories, empresaId, keysOf);
    if (!this.access.admin) return this.holdsOne(alias, values(this.access.empresaId));
    // Each company with categories of its own; the others see the shared ones (as company -1 would).
    const companies = [
      ...new Set(categories.map((c) => c.empresaId).filter((id): id is number => typeof id === 'number')),
    ];
    const conditions: Condition[] = companies.map((id) =>
      and([{ sql: `${company} = ?`, params: [id] }, this.holdsOne(alias, values(id))]),
    );
    const others = companies.length
      ? { sql: `${company} NOT IN (${placeholders(companies)})`, params: companies }
      : { sql: `${company} IS NOT NULL`, params: [] };
    conditions.push(and([others, this.holdsOne(alias, values(-1))]));
    conditions.push(and([{ sql: `${company} IS NULL`, params: [] }, this.holdsOne(alias, values(null))]));
    return or(conditions);
  }

  /**
   * The texts (alias t) of products (alias p0) passing the filters and the caller's company. `texto` matches
   * part of the product's name or of the title the rows show (its first general record), as the screen did.
   */
  private textConditions(filters: ReviewFilters, categories: readonly CategoriaRow[]): Condition {
    const { t, p } = this;
    const conditions: Condition[] = [];
    if (!this.access.admin) {
      if (this.access.empresaId === null) return FALSE;
      conditions.push({ sql: `${p.q('p0', 'empresaId')} = ?`, params: [this.access.empresaId] });
    }
    if (filters.productos?.length)
      conditions.push({
        sql: `${t.q('t', 'productoId')} IN (${placeholders(filters.productos)})`,
        params: filters.productos,
      });
    if (filters.marketplaces?.length)
      conditions.push({
        sql: `${t.q('t', 'marketplaceId')} IN (${placeholders(filters.marketplaces)})`,
        params: filters.marketplaces,
      });
    if (filters.idmarketplacesprompt)
      conditions.push({
        sql: `${t.q('t', 'marketplacePromptId')} = ?`,
        params: [filters.idmarketplacesprompt],
      });
    const texto = norm(filters.texto);
    if (texto) {
      const { g } = this;
      const like = containsPattern(texto);
      const firstGeneral = `(SELECT MIN(${g.q('g4', 'id')}) FROM ${g.t} g4 WHERE ${g.q('g4', 'productoId')} = ${p.q('p0', 'id')})`;
      conditions.push({
        sql:
          `LOWER(${p.q('p0', 'nombre')}) LIKE ? OR EXISTS (SELECT 1 FROM ${g.t} g3 ` +
          `WHERE ${g.q('g3', 'id')} = ${firstGeneral} AND LOWER(${g.q('g3', 'titulo')}) LIKE ?)`,
        params: [like, like],
      });
    }
    conditions.push(this.categoryCondition('p0', filters.categoria, categories, categoryKeys));
    conditions.push(this.categoryCondition('p0', filters.subcategoria, categories, subcategoryKeys));
    return and(conditions);
  }

  /** Texts joined with their product (p0). */
  private textsFrom(): string {
    return `FROM ${this.t.t} t JOIN ${this.p.t} p0 ON ${this.p.q('p0', 'id')} = ${this.t.q('t', 'productoId')}`;
  }

  /** Products × marketplaces of the texts with their counts (derived table x). */
  private groups(where: Condition): Condition {
    const { t } = this;
    return {
      sql:
        `SELECT ${t.q('t', 'productoId')} AS pid, ${t.q('t', 'marketplaceId')} AS mid, COUNT(*) AS total, ` +
        `SUM(CASE WHEN ${t.q('t', 'revisado_sn')} = 'S' THEN 1 ELSE 0 END) AS revisados, ` +
        `MAX(${t.q('t', 'fechaGeneracion')}) AS fecha, MIN(${t.q('t', 'id')}) AS firstid ` +
        `${this.textsFrom()} WHERE ${where.sql} GROUP BY ${t.q('t', 'productoId')}, ${t.q('t', 'marketplaceId')}`,
      params: where.params,
    };
  }

  /** The review state rule of src/core/reviewStatus.ts (estadoRevisionDeConteo) on the counts of x. */
  private static estado(revision: string | undefined): Condition {
    switch (revision) {
      case undefined:
        return TRUE;
      case 'Revisado':
        return { sql: 'x.revisados >= x.total', params: [] };
      case 'No revisado':
        return { sql: 'x.revisados <= 0', params: [] };
      case 'Revisado parcial':
        return { sql: 'x.revisados > 0 AND x.revisados < x.total', params: [] };
      default:
        return FALSE;
    }
  }

  private async rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return run(this.sql, statement(this.sql, this.textModel, sql, params));
  }

  /**
   * One page of the review rows (products × marketplaces), sorted by product name and marketplace code, with
   * the number of rows matching and the ids of each row's texts.
   */
  async vista(
    filters: ReviewFilters,
    categories: readonly CategoriaRow[],
    page: { limit?: number; skip?: number },
  ): Promise<{ rows: Record<string, unknown>[]; total: number; textIds: Map<string, number[]> }> {
    const { t, p, g, m } = this;
    const groups = this.groups(this.textConditions(filters, categories));
    const estado = ReviewSql.estado(filters.revision);
    const [{ n }] = await this.rows(`SELECT COUNT(*) AS n FROM (${groups.sql}) x WHERE ${estado.sql}`, [
      ...groups.params,
      ...estado.params,
    ]);
    const paging: unknown[] = [];
    let limit = '';
    if (page.limit !== undefined || page.skip) {
      limit = ' LIMIT ? OFFSET ?';
      paging.push(page.limit ?? 1_000_000_000, page.skip ?? 0);
    }
    // The page first; then, for its rows only, the first general record's id (an index lookup on productoId),
    // and the record joined by primary key.
    const firstGeneral = `(SELECT MIN(${g.q('g2', 'id')}) FROM ${g.t} g2 WHERE ${g.q('g2', 'productoId')} = y.pid)`;
    const rowsSql =
      `SELECT x.pid, x.mid, x.total, x.revisados, x.fecha, ${t.q('f', 'marketplacePromptId')} AS prompt, ` +
      `${p.q('p', 'nombre')} AS nombre, ${p.q('p', 'categorias')} AS categorias, ` +
      `${p.q('p', 'activoEnMarketplace')} AS activo, ${m.q('m', 'codigo')} AS codigo ` +
      `FROM (${groups.sql}) x JOIN ${p.t} p ON ${p.q('p', 'id')} = x.pid ` +
      `JOIN ${t.t} f ON ${t.q('f', 'id')} = x.firstid ` +
      `LEFT JOIN ${m.t} m ON ${m.q('m', 'id')} = x.mid ` +
      `WHERE ${estado.sql} ORDER BY ${p.q('p', 'nombre')}, ${m.q('m', 'codigo')}, x.pid, x.mid${limit}`;
    const pageSql =
      `SELECT z.*, ${g.q('g', 'titulo')} AS titulo FROM (SELECT y.*, ${firstGeneral} AS gid FROM (${rowsSql}) y) z ` +
      `LEFT JOIN ${g.t} g ON ${g.q('g', 'id')} = z.gid ORDER BY z.nombre, z.codigo, z.pid, z.mid`;
    const pageParams = [...groups.params, ...estado.params, ...paging];
    const rows = await this.rows(pageSql, pageParams);
    // The ids of the page's texts. A page of up to PAGE_IDS rows names its products (a list bounded by the page,
    // not the catalogue): their texts are read by productoId. A larger or unlimited page: the texts joined with
    // the page itself (no id list).
    const textIds = new Map<string, number[]>();
    const keyOf = (row: Record<string, unknown>) => `${Number(row.pid)}|${Number(row.mid)}`;
    if (rows.length) {
      const where = this.textConditions(filters, categories);
      const columns =
        `SELECT ${t.q('t', 'id')} AS id, ${t.q('t', 'productoId')} AS pid, ` +
        `${t.q('t', 'marketplaceId')} AS mid ${this.textsFrom()}`;
      const pids = [...new Set(rows.map((row) => Number(row.pid)))];
      const ids =
        rows.length <= PAGE_IDS
          ? await this.rows(
              `${columns} WHERE ${t.q('t', 'productoId')} IN (${placeholders(pids)}) AND (${where.sql}) ` +
                `ORDER BY ${t.q('t', 'id')}`,
              [...pids, ...where.params],
            )
          : await this.rows(
              `${columns} JOIN (SELECT pg.pid, pg.mid FROM (${pageSql}) pg) pgx ` +
                `ON pgx.pid = ${t.q('t', 'productoId')} AND (pgx.mid = ${t.q('t', 'marketplaceId')} ` +
                `OR (pgx.mid IS NULL AND ${t.q('t', 'marketplaceId')} IS NULL)) ` +
                `WHERE ${where.sql} ORDER BY ${t.q('t', 'id')}`,
              [...pageParams, ...where.params],
            );
      const onPage = new Set(rows.map(keyOf));
      for (const row of ids) {
        const key = keyOf(row);
        if (!onPage.has(key)) continue;
        const list = textIds.get(key) ?? [];
        list.push(Number(row.id));
        textIds.set(key, list);
      }
    }
    return { rows, total: Number(n), textIds };
  }

  /** The reviewed texts of products passing the filters, by id, with the product's name (column pnombre). */
  async revisados(
    filters: ReviewFilters,
    categories: readonly CategoriaRow[],
  ): Promise<{ text: Record<string, unknown>; productoNombre: unknown }[]> {
    const { t, p } = this;
    const where = and([
      this.textConditions(filters, categories),
      { sql: `${t.q('t', 'revisado_sn')} = 'S'`, params: [] },
    ]);
    const rows = await this.rows(
      `SELECT t.*, ${p.q('p0', 'nombre')} AS pnombre ${this.textsFrom()} WHERE ${where.sql} ORDER BY ${t.q('t', 'id')}`,
      where.params,
    );
    return rows.map((row) => ({ text: this.sql.fromRow(this.textModel, row), productoNombre: row.pnombre }));
  }
}
