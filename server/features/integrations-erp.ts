/**
 * ERP connector and synchronisation endpoints (docs/requirements.md#r7-api "Synchronisation", "ERP connector"). All go through the
 * ErpAdapter bound at ErpBindings.ADAPTER (simulated Business Central by default; the OData client of
 * erp/bc-client.ts when BC_* is configured). Company-scoped by `?empresaId=` (see erp/scope.ts).
 *
 * Syncs answer 200 with a SyncSummary ({estado OK|PARCIAL|ERROR|VACIO, mensaje, counts, errores}) after
 * writing the sync-log fields and logsnavs rows; connector calls the ERP fails answer 424 with its reason
 * (code ERP_UNAVAILABLE when it did not answer, ERP_ERROR otherwise).
 * GET /sincronizaProductosManual?idProducto= (one product, with the volume and sincronizarConBC rules) belongs to
 * the product feature (features/products.ts), not here.
 */
import { inject } from '@loopback/core';
import { get, HttpErrors, param, post, requestBody } from '@loopback/rest';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { ErpBindings, SimulatedErp, type ErpAdapter, type ErpResult } from '../erp/adapter';
import { BusinessCentralErp, bcConfigFromEnv } from '../erp/bc-client';
import { companyFor, erpFailure } from '../erp/scope';
import { productBatch, referenceStateBatch, relationBatches, selectProducts } from '../erp/sources';
import { ERP_ENDPOINTS, runSync, type LogRepo, type SyncSummary } from '../erp/sync';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet, RowOf } from '../repository-set';
import { requires } from '../auth/permiso';
import { SYNC_ERP } from '../../src/core/apiPermisos';
import { isRecord } from '../../src/core/guards';

const empresaParam = param.query.integer('empresaId');
const anyBody = {
  content: { 'application/json': { schema: { type: 'object' as const, additionalProperties: true } } },
};

const required = (name: string, operation: string): Error =>
  Object.assign(
    new HttpErrors.BadRequest(`required parameter ${name} was null or undefined when calling ${operation}`),
    { code: 'MISSING_REQUIRED_PARAMETER' },
  );

const idList = (value: unknown): number[] | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : String(value).split(',')).map((v) => Number(v));
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 1)) {
    throw Object.assign(new HttpErrors.BadRequest('idProducto no válido'), {
      code: 'INVALID_PARAMETER_VALUE',
    });
  }
  return list;
};

export class IntegrationsErpController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repositories: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
    @inject(ErpBindings.ADAPTER) private readonly erp: ErpAdapter,
  ) {}

  /** The ERP log rows of a company (the log is company data like the products it is about). */
  private logs(empresaId: number | null) {
    const repo = this.repositories.repository('logsnavs');
    const logs: LogRepo = { create: (data) => repo.create({ ...data, empresaId }) };
    return logs;
  }

  /** The products to sync; a manual selection naming a product the company does not have is a 404. */
  private async products(empresaId: number, ids?: number[]): Promise<RowOf<'productos'>[]> {
    const rows = await selectProducts(this.repositories, { empresaId, ids });
    if (ids) {
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) {
        throw Object.assign(new HttpErrors.NotFound(`Entity not found: Producto with id ${missing}`), {
          code: 'ENTITY_NOT_FOUND',
        });
      }
    }
    return rows;
  }

  private async syncProducts(empresaId: number, ids?: number[]): Promise<SyncSummary> {
    const products = await this.products(empresaId, ids);
    const batches = [
      await productBatch(this.repositories, products),
      ...(await relationBatches(this.repositories, products)),
    ];
    return runSync(this.erp, this.logs(empresaId), batches);
  }

  private async logCall(tabla: string, registro: string, result: ErpResult, okText: string): Promise<void> {
    await this.logs(this.access.empresaId).create({
      fecha: new Date(),
      tabla,
      registro: registro.slice(0, 255),
      nivel: result.ok ? 'INFO' : 'ERROR',
      mensaje: result.ok ? okText : (result.error ?? `El ERP respondió ${result.status}`),
    });
  }

  /**
   * The connector speaks for the caller's company only: every product a payload names (`no`, `nombre`, `SKU`,
   * `items[].no`) must be one of its products — 422 naming the field otherwise. An admin may name any.
   */
  private async assertOwnProducts(body: Record<string, unknown>, field: string): Promise<void> {
    if (this.access.admin) return;
    const single = [body?.no, body?.nombre, body?.SKU].filter((v) => typeof v === 'string' && v !== '');
    const listed = Array.isArray(body?.items)
      ? body.items.map((item: unknown) => (isRecord(item) ? item.no : undefined))
      : [];
    const names = [...new Set([...single, ...listed].map(String))];
    const own = await this.ownProductNames(names);
    const foreign = names.length ? names.find((n) => !own.has(n)) : '';
    if (foreign !== undefined) {
      throw Object.assign(
        new HttpErrors.UnprocessableEntity(
          foreign
            ? `El producto «${foreign}» del campo «${field}» no es de su empresa.`
            : `Indique en «${field}» un producto de su empresa.`,
        ),
        { code: 'VALIDATION_FAILED' },
      );
    }
  }

  /** A non-admin asks EAN codes for categories of their company only (422 naming `code` otherwise). */
  private async assertOwnCategory(code: string): Promise<void> {
    if (this.access.admin) return;
    const found =
      this.access.empresaId !== null &&
      (
        await this.repositories
          .repository('categorias')
          .find({ where: { and: [{ empresaId: this.access.empresaId }, { codigo: code }] }, limit: 1 })
      ).length > 0;
    if (!found) {
      throw Object.assign(
        new HttpErrors.UnprocessableEntity(`La categoría «${code}» del campo «code» no es de su empresa.`),
        { code: 'VALIDATION_FAILED' },
      );
    }
  }

  /** The names among `names` of products of the caller's company. */
  private async ownProductNames(names: readonly string[]): Promise<Set<string>> {
    if (!names.length || this.access.empresaId === null) return new Set();
    const rows = await this.repositories
      .repository('productos')
      .find({ where: { and: [{ empresaId: this.access.empresaId }, { nombre: { inq: [...names] } }] } });
    return new Set(rows.map((r) => String(r.nombre)));
  }

  /** An ERP list answer keeping, for a non-admin, only the items of their company's products. */
  private async ownItems(result: ErpResult): Promise<ErpResult> {
    const data = result.data;
    if (this.access.admin || !result.ok || !isRecord(data) || !Array.isArray(data.value)) return result;
    const items: unknown[] = data.value;
    const key = (item: unknown) => (isRecord(item) ? String(item.no ?? item.nombre ?? item.SKU ?? '') : '');
    const own = await this.ownProductNames([...new Set(items.map(key).filter(Boolean))]);
    const value = items.filter((item) => own.has(key(item)));
    return { ...result, data: { ...data, value, '@odata.count': value.length } };
  }

  private answer(result: ErpResult): { ok: true; status: number; data: unknown } {
    if (!result.ok) throw erpFailure(result.error ?? `El ERP respondió ${result.status}`, result.status);
    return { ok: true, status: result.status, data: result.data ?? null };
  }

  // ---- synchronisation ----

  /**
   * Every product of the company with sincronizarConBC 'S' (docs/requirements.md#r7-api: no parameters). Like any LoopBack route,
   * unknown query parameters are ignored: an `idProducto` here does NOT narrow the run — one product goes
   * through GET /sincronizaProductosManual?idProducto= (its volume and sincronizarConBC rules apply).
   */
  @get('/sincronizaProductos', requires(SYNC_ERP))
  async sincronizaProductos(@empresaParam empresaId?: number): Promise<SyncSummary> {
    return this.syncProducts(companyFor(this.access, empresaId));
  }

  @get('/sincronizaEstadoReferencia', requires(SYNC_ERP))
  async sincronizaEstadoReferencia(@empresaParam empresaId?: number): Promise<SyncSummary> {
    const company = companyFor(this.access, empresaId);
    const products = await this.products(company);
    return runSync(this.erp, this.logs(company), [await referenceStateBatch(this.repositories, products)]);
  }

  @get('/sincronizaEstadoReferenciaManual', requires(SYNC_ERP))
  async sincronizaEstadoReferenciaManual(
    @param.query.string('idProducto') idProducto?: string,
    @empresaParam empresaId?: number,
  ): Promise<SyncSummary> {
    const ids = idList(idProducto);
    if (!ids) throw required('idProducto', 'sincronizaEstadoReferenciaManual');
    const company = companyFor(this.access, empresaId);
    const products = await this.products(company, ids);
    return runSync(this.erp, this.logs(company), [await referenceStateBatch(this.repositories, products)]);
  }

  /** Body `{ids: number[]}` (or `{idProducto}`): those products (and their relations) are synced and logged. */
  @post('/sincronizarProductosEnBC', requires(SYNC_ERP))
  async sincronizarProductosEnBC(
    @requestBody(anyBody) body: Record<string, unknown>,
    @param.query.string('$endpoint') endpoint?: string,
    @param.query.string('$desdeWEB') desdeWEB?: string,
    @empresaParam empresaId?: number,
  ): Promise<SyncSummary & { desdeWEB: boolean; endpoint: string }> {
    const ids = idList(body?.ids ?? body?.idProducto);
    if (!ids) throw required('ids', 'sincronizarProductosEnBC');
    const summary = await this.syncProducts(companyFor(this.access, empresaId), ids);
    return {
      ...summary,
      desdeWEB: /^(s|si|true|1)$/i.test(desdeWEB ?? ''),
      endpoint: endpoint ?? ERP_ENDPOINTS.items,
    };
  }

  // ---- connector ----

  /** Checks the ERP credentials; the ERP's token itself never leaves the server. */
  @post('/token', requires(SYNC_ERP))
  async token(): Promise<{ ok: true; tokenType: 'Bearer'; expiresIn: number }> {
    if (this.erp instanceof BusinessCentralErp) {
      const result = await this.erp.token();
      if (!('token' in result))
        throw erpFailure(result.error ?? 'El ERP rechazó las credenciales', result.status);
      return { ok: true, tokenType: 'Bearer', expiresIn: result.expiresIn };
    }
    // The simulated ERP: a probe call tells whether it "answers".
    const probe = await this.erp.get('companies', { $top: '1' });
    if (!probe.ok) throw erpFailure(probe.error ?? 'El ERP no responde', probe.status);
    return { ok: true, tokenType: 'Bearer', expiresIn: 3600 };
  }

  @get('/endpoint', requires(SYNC_ERP))
  async endpoint(
    @param.query.string('$endpoint') endpoint?: string,
    @param.query.string('$filter') filter?: string,
    @param.query.string('$top') top?: string,
    @param.query.string('$skip') skip?: string,
    @param.query.string('$orderby') orderby?: string,
    @param.query.string('$expand') expand?: string,
    @param.query.string('$count') count?: string,
  ) {
    if (!endpoint) throw required('$endpoint', 'endpoint');
    const query: Record<string, string> = {};
    const options = {
      $filter: filter,
      $top: top,
      $skip: skip,
      $orderby: orderby,
      $expand: expand,
      $count: count,
    };
    for (const [key, value] of Object.entries(options))
      if (value !== undefined && value !== '') query[key] = value;
    return this.answer(await this.ownItems(await this.erp.get(endpoint, query)));
  }

  @post('/postEndpointBC', requires(SYNC_ERP))
  async postEndpointBC(
    @requestBody(anyBody) body: Record<string, unknown>,
    @param.query.string('$endpoint') endpoint?: string,
  ) {
    if (!endpoint) throw required('$endpoint', 'postEndpointBC');
    await this.assertOwnProducts(body, 'no');
    const result = await this.erp.post(endpoint, body);
    if (!result.ok) await this.logCall(endpoint, '', result, '');
    return this.answer(result);
  }

  /** Body `{items: [{no, marca}]}` → TW_Functions_DeleteItem. */
  @post('/postEliminarProductoDeBC', requires(SYNC_ERP))
  async postEliminarProductoDeBC(
    @requestBody(anyBody) body: Record<string, unknown>,
    @param.query.string('$endpoint') endpoint?: string,
  ) {
    const items: unknown = body?.items ?? [];
    const valid =
      Array.isArray(items) &&
      items.length > 0 &&
      items.every((i) => isRecord(i) && typeof i.no === 'string' && i.no.trim() !== '');
    if (!valid) {
      throw Object.assign(
        new HttpErrors.UnprocessableEntity('Indique al menos un producto (items [{no, marca}])'),
        {
          code: 'VALIDATION_FAILED',
        },
      );
    }
    const payload = {
      items: items.filter(isRecord).map((i) => ({ no: i.no, marca: i.marca ?? '' })),
    };
    await this.assertOwnProducts(payload, 'items[].no');
    const result = await this.erp.post(endpoint || ERP_ENDPOINTS.deleteItem, payload);
    const names = payload.items.map((i) => String(i.no)).join(', ');
    await this.logCall('productos', names, result, 'Eliminado de BC');
    return this.answer(result);
  }

  /** A new EAN code for a category: TW_Functions_NewEANCode {itemCategoryCode}; the reply carries data.mensaje. */
  @get('/NewEANCode/{code}', requires(SYNC_ERP))
  async newEanCode(@param.path.string('code') code: string) {
    if (!code?.trim()) throw required('code', 'newEANCode');
    await this.assertOwnCategory(code.trim());
    const result = await this.erp.post(ERP_ENDPOINTS.newEan, { itemCategoryCode: code.trim() });
    if (!result.ok) await this.logCall('ean', code, result, '');
    const answer = this.answer(result);
    const mensaje = isRecord(answer.data) ? answer.data.mensaje : undefined;
    if (typeof mensaje !== 'string' || !mensaje) {
      throw erpFailure('El ERP no devolvió un código EAN', result.status);
    }
    return answer;
  }

  @post('/InsertItem', requires(SYNC_ERP))
  async insertItem(@requestBody(anyBody) body: Record<string, unknown>) {
    await this.assertOwnProducts(body, 'no');
    const result = await this.erp.post(ERP_ENDPOINTS.insertItem, body);
    await this.logCall('productos', String(body?.no ?? body?.nombre ?? ''), result, 'Insertado en BC');
    return this.answer(result);
  }
}

export const feature: Feature = {
  name: 'integrations-erp',
  register: ({ app }) => {
    // A configured Business Central replaces the default simulated one (an adapter given to startServer stays).
    const config = bcConfigFromEnv();
    if (
      config &&
      app.isBound(ErpBindings.ADAPTER) &&
      app.getSync(ErpBindings.ADAPTER) instanceof SimulatedErp
    ) {
      app.bind(ErpBindings.ADAPTER).to(new BusinessCentralErp(config));
    }
    app.controller(IntegrationsErpController);
  },
};
