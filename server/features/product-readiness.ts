/**
 * Readiness per marketplace (src/core/readiness/score.ts): what each marketplace's rules (reglas-preparacion)
 * ask of a product, scored per product × marketplace and stored (preparacion), kept fresh on every change:
 *
 * - a product or one of its parts that the rules read (general data, attributes, media, generated texts):
 *   rescored in the write's own request and transaction (a recordWrites hook, like the history's);
 * - a rule, a prompt or a marketplace (every company's products), or a company's category, family or
 *   attribute (its products): a tracked job (trabajos-preparacion, features/readiness/jobs.ts) in batches.
 *
 * - GET /productos/{id}/preparacion   one entry per marketplace: {marketplaceId, marketplace, porcentaje,
 *                                     faltan: [{tipo, campo, mensaje, enlace}], fecha}
 * - GET /preparacion/resumen          per marketplace: products, ready (100 %) and below 80 % (the landing)
 * - GET /productos?filter={"where":{"preparado":"<marketplaceId>:listo"}}   (or `:bajo`, < 80 %)
 *
 * Permiso `read preparacion` (an admin's `manage all` covers it). Company isolation: another company's product
 * answers 404 like the product itself; the summary counts the caller's company only (an admin: all, or
 * `?empresaId=`).
 */
import { inject } from '@loopback/core';
import type { AnyObject, Options, Where } from '@loopback/repository';
import { get, param } from '@loopback/rest';
import { READ_PREPARACION } from '../../src/core/apiPermisos';
import {
  LOW_PERCENT,
  parseMissing,
  parseReadyFilter,
  READINESS_PATH,
  READY_PERCENT,
  type ReadinessEntry,
} from '../../src/core/readiness/score';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { requires } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import { PARENT_SCOPE } from '../parent-scope';
import type { RepositorySet } from '../repository-set';
import { sqlConnectorOf } from '../sql';
import { badVirtualValue, registerVirtualFilter } from '../virtual-filters';
import type { WriteRecord } from '../write-rules';
import { visibleProduct } from './products/access';
import { recompute, RULES, SCORES } from './readiness/compute';
import { jobRunner, type JobRunner } from './readiness/jobs';

export const SUMMARY_PATH = '/preparacion/resumen';

/** The product's tables the rules read, and the field holding the product id. */
const PRODUCT_PARTS: readonly [string, string][] = [
  ['producto-generals', 'productoId'],
  ['producto-atributos', 'productoId'],
  ['producto-multimedias', 'productoId'],
  ['TextosGenerados', 'productoId'],
];

/** Changes that move the scores of every product, and those that move one company's. */
const GLOBAL_SOURCES: readonly [string, string][] = [
  [RULES, 'Cambio en las reglas de preparación'],
  ['MarketPlacePrompts', 'Cambio en los prompts de un marketplace'],
  ['MarketPlaces', 'Cambio en los marketplaces'],
];
const COMPANY_SOURCES: readonly [string, string][] = [
  ['categorias', 'Cambio en las categorías'],
  ['familias', 'Cambio en las familias'],
  ['atributos', 'Cambio en los atributos'],
];

const entryOf = (row: AnyObject, codigo?: string): ReadinessEntry => ({
  marketplaceId: Number(row.marketplaceId),
  ...(codigo === undefined ? {} : { marketplace: codigo }),
  porcentaje: Number(row.porcentaje ?? 0),
  faltan: parseMissing(row.faltan),
  fecha: row.fecha instanceof Date ? row.fecha.toISOString() : String(row.fecha ?? ''),
});

const ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    marketplaceId: { type: 'integer' },
    marketplace: { type: 'string' },
    porcentaje: { type: 'integer' },
    faltan: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          tipo: { type: 'string' },
          campo: { type: 'string' },
          mensaje: { type: 'string' },
          enlace: { type: 'string' },
        },
      },
    },
    fecha: { type: 'string', format: 'date-time' },
  },
};

export interface SummaryEntry {
  marketplaceId: number;
  marketplace: string;
  productos: number;
  listos: number;
  bajos: number;
}

export class ProductReadinessController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  @get(READINESS_PATH('{id}'), {
    ...requires(READ_PREPARACION),
    responses: {
      '200': {
        description: 'The product readiness for each marketplace',
        content: { 'application/json': { schema: { type: 'array', items: ENTRY_SCHEMA } } },
      },
    },
  })
  async readiness(@param.path.integer('id') id: number): Promise<ReadinessEntry[]> {
    await visibleProduct(this.repos, this.access, id);
    const marketplaces = await this.repos.repository('MarketPlaces').find({ order: ['codigo ASC'] });
    const scores = this.repos.repository(SCORES);
    let rows = (await scores.find({ where: { productoId: id } })).map((r) => r.toObject() as AnyObject);
    if (marketplaces.some((m) => !rows.some((r) => Number(r.marketplaceId) === Number(m.id)))) {
      // never scored for some marketplace (a marketplace just added): score it now
      await recompute(this.repos, [id]);
      rows = (await scores.find({ where: { productoId: id } })).map((r) => r.toObject() as AnyObject);
    }
    return marketplaces.flatMap((m) => {
      const row = rows.find((r) => Number(r.marketplaceId) === Number(m.id));
      return row ? [entryOf(row, String(m.codigo ?? m.id))] : [];
    });
  }

  @get(SUMMARY_PATH, {
    ...requires(READ_PREPARACION),
    responses: {
      '200': {
        description: 'Per marketplace: products scored, ready (100 %) and below 80 %',
        content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
      },
    },
  })
  async summary(@param.query.integer('empresaId') empresaId?: number): Promise<SummaryEntry[]> {
    const company: Where<AnyObject> = this.access.admin
      ? empresaId === undefined
        ? {}
        : { empresaId }
      : { empresaId: this.access.empresaId ?? -1 };
    const scores = this.repos.repository(SCORES);
    const marketplaces = await this.repos.repository('MarketPlaces').find({ order: ['codigo ASC'] });
    const out: SummaryEntry[] = [];
    for (const m of marketplaces) {
      const base = { ...company, marketplaceId: Number(m.id) };
      out.push({
        marketplaceId: Number(m.id),
        marketplace: String(m.codigo ?? m.id),
        productos: (await scores.count(base)).count,
        listos: (await scores.count({ ...base, porcentaje: { gte: READY_PERCENT } })).count,
        bajos: (await scores.count({ ...base, porcentaje: { lt: LOW_PERCENT } })).count,
      });
    }
    return out;
  }
}

/** The ids of the products a batch of records touches. */
const productIds = (records: WriteRecord[], field: string): number[] => [
  ...new Set(
    records
      .flatMap((r) => [r.before?.[field], r.after?.[field]])
      .map(Number)
      .filter(Number.isInteger),
  ),
];

let runner: JobRunner | undefined;
/** The running job runner (tests and the bench wait on it). */
export const readinessJobs = (): JobRunner | undefined => runner;

export const feature: Feature = {
  name: 'product-readiness',
  register: ({ app, repositories }) => {
    const jobs = jobRunner(repositories);
    runner = jobs;
    const rescore = (ids: number[], options: Options) =>
      recompute(repositories, ids, options).then(() => undefined);
    repositories.repository('productos').addHooks({
      recordWrites: (records, options) => rescore(productIds(records, 'id'), options),
    });
    for (const [resource, field] of PRODUCT_PARTS) {
      if (!repositories.repositories.has(resource)) continue;
      repositories.repository(resource).addHooks({
        recordWrites: (records, options) => rescore(productIds(records, field), options),
      });
    }
    const schedule = (motivo: string, empresaId?: unknown) => {
      const company = empresaId === undefined ? undefined : Number(empresaId);
      // awaited: once the change is answered, its job is recorded (and visible in trabajos-preparacion)
      return jobs
        .schedule(motivo, company !== undefined && Number.isFinite(company) ? company : undefined)
        .then(() => undefined)
        .catch((err: unknown) => console.error('readiness: could not schedule a recomputation', err));
    };
    for (const [resource, motivo] of GLOBAL_SOURCES) {
      if (!repositories.repositories.has(resource)) continue;
      repositories.repository(resource).addHooks({
        afterCreate: () => schedule(motivo),
        afterUpdate: () => schedule(motivo),
        afterDelete: () => schedule(motivo),
      });
    }
    for (const [resource, motivo] of COMPANY_SOURCES) {
      if (!repositories.repositories.has(resource)) continue;
      const each = async (rows: AnyObject[]) => {
        for (const empresaId of new Set(rows.map((row) => row.empresaId)))
          await schedule(`${motivo} (empresa ${String(empresaId)})`, empresaId ?? undefined);
      };
      repositories.repository(resource).addHooks({
        afterCreate: (row) => each([row]),
        afterUpdate: (changes) => each(changes.flatMap((c) => [c.before, c.after])),
        afterDelete: (rows) => each(rows),
      });
    }
    // «Preparado» in the product list: listo para <marketplace> (100 %), or below 80 %.
    const productos = repositories.repository('productos');
    const unregister = registerVirtualFilter('productos', 'preparado', async (value) => {
      const parsed = parseReadyFilter(value);
      if (!parsed)
        throw badVirtualValue(
          `El filtro «preparado» debe ser «<marketplace>:listo» o «<marketplace>:bajo» (recibido «${String(value)}»).`,
        );
      const where = {
        marketplaceId: parsed.marketplaceId,
        porcentaje: parsed.state === 'listo' ? { gte: READY_PERCENT } : { lt: LOW_PERCENT },
      };
      const connector = sqlConnectorOf(productos.dataSource) as
        { parentScopeInstalled?: boolean } | undefined;
      if (connector?.parentScopeInstalled) {
        const model = repositories.repository(SCORES).entityClass.modelName;
        return { [PARENT_SCOPE]: { field: 'id', model, key: 'productoId', where } } as Where<object>;
      }
      const rows = await repositories.repository(SCORES).find({ where, fields: { productoId: true } });
      return { id: { inq: rows.map((row) => Number(row.productoId)) } };
    });
    app.controller(ProductReadinessController);
    const resume = setTimeout(() => {
      jobs.resume().catch((err: unknown) => console.error('readiness: resume failed', err));
    }, 1000);
    resume.unref();
    app.onStop(async () => {
      clearTimeout(resume);
      unregister();
      // the step in flight ends before the database closes (its queries would fail, unhandled, afterwards)
      await jobs.stop();
    });
  },
};
