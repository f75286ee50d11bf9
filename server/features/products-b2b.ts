/**
 * B2B products (docs/requirements.md#r7-api "B2B products"), read-only, over the products active in marketplaces
 * (activoEnMarketplace = 'S', the B2bProductos view):
 *   GET /B2bProductos/obtenerProductosFiltrados?filtro1&filtro2&filtro3&multiempresas&cliente  → B2bRow[]
 *   GET /B2bProductos/{nombre}                                                        → B2bDetail
 * filtro1: text in SKU, title or brand; filtro2: category (name or code) in the categories or the parent
 * category; filtro3: brand. Case- and accent-insensitive. multiempresas 'S': every company the caller may
 * see; otherwise the company `cliente` (default: the caller's own, 1 for an admin without one). Every matching
 * row (no cap), sorted by SKU; `limit`/`skip` page on the server. On a SQL store the search is one query.
 */
import { inject } from '@loopback/core';
import type { AnyObject } from '@loopback/repository';
import { get, HttpErrors, param } from '@loopback/rest';
import { B2B_FILTERED_PATH, type B2bDetail, type B2bRow } from '../../src/core/productEditor/contract';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { forbiddenCompany } from '../company';
import { FeatureBindings, type Feature } from '../feature';
import { checkLimit } from '../query-guard';
import type { RepositorySet } from '../repository-set';
import { childRows, seesCompany } from './products/access';
import { requires } from '../auth/permiso';

const okJson = (description: string) => ({
  responses: { '200': { description, content: { 'application/json': { schema: {} } } } },
});

type Clause = Record<string, unknown>;

/** `%term%` on any of `fields`. */
const anyLike = (term: string, fields: readonly string[]): Clause => ({
  or: fields.map((field) => ({ [field]: { like: `%${term.replace(/[\\%_]/g, '\\$&')}%` } })),
});

const fold = (value: unknown): string =>
  String(value ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const has = (value: unknown, term: string): boolean => fold(value).includes(term);

export class B2bProductsController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  private async rows(): Promise<AnyObject[]> {
    const view = this.repos.views.get('B2bProductos');
    if (!view) return [];
    return (await view.find({ order: ['nombre ASC'] })).map((row) => row.toObject() as AnyObject);
  }

  @get(B2B_FILTERED_PATH, {
    ...requires({ action: 'read', resource: 'productos' }),
    ...okJson('B2B products'),
  })
  async obtenerProductosFiltrados(
    @param.query.string('filtro1') filtro1?: string,
    @param.query.string('filtro2') filtro2?: string,
    @param.query.string('filtro3') filtro3?: string,
    @param.query.string('multiempresas') multiempresas?: string,
    @param.query.integer('cliente') cliente?: number,
    @param.query.integer('limit') limit?: number,
    @param.query.integer('skip') skip?: number,
  ): Promise<B2bRow[]> {
    const all = /^(s|si|sí|true|1)$/i.test(multiempresas ?? '');
    let company: number | undefined;
    if (!all) {
      company = cliente ?? this.access.empresaId ?? (this.access.admin ? 1 : undefined);
      if (company === undefined || !seesCompany(this.access, company)) throw forbiddenCompany();
    }
    checkLimit(limit);
    const view = this.repos.views.get('B2bProductos');
    if (view?.runsSql) {
      // On SQL the filters run in the database (MySQL's default collation ignores case and accents).
      const [t1, t2, t3] = [filtro1, filtro2, filtro3].map((f) => (f ?? '').trim());
      const and: Clause[] = [];
      if (company !== undefined) and.push({ empresaId: company });
      else if (!this.access.admin) and.push({ empresaId: this.access.empresaId ?? -1 });
      if (t1) and.push(anyLike(t1, ['nombre', 'titulo', 'marca']));
      if (t2) and.push(anyLike(t2, ['categorias', 'categoriaPadre']));
      if (t3) and.push(anyLike(t3, ['marca']));
      const rows = await view.find({
        where: and.length ? { and } : undefined,
        order: ['nombre ASC', 'id ASC'],
        limit,
        skip,
      });
      return rows.map((row) => row.toObject() as B2bRow);
    }
    const [t1, t2, t3] = [filtro1, filtro2, filtro3].map((f) => fold(f).trim());
    const found = (await this.rows())
      .filter((row) =>
        company === undefined ? seesCompany(this.access, row.empresaId) : row.empresaId === company,
      )
      .filter((row) => !t1 || has(row.nombre, t1) || has(row.titulo, t1) || has(row.marca, t1))
      .filter((row) => !t2 || has(row.categorias, t2) || has(row.categoriaPadre, t2))
      .filter((row) => !t3 || has(row.marca, t3)) as B2bRow[];
    return limit || skip ? found.slice(skip ?? 0, limit ? (skip ?? 0) + limit : undefined) : found;
  }

  @get('/B2bProductos/{nombre}', {
    ...requires({ action: 'read', resource: 'productos' }),
    ...okJson('A B2B product with its data'),
  })
  async byName(@param.path.string('nombre') nombre: string): Promise<B2bDetail> {
    const view = this.repos.views.get('B2bProductos');
    const candidates = view?.runsSql
      ? (await view.find({ where: { nombre } })).map((row) => row.toObject() as AnyObject)
      : await this.rows();
    const row = candidates.find((r) => r.nombre === nombre && seesCompany(this.access, r.empresaId));
    if (!row) {
      throw Object.assign(new HttpErrors.NotFound(`No hay un producto B2B «${nombre}».`), {
        code: 'ENTITY_NOT_FOUND',
      });
    }
    const id = Number(row.id);
    const [generals, atributos, media, iconos] = await Promise.all([
      childRows(this.repos, 'producto-generals', 'productoId', [id], ['id ASC']),
      childRows(this.repos, 'producto-atributos', 'productoId', [id], ['ordenEnGrupo ASC', 'id ASC']),
      childRows(this.repos, 'producto-multimedias', 'productoId', [id], ['id ASC']),
      childRows(this.repos, 'ProductoIconos', 'idProducto', [id]),
    ]);
    const iconNames = new Map(
      (await this.repos.repository('Iconos').find({ where: { empresaId: row.empresaId } })).map((i) => [
        Number(i.id),
        String(i.nombre),
      ]),
    );
    const general = generals[0] ?? {};
    return {
      ...(row as B2bRow),
      descripcion: (general.descripcion as string | undefined) ?? null,
      descripcionLarga: (general.descripcionLarga as string | undefined) ?? null,
      ean: (general.ean as string | undefined) ?? null,
      atributos: atributos
        .filter((a) => String(a.valor ?? '').trim() !== '')
        .map((a) => ({
          nombre: String(a.nombre),
          valor: String(a.valor),
          unidad: (a.unidad as string | null) ?? null,
        })),
      multimedia: media
        .filter((m) => m.publicoSN === 'S')
        .map((m) => ({
          nombre: String(m.nombre),
          tipo: (m.tipo as string | null) ?? null,
          fichero: (m.fichero as string | null) ?? null,
          principalSN: (m.principalSN as string | null) ?? null,
        })),
      iconos: iconos.map((i) => ({
        idIcono: Number(i.idIcono),
        nombre: iconNames.get(Number(i.idIcono)) ?? null,
        texto: (i.texto as string | null) ?? null,
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
