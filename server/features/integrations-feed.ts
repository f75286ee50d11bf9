/**
 * GET /generarExcelShoppingfeed?empresaId= (docs/requirements.md#r7-api "Products"): an .xlsx with one row per product of the
 * company, written with exceljs' streaming writer straight into the response (columns in
 * src/core/integrations/feedColumns.ts), with a Content-Disposition file name.
 */
import { inject } from '@loopback/core';
import type { AnyObject } from '@loopback/repository';
import { get, param, RestBindings, type Response } from '@loopback/rest';
import ExcelJS from 'exceljs';
import { FEED_COLUMNS, FEED_SHEET, feedFileName, feedRow } from '../../src/core/integrations/feedColumns';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { companyFor } from '../erp/scope';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { requires } from '../auth/permiso';
import { EXPORT_PRODUCTOS } from '../../src/core/apiPermisos';

const PAGE = 500;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export class IntegrationsFeedController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repositories: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  /** The first row per product of a child table, for a page of product ids. */
  private async firstByProduct(resource: string, ids: number[]): Promise<Map<number, AnyObject>> {
    const rows = await this.repositories
      .repository(resource)
      .find({ where: { productoId: { inq: ids } }, order: ['id ASC'] });
    const map = new Map<number, AnyObject>();
    for (const row of rows) if (!map.has(Number(row.productoId))) map.set(Number(row.productoId), row);
    return map;
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
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: true });
    const sheet = workbook.addWorksheet(FEED_SHEET);
    sheet.columns = FEED_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (let skip = 0; ; skip += PAGE) {
      const page = await products.find({
        where: { empresaId: company },
        order: ['nombre ASC', 'id ASC'],
        limit: PAGE,
        skip,
      });
      if (!page.length) break;
      const ids = page.map((p) => Number(p.id));
      const [generals, catalogue] = await Promise.all([
        this.firstByProduct('producto-generals', ids),
        this.firstByProduct('producto-datos-catalogo', ids),
      ]);
      for (const product of page) {
        const id = Number(product.id);
        sheet.addRow(feedRow(product, generals.get(id), catalogue.get(id))).commit();
      }
      if (page.length < PAGE) break;
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
