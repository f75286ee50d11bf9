/**
 * B2B products (docs/requirements.md#r7-api "B2B products"), read-only, over the products active in marketplaces
 * (activoEnMarketplace = 'S', the B2bProductos view):
 *   GET /B2bProductos/obtenerProductosFiltrados?filtro1&filtro2&filtro3&multiempresas&cliente  → B2bRow[]
 *   GET /B2bProductos/{nombre}                                                        → B2bDetail
 * filtro1: text in SKU, title or brand; filtro2: category (name or code) in the categories or the parent
 * category; filtro3: brand. Case- and accent-insensitive. multiempresas 'S': every company the caller may
 * see; otherwise the company `cliente` (default: the caller's own, 1 for an admin without one). Every matching
 * row (no cap), sorted by SKU; `limit`/`skip` page on the server and the X-Total-Count header carries the number
 * of matching rows. The search and the count are each one query on the view (view-sql.ts); filtro1 reads the
 * products' search text index first (product-search.ts searchTextScope).
 */
import { inject } from '@loopback/core';
import { get, HttpErrors, param, RestBindings, type Response } from '@loopback/rest';
import {
  B2B_FILTERED_PATH,
  B2B_TOTAL_HEADER,
  type B2bDetail,
  type B2bRow,
} from '../../src/core/productEditor/contract';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { forbiddenCompany } from '../company';
import { FeatureBindings, type Feature } from '../feature';
import { checkLimit } from '../query-guard';
import type { RepositorySet, StoredRecord } from '../repository-set';
import { containsPattern } from '../../src/core/likePatterns';
import { childRows, seesCompany } from './products/access';
import { requires } from '../auth/permiso';
import type { ViewRepository } from '../views';
import { searchTextScope } from './product-search';

const okJson = (description: string) => ({
  responses: { '200': { description, content: { 'application/json': { schema: {} } } } },
});

type Clause = Record<string, unknown>;

/** `%term%` on any of `fields`. */
const anyLike = (term: string, fields: readonly string[]): Clause => ({
  or: fields.map((field) => ({ [field]: { like: containsPattern(term) } })),
});

export class B2bProductsController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  private view(): ViewRepository {
    const view = this.repos.views.get('B2bProductos');
    if (!view) throw new Error('No B2bProductos view');
    return view;
  }

  @get(B2B_FILTERED_PATH, {
    ...requires({ action: 'read', resource: 'productos' }),
    ...okJson('B2B products'),
  })
  async obtenerProductosFiltrados(
    @param.query.string('filtro1') filtro1: string | undefined,
    @param.query.string('filtro2') filtro2: string | undefined,
    @param.query.string('filtro3') filtro3: string | undefined,
    @param.query.string('multiempresas') multiempresas: string | undefined,
    @param.query.integer('cliente') cliente: number | undefined,
    @param.query.integer('limit') limit: number | undefined,
    @param.query.integer('skip') skip: number | undefined,
    @inject(RestBindings.Http.RESPONSE) response: Response,
  ): Promise<B2bRow[]> {
    const all = /^(s|si|sí|true|1)$/i.test(multiempresas ?? '');
    let company: number | undefined;
    if (!all) {
      company = cliente ?? this.access.empresaId ?? (this.access.admin ? 1 : undefined);
      if (company === undefined || !seesCompany(this.access, company)) throw forbiddenCompany();
    }
    checkLimit(limit);
    // The filters run in the database (case- and accent-insensitive `like` on every engine).
    const [t1, t2, t3] = [filtro1, filtro2, filtro3].map((f) => (f ?? '').trim());
    const and: Clause[] = [];
    if (company !== undefined) and.push({ empresaId: company });
    else if (!this.access.admin) and.push({ empresaId: this.access.empresaId ?? -1 });
    if (t1) {
      and.push(anyLike(t1, ['nombre', 'titulo', 'marca']));
      // the products whose search text holds the term first (an index), instead of folding three columns of
      // every active product
      const narrowed = searchTextScope(this.repos, containsPattern(t1));
      if (narrowed) and.push(narrowed as Clause);
    }
    if (t2) and.push(anyLike(t2, ['categorias', 'categoriaPadre']));
    if (t3) and.push(anyLike(t3, ['marca']));
    const where = and.length ? { and } : undefined;
    const view = this.view();
    const [rows, { count }] = await Promise.all([
      view.find({ where, order: ['nombre ASC', 'id ASC'], limit, skip }),
      view.count(where),
    ]);
    response.setHeader(B2B_TOTAL_HEADER, String(count));
    response.setHeader('Access-Control-Expose-Headers', B2B_TOTAL_HEADER);
    return rows.map((row) => row.toObject() as B2bRow);
  }

  @get('/B2bProductos/{nombre}', {
    ...requires({ action: 'read', resource: 'productos' }),
    ...okJson('A B2B product with its data'),
  })
  async byName(@param.path.string('nombre') nombre: string): Promise<B2bDetail> {
    // the view's rows, typed by its declaration (views have no typed repository)
    const candidates = (await this.view().find({ where: { nombre } })).map(
      (row) => row.toObject() as StoredRecord<'B2bProductos'>,
    );
    const row = candidates.find((r) => r.nombre === nombre && seesCompany(this.access, r.empresaId));
    if (!row) {
      throw Object.assign(new HttpErrors.NotFound(`No hay un producto B2B «${nombre}».`), {
        code: 'ENTITY_NOT_FOUND',
      });
    }
    const id = row.id;
    const [generals, atributos, media, iconos] = await Promise.all([
      childRows(this.repos, 'producto-generals', 'productoId', [id], ['id ASC']),
      childRows(this.repos, 'producto-atributos', 'productoId', [id], ['ordenEnGrupo ASC', 'id ASC']),
      childRows(this.repos, 'producto-multimedias', 'productoId', [id], ['id ASC']),
      childRows(this.repos, 'ProductoIconos', 'idProducto', [id]),
    ]);
    const iconNames = new Map(
      (await this.repos.repository('Iconos').find({ where: { empresaId: { eq: row.empresaId } } })).map(
        (i) => [Number(i.id), String(i.nombre)],
      ),
    );
    const general = generals[0];
    return {
      ...(row as B2bRow),
      descripcion: general?.descripcion ?? null,
      descripcionLarga: general?.descripcionLarga ?? null,
      ean: general?.ean ?? null,
      atributos: atributos
        .filter((a) => String(a.valor ?? '').trim() !== '')
        .map((a) => ({
          nombre: String(a.nombre),
          valor: String(a.valor),
          unidad: a.unidad ?? null,
        })),
      multimedia: media
        .filter((m) => m.publicoSN === 'S')
        .map((m) => ({
          nombre: String(m.nombre),
          tipo: m.tipo ?? null,
          fichero: m.fichero ?? null,
          principalSN: m.principalSN ?? null,
        })),
      iconos: iconos.map((i) => ({
        idIcono: Number(i.idIcono),
        nombre: iconNames.get(Number(i.idIcono)) ?? null,
        texto: i.texto ?? null,
      })),
    };
  }
}

export const feature: Feature = {
  name: 'products-b2b',
  register: ({ app }) => {
    app.controller(B2bProductsController);
  },
};
