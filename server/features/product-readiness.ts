/**
 * Readiness per marketplace (src/core/readiness/score.ts): what each marketplace's rules (reglas-preparacion)
 * ask of a product, scored per product × marketplace and stored (preparacion), kept fresh on every change:
 *
 * - a product or one of its parts that the rules read (general data, attributes, media, generated texts):
 *   rescored in the write's own request and transaction (a recordWrites hook, like the history's) when the
 *   write touches a column some rule reads;
 * - a rule, a prompt (when its marketplace asks for reviewed texts) or a marketplace: that marketplace's
 *   scores; a company's category, or the name of its family or attribute, when some rule reads them: that
 *   company's products — a tracked job (trabajos-preparacion, features/readiness/jobs.ts) in pages; the
 *   renaming company's rules follow the new name or code in the rename's transaction (readiness/renames.ts).
 * The rules, prompts and categories are cached between requests (readiness/compute.ts catalogCache), read
 * again whenever a job records a change, so a save rescores without reading them.
 *
 * - GET /productos/{id}/preparacion   one entry per marketplace: {marketplaceId, marketplace, porcentaje,
 *                                     faltan: [{tipo, campo, mensaje, enlace}], fecha}
 * - GET /preparacion/resumen          per marketplace: products, ready (100 %), below 80 % and how many rules
 *                                     it has (the counts on the product list, the app's landing page)
 * - GET /productos?filter={"where":{"preparado":"<marketplaceId>:listo"}}   (or `:bajo`, < 80 %)
 *
 * Permiso `read preparacion` (an admin's `manage all` covers it). Company isolation: another company's product
 * answers 404 like the product itself; the summary counts the caller's company only (an admin: all, or
 * `?empresaId=`).
 */
import { inject } from '@loopback/core';
import type { Options, Where } from '@loopback/repository';
import { get, param } from '@loopback/rest';
import { READ_PREPARACION } from '../../src/core/apiPermisos';
import {
  LOW_PERCENT,
  parseMissing,
  parseReadyFilter,
  READINESS_PATH,
  READY_PERCENT,
  SUMMARY_PATH,
  type ReadinessEntry,
  type ReadinessSummary,
} from '../../src/core/readiness/score';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { requires } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import { PARENT_SCOPE } from '../parent-scope';
import type { PlainRow, RepositorySet, StoredRecord } from '../repository-set';
import { sqlConnectorOf } from '../sql';
import { afterCommit } from '../transaction';
import { badVirtualValue, registerVirtualFilter } from '../virtual-filters';
import type { RowChange, WriteRecord } from '../write-rules';
import { visibleProduct } from './products/access';
import {
  catalogCache,
  movesScores,
  recompute,
  RULES,
  SCORES,
  type CatalogCache,
  type Needs,
} from './readiness/compute';
import { jobRunner, type JobRunner, type JobScope } from './readiness/jobs';
import { installRuleRenames } from './readiness/renames';

/** The product's tables the rules read, and the field holding the product id. */
const PRODUCT_PARTS: readonly [string, string][] = [
  ['producto-generals', 'productoId'],
  ['producto-atributos', 'productoId'],
  ['producto-multimedias', 'productoId'],
  ['TextosGenerados', 'productoId'],
];

/** The company reference data the scores read, and which of the rules' needs makes a change of it matter. */
const COMPANY_SOURCES: readonly [string, string, keyof Needs][] = [
  ['categorias', 'Cambio en las categorías', 'categories'],
  ['familias', 'Cambio en las familias', 'families'],
  ['atributos', 'Cambio en los atributos', 'attributes'],
];

/** The marketplaces a batch of rows names (a rule's or a prompt's, before and after a change). */
const marketplacesOf = (rows: ({ marketplaceId?: unknown } | undefined)[]): number[] => [
  ...new Set(rows.map((row) => Number(row?.marketplaceId)).filter((id) => Number.isInteger(id) && id > 0)),
];

const entryOf = (row: StoredRecord<typeof SCORES>, codigo?: string): ReadinessEntry => ({
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
    let rows = (await scores.find({ where: { productoId: id } })).map((r) => r.toObject());
    if (marketplaces.some((m) => !rows.some((r) => Number(r.marketplaceId) === Number(m.id)))) {
      // never scored for some marketplace (a marketplace just added): score it now
      await recompute(this.repos, [id], {}, await catalogs?.get());
      rows = (await scores.find({ where: { productoId: id } })).map((r) => r.toObject());
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
        description: 'Per marketplace: products scored, ready (100 %), below 80 % and its rules',
        content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
      },
    },
  })
  async summary(@param.query.integer('empresaId') empresaId?: number): Promise<ReadinessSummary[]> {
    const company: { empresaId?: number } = this.access.admin
      ? empresaId === undefined
        ? {}
        : { empresaId }
      : { empresaId: this.access.empresaId ?? -1 };
    const scores = this.repos.repository(SCORES);
    const marketplaces = await this.repos.repository('MarketPlaces').find({ order: ['codigo ASC'] });
    const rules = new Map<number, number>();
    // the rules of the company counted (and those shared by every company)
    const ruleCompany = company.empresaId;
    for (const rule of await this.repos.repository(RULES).find({
      where:
        ruleCompany === undefined ? {} : { or: [{ empresaId: ruleCompany }, { empresaId: { eq: null } }] },
      fields: { id: true, marketplaceId: true },
    })) {
      const id = Number(rule.marketplaceId);
      rules.set(id, (rules.get(id) ?? 0) + 1);
    }
    const out: ReadinessSummary[] = [];
    for (const m of marketplaces) {
      const base = { ...company, marketplaceId: Number(m.id) };
      out.push({
        marketplaceId: Number(m.id),
        marketplace: String(m.codigo ?? m.id),
        productos: (await scores.count(base)).count,
        listos: (await scores.count({ ...base, porcentaje: { gte: READY_PERCENT } })).count,
        bajos: (await scores.count({ ...base, porcentaje: { lt: LOW_PERCENT } })).count,
        reglas: rules.get(Number(m.id)) ?? 0,
      });
    }
    return out;
  }
}

/** The ids of the products a batch of records touches. */
const productIds = (records: WriteRecord<PlainRow>[], field: string): number[] => [
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
let catalogs: CatalogCache | undefined;

export const feature: Feature = {
  name: 'product-readiness',
  register: ({ app, repositories }) => {
    const cache = catalogCache(repositories);
    catalogs = cache;
    const jobs = jobRunner(repositories, { onChange: () => cache.changed() });
    runner = jobs;
    // a rule names a family, an attribute or a category code: it follows their renames (its company's only)
    installRuleRenames(repositories);
    // a write that cannot move a score (a column no rule reads) costs the catalog's version check only
    const rescore = async (
      resource: string,
      field: string,
      records: WriteRecord<PlainRow>[],
      options: Options,
      created?: StoredRecord<'productos'>[],
    ) => {
      const ids = productIds(records, field);
      if (!ids.length) return;
      const catalog = await cache.get(options);
      if (movesScores(resource, records, catalog.needs))
        await recompute(repositories, ids, options, catalog, created);
    };
    if (repositories.repositories.has('productos')) {
      repositories.repository('productos').addHooks({
        recordWrites: (records, options) => {
          // new products are scored as written: they have no parts nor scores to read yet
          const created = records.flatMap((r) => (!r.before && r.after ? [r.after] : []));
          return rescore(
            'productos',
            'id',
            records,
            options,
            created.length === records.length ? created : undefined,
          );
        },
      });
    }
    for (const [resource, field] of PRODUCT_PARTS) {
      if (!repositories.repositories.has(resource)) continue;
      repositories.repository(resource).addHooks({
        recordWrites: (records, options) => rescore(resource, field, records, options),
      });
    }
    // awaited: once the change is answered, its job is recorded (and visible in trabajos-preparacion). A
    // change made inside a transaction (a rule following a family's rename) is scheduled once it has
    // committed: a job started before could read the rules or the products as they were.
    const schedule = (motivo: string, scope: JobScope) =>
      afterCommit(() =>
        jobs
          .schedule(motivo, scope)
          .then(() => undefined)
          .catch((err: unknown) => console.error('readiness: could not schedule a recomputation', err)),
      );
    const perMarketplace = async (motivo: string, rows: ({ marketplaceId?: unknown } | undefined)[]) => {
      for (const marketplaceId of marketplacesOf(rows))
        await schedule(`${motivo} (marketplace ${marketplaceId})`, { marketplaceId });
    };
    // a rule: its marketplace's scores (both marketplaces when a rule moves from one to another)
    repositories.repository(RULES).addHooks({
      afterCreate: (row) => perMarketplace('Cambio en las reglas de preparación', [row]),
      afterUpdate: (changes) =>
        perMarketplace(
          'Cambio en las reglas de preparación',
          changes.flatMap((c) => [c.before, c.after]),
        ),
      afterDelete: (rows) => perMarketplace('Cambio en las reglas de preparación', rows),
    });
    // a prompt: its marketplace's scores, when that marketplace asks for reviewed texts
    const prompts = async (rows: ({ marketplaceId?: unknown } | undefined)[]) => {
      const catalog = await cache.get();
      const asking = marketplacesOf(rows).filter((id) =>
        (catalog.rules.get(id) ?? []).some((rule) => rule.tipo === 'textos'),
      );
      await perMarketplace(
        'Cambio en los prompts de un marketplace',
        asking.map((marketplaceId) => ({ marketplaceId })),
      );
    };
    if (repositories.repositories.has('MarketPlacePrompts')) {
      repositories.repository('MarketPlacePrompts').addHooks({
        afterCreate: (row) => prompts([row]),
        afterUpdate: (changes) => prompts(changes.flatMap((c) => [c.before, c.after])),
        afterDelete: (rows) => prompts(rows),
      });
    }
    // a marketplace: a new one gets its scores, a removed one loses them (its code is not scored)
    const marketplaces = (rows: { id: number }[]) =>
      perMarketplace(
        'Cambio en los marketplaces',
        rows.map((row) => ({ marketplaceId: row.id })),
      );
    repositories.repository('MarketPlaces').addHooks({
      afterCreate: (row) => marketplaces([row]),
      afterDelete: (rows) => marketplaces(rows),
    });
    // a company's category, family or attribute: its products, when some rule reads them
    for (const [resource, motivo, need] of COMPANY_SOURCES) {
      if (!repositories.repositories.has(resource)) continue;
      const each = async (rows: PlainRow[]) => {
        if (!(await cache.get()).needs[need]) return;
        for (const empresaId of new Set(rows.map((row) => row.empresaId))) {
          const company = Number(empresaId);
          await schedule(
            `${motivo} (empresa ${String(empresaId)})`,
            empresaId !== null && Number.isFinite(company) ? { empresaId: company } : {},
          );
        }
      };
      // a family or an attribute is read by its name only (a product's familias, a rule's atributo)
      const renamed = (c: RowChange<PlainRow>) =>
        resource === 'categorias' || c.before.nombre !== c.after.nombre;
      repositories.repository(resource).addHooks({
        ...(resource === 'categorias' ? { afterCreate: (row: PlainRow) => each([row]) } : {}),
        afterUpdate: (changes) => each(changes.filter(renamed).flatMap((c) => [c.before, c.after])),
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
    // unfinished jobs resume once the API has started (its tables exist then: a fresh MariaDB database is
    // still being created while the features register)
    app.onStart(() => jobs.resume().catch((err: unknown) => console.error('readiness: resume failed', err)));
    app.onStop(async () => {
      unregister();
      // the step in flight ends before the database closes (its queries would fail, unhandled, afterwards)
      await jobs.stop();
    });
  },
};
