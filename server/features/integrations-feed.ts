/**
 * GET /generarExcelShoppingfeed?empresaId= (docs/requirements.md#r7-api "Products"): an .xlsx with one row per product of the
 * company, written with exceljs' streaming writer straight into the response (columns in
 * src/core/integrations/feedColumns.ts), with a Content-Disposition file name. The rows are read in keyset pages
 * (nombre, id) of FEED_PAGE products joined with their first general and catalogue records, so memory and
 * time per page stay the same however large the catalogue.
 */
import { inject } from '@loopback/core';
import { get, param, RestBindings, type Response } from '@loopback/rest';
import { FEED_COLUMNS, FEED_SHEET, feedFileName, feedRow } from '../../src/core/integrations/feedColumns';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { companyFor } from '../erp/scope';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { requires } from '../auth/permiso';
import { EXPORT_PRODUCTOS } from '../../src/core/apiPermisos';
import { namesOf, run, sqlConnectorOf, statement, type SqlConnector } from '../sql';
import { loadExcel } from '../on-demand-libraries';

/** Products per keyset page (FEED_PAGE_SIZE overrides it, read per request). */
export const FEED_PAGE = 5000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pageSize = (): number => {
  const n = Number(process.env.FEED_PAGE_SIZE);
  return Number.isInteger(n) && n > 0 ? n : FEED_PAGE;
};

/** The last row of a page: where the next page starts (order nombre, id). */
interface Position {
  nombre: string;
  id: number;
}

export class IntegrationsFeedController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repositories: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  /**
   * One page of feed rows of `company` after `after`, in the feed's order (nombre, id): each product with its
   * first general record and first catalogue record (lowest id), joined on their indexed productoId in one
   * query. Keyset paging, so every page costs the same however deep in the catalogue.
   */
  private async page(
    connector: SqlConnector,
    company: number,
    after: Position | undefined,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const model = (name: string) => this.repositories.repository(name).entityClass.definition.name;
    const p = namesOf(connector, model('productos'));
    const g = namesOf(connector, model('producto-generals'));
    const d = namesOf(connector, model('producto-datos-catalogo'));
    // The page of products first (the keyset range of the index on nombre); then, for those rows only, the id
    // of each one's first general and catalogue record (index lookups on productoId); then those records
    // joined by primary key. (A correlated subquery beside the sort, or in a join condition, runs for every
    // product of the company.)
    const firstId = (n: typeof g, alias: string) =>
      `(SELECT MIN(${n.q(alias, 'id')}) FROM ${n.t} ${alias} WHERE ${n.q(alias, 'productoId')} = pg0.pid)`;
    const params: unknown[] = [company];
    let keyset = '';
    if (after) {
      // (nombre, id) after the last row; the leading `nombre >= ?` lets the index on nombre start there.
      const nombre = p.q('p', 'nombre');
      keyset = ` AND ${nombre} >= ? AND (${nombre} > ? OR ${p.q('p', 'id')} > ?)`;
      params.push(after.nombre, after.nombre, after.id);
    }
    params.push(limit);
    const products =
      `SELECT ${p.q('p', 'id')} AS pid, ${p.q('p', 'nombre')} AS nombre, ` +
      `${p.q('p', 'categorias')} AS categorias, ${p.q('p', 'imagen')} AS imagen ` +
      `FROM ${p.t} p WHERE ${p.q('p', 'empresaId')} = ?${keyset} ` +
      `ORDER BY ${p.q('p', 'nombre')}, ${p.q('p', 'id')} LIMIT ?`;
    const withIds = `SELECT pg0.*, ${firstId(g, 'g2')} AS gid, ${firstId(d, 'd2')} AS did FROM (${products}) pg0`;
    const sql =
      `SELECT pp.pid, pp.nombre, pp.categorias, pp.imagen, ${g.q('g', 'titulo')} AS titulo, ` +
      `${g.q('g', 'descripcion')} AS descripcion, ${g.q('g', 'marca')} AS marca, ${g.q('g', 'ean')} AS ean, ` +
      `${d.q('d', 'precioFabrica')} AS precio ` +
      `FROM (${withIds}) pp LEFT JOIN ${g.t} g ON ${g.q('g', 'id')} = pp.gid ` +
      `LEFT JOIN ${d.t} d ON ${d.q('d', 'id')} = pp.did ORDER BY pp.nombre, pp.pid`;
    return run(connector, statement(connector, model('productos'), sql, params));
  }

  @get('/generarExcelShoppingfeed', {
    ...requires(EXPORT_PRODUCTOS),
    responses: {
      '200': {
        description: 'Shopping feed',
        content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async generarExcelShoppingfeed(
    @param.query.integer('empresaId') empresaId: number | undefined,
    @inject(RestBindings.Http.RESPONSE) response: Response,
  ): Promise<Response> {
    const company = companyFor(this.access, empresaId);
    const products = this.repositories.repository('productos');
    const { count } = await products.count({ empresaId: company });
    response.status(200);
    response.setHeader('Content-Type', XLSX_TYPE);
    response.setHeader('Content-Disposition', `attachment; filename="${feedFileName(company)}"`);
    response.setHeader('X-Total-Count', String(count));
    response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Total-Count');
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true });
    const sheet = workbook.addWorksheet(FEED_SHEET);
    sheet.columns = FEED_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const connector = sqlConnectorOf(products.dataSource);
    if (!connector) throw new Error('The shopping feed needs a SQL store');
    const limit = pageSize();
    for (let after: Position | undefined; ;) {
      const rows = await this.page(connector, company, after, limit);
      for (const row of rows) {
        const general = { titulo: row.titulo, descripcion: row.descripcion, marca: row.marca, ean: row.ean };
        sheet.addRow(feedRow(row, general, { precioFabrica: row.precio })).commit();
      }
      if (rows.length < limit) break;
      const last = rows[rows.length - 1];
      after = { nombre: String(last.nombre), id: Number(last.pid) };
      // The client reads slower than the database answers: wait for it rather than buffer the whole file.
      if (response.writableNeedDrain) await new Promise((resolve) => response.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
    return response;
  }
}

export const feature: Feature = {
  name: 'integrations-feed',
  register: ({ app }) => {
    app.controller(IntegrationsFeedController);
  },
};
