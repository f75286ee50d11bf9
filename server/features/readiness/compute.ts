/**
 * Computes and stores the readiness scores of products (src/core/readiness/score.ts) in pages: one query per
 * table for a page of products (only the tables and columns the rules read), every product × marketplace
 * scored in memory, and the rows that changed written with one multi-row upsert per page (INSERT … ON CONFLICT
 * on PostgreSQL/PGlite, ON DUPLICATE KEY on MariaDB) — in the caller's transaction when given one (a product
 * save: the scores change with the product or not at all).
 *
 * The catalog (marketplaces, rules, prompts, categories) is kept in memory between requests and read again
 * when its version changes: the sum of the changes the recomputation jobs recorded (trabajos-preparacion
 * `cambios`, bumped by every rule, prompt, marketplace, category, family or attribute change — jobs.ts), so
 * any process sharing the database sees a change another made.
 */
import type { Options, Where } from '@loopback/repository';
import { CAMPO_SUFFIXES } from '../../../src/core/aiTexts/fields';
import { nameKey, splitNames } from '../../../src/core/nameList';
import {
  scoreProduct,
  type ReadinessContext,
  type ReadinessProduct,
  type ReadinessPrompt,
  type ReadinessRule,
} from '../../../src/core/readiness/score';
import { schemaFor } from '../../../src/resources/registry';
import type { PlainRow, RepositorySet, StoredEntity, StoredRecord } from '../../repository-set';
import { insertValues, isSoleWriter, namesOf, run, sqlConnectorOf, statement } from '../../sql';
import { inTransaction } from '../../transaction';

export const SCORES = 'preparacion';
export const RULES = 'reglas-preparacion';
export const JOBS = 'trabajos-preparacion';

const GTIN_FIELD = 'ean';
const PRODUCTS = 'productos';
const GENERALS = 'producto-generals';

/** A product as the scores read it (the columns the rules need), and the where of a page of them. */
type Product = StoredRecord<typeof PRODUCTS>;
type ProductWhere = Where<StoredEntity<typeof PRODUCTS>>;

/** The fields a `campo` rule may name: the product's and its general data's, with their Spanish labels. */
function fieldsContext(): ReadinessContext {
  const fields = new Map<string, string>();
  for (const resource of [PRODUCTS, GENERALS]) {
    const schema = schemaFor(resource);
    for (const field of schema?.fields ?? []) {
      if (field.name === schema?.idField || field.type === 'reference' || field.writeOnly) continue;
      if (field.name === 'empresaId' || field.readOnly) continue;
      if (!fields.has(field.name)) fields.set(field.name, field.label);
    }
  }
  return { fields, gtinField: GTIN_FIELD };
}

let context: ReadinessContext | undefined;
export const readinessContext = (): ReadinessContext => (context ??= fieldsContext());

/** What the rules read of a product: which parts, and which fields of the product and its general data. */
export interface Needs {
  fields: Set<string>;
  attributes: boolean;
  media: boolean;
  texts: boolean;
  /** Category codes (a rule's categoriaCodigo, or the prompts of a `textos` rule). */
  categories: boolean;
  families: boolean;
}

/** What every score reads besides the products: marketplaces, rules, prompts, categories. */
export interface Catalog {
  marketplaces: { id: number; codigo: string }[];
  rules: Map<number, ReadinessRule[]>;
  prompts: ReadinessPrompt[];
  /** empresaId → category name/code key → [code, parent code] (filled as companies are met). */
  categories: Map<number, Map<string, [string, string]>>;
  needs: Needs;
}

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

export function needsOf(rules: Iterable<ReadinessRule>): Needs {
  const needs: Needs = {
    fields: new Set(),
    attributes: false,
    media: false,
    texts: false,
    categories: false,
    families: false,
  };
  for (const rule of rules) {
    if (rule.tipo === 'campo' && filled(rule.campo)) needs.fields.add(String(rule.campo).trim());
    if (rule.tipo === 'gtin') needs.fields.add(GTIN_FIELD);
    if (rule.tipo === 'atributo') needs.attributes = true;
    if (rule.tipo === 'imagen') needs.media = true;
    if (rule.tipo === 'textos') needs.texts = needs.categories = true;
    if (filled(rule.categoriaCodigo)) needs.categories = true;
    if (filled(rule.familia)) needs.families = true;
  }
  return needs;
}

/** The columns of a product's table (or of one of its parts) the scores read under `needs`. */
export function fieldsRead(resource: string, needs: Needs): string[] {
  switch (resource) {
    case PRODUCTS:
      return [
        'id',
        'empresaId',
        ...needs.fields,
        ...(needs.categories ? ['categorias'] : []),
        ...(needs.families ? ['familias'] : []),
      ];
    case GENERALS:
      return needs.fields.size ? ['productoId', ...needs.fields] : [];
    case 'producto-atributos':
      return needs.attributes ? ['productoId', 'atributoId', 'valor'] : [];
    case 'producto-multimedias':
      return needs.media ? ['productoId', 'tipo', 'principalSN'] : [];
    case 'TextosGenerados':
      return needs.texts ? ['productoId', 'marketplaceId', 'campo', 'revisado_sn'] : [];
    default:
      return [];
  }
}

const same = (a: unknown, b: unknown): boolean =>
  (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');

/**
 * Whether writes to a product's table or one of its parts can move a score: a product created or deleted
 * always; otherwise a row the rules read created, deleted or changed in a column they read.
 */
export function movesScores(
  resource: string,
  records: readonly { before?: PlainRow; after?: PlainRow }[],
  needs: Needs,
): boolean {
  const read = fieldsRead(resource, needs);
  return records.some(({ before, after }) => {
    if (!before || !after) return resource === PRODUCTS || read.length > 0;
    return read.some((field) => !same(before[field], after[field]));
  });
}

export async function loadCatalog(repos: RepositorySet, options: Options = {}): Promise<Catalog> {
  const marketplaces = (await repos.repository('MarketPlaces').find({ order: ['id ASC'] }, options)).map(
    (row) => ({ id: Number(row.id), codigo: String(row.codigo ?? row.id) }),
  );
  const rules = new Map<number, ReadinessRule[]>();
  for (const row of await repos.repository(RULES).find({ order: ['id ASC'] }, options)) {
    const rule = row.toObject();
    const id = Number(rule.marketplaceId);
    const read: ReadinessRule = {
      ...rule,
      tipo: String(rule.tipo ?? ''),
      id: Number(rule.id),
      marketplaceId: id,
    };
    rules.set(id, [...(rules.get(id) ?? []), read]);
  }
  const prompts = (await repos.repository('MarketPlacePrompts').find({}, options)).map((row) => ({
    marketplaceId: Number(row.marketplaceId),
    categoriaCodigo: String(row.categoriaCodigo ?? ''),
    campos: CAMPO_SUFFIXES.map((n) => String(row[`campo${n}`] ?? '')).filter((c) => c.trim()),
  }));
  const needs = needsOf([...rules.values()].flat());
  return { marketplaces, rules, prompts, categories: new Map(), needs };
}

/** The catalog's version: changes whenever a change that moves scores has been recorded (jobs.ts). */
async function catalogVersion(repos: RepositorySet, options: Options): Promise<string | undefined> {
  const jobs = repos.repository(JOBS);
  const connector = sqlConnectorOf(jobs.dataSource);
  if (!connector) return undefined;
  const model = jobs.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  const [row] = await run(
    connector,
    statement(
      connector,
      model,
      `SELECT COUNT(*) AS n, COALESCE(MAX(${c('id')}), 0) AS m, COALESCE(SUM(${c('cambios')}), 0) AS s FROM ${t}`,
    ),
    options,
  );
  return row ? `${String(row.n)}:${String(row.m)}:${String(row.s)}` : undefined;
}

/**
 * The catalog kept between requests, read again when its version has changed. When this process is the
 * database's only writer (the embedded database), the version can move only through this process's jobs
 * (jobs.ts), which call `changed()`: the catalog is then kept until that call, without asking the database
 * for its version on every product save.
 */
export function catalogCache(repos: RepositorySet) {
  let cached: { version: string; catalog: Catalog } | undefined;
  const local = isSoleWriter(repos.repository(JOBS).dataSource);
  /** Moves at every `changed()`: a catalog read while it moved may be older than the change. */
  let generation = 0;
  return {
    async get(options: Options = {}): Promise<Catalog> {
      if (local) {
        if (cached) return cached.catalog;
        const seen = generation;
        const catalog = await loadCatalog(repos, options);
        if (seen === generation) cached = { version: 'local', catalog };
        return catalog;
      }
      const version = await catalogVersion(repos, options);
      if (version !== undefined && cached?.version === version) return cached.catalog;
      const catalog = await loadCatalog(repos, options);
      cached = version === undefined ? undefined : { version, catalog };
      return catalog;
    },
    /** A change that moves scores has been recorded (a job created or bumped): read the catalog again. */
    changed() {
      generation++;
      cached = undefined;
    },
  };
}
export type CatalogCache = ReturnType<typeof catalogCache>;

async function loadCategories(
  repos: RepositorySet,
  catalog: Catalog,
  empresaIds: number[],
  options: Options,
): Promise<void> {
  const missing = empresaIds.filter((id) => !catalog.categories.has(id));
  if (!missing.length) return;
  const rows = await repos.repository('categorias').find(
    {
      where: { empresaId: { inq: missing } },
      fields: { empresaId: true, codigo: true, nombre: true, padre: true },
    },
    options,
  );
  for (const id of missing) catalog.categories.set(id, new Map());
  for (const row of rows) {
    const map = catalog.categories.get(Number(row.empresaId));
    if (!map) continue;
    const entry: [string, string] = [String(row.codigo ?? ''), String(row.padre ?? '')];
    map.set(nameKey(String(row.codigo ?? '')), entry);
    map.set(nameKey(String(row.nombre ?? '')), entry);
  }
}

const byProduct = <R extends { productoId?: number | null }>(rows: R[]): Map<number, R[]> => {
  const map = new Map<number, R[]>();
  for (const row of rows) {
    const id = Number(row.productoId);
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  }
  return map;
};

/** `fields` of a find: the resource's declared fields among `wanted`, plus `always`. */
function fieldsOf(resource: string, wanted: Set<string>, always: string[]): Record<string, true> {
  const declared = new Set((schemaFor(resource)?.fields ?? []).map((f) => f.name));
  const out: Record<string, true> = {};
  for (const name of always) out[name] = true;
  for (const name of wanted) if (declared.has(name)) out[name] = true;
  return out;
}

export interface ReadProduct {
  product: ReadinessProduct;
  empresaId: number;
}

/** A page of products (the `where`, in id order) as the score reads them. */
async function readProducts(
  repos: RepositorySet,
  catalog: Catalog,
  where: ProductWhere,
  limit: number | undefined,
  options: Options,
  created?: readonly Product[],
): Promise<ReadProduct[]> {
  const { needs } = catalog;
  // products the write has just created: as written, and without parts yet
  const products: Product[] = created
    ? [...created]
    : (
        await repos.repository(PRODUCTS).find(
          {
            where,
            order: ['id ASC'],
            ...(limit ? { limit } : {}),
            fields: fieldsOf(PRODUCTS, needs.fields, [
              'id',
              'empresaId',
              ...(needs.categories ? ['categorias'] : []),
              ...(needs.families ? ['familias'] : []),
            ]),
          },
          options,
        )
      ).map((row) => row.toObject());
  if (!products.length) return [];
  const found = created ? [] : products.map((p) => Number(p.id));
  const partWhere = { productoId: { inq: found } };
  const generalFields = fieldsOf(GENERALS, needs.fields, ['productoId']);
  const generals =
    Object.keys(generalFields).length > 1 && found.length
      ? byProduct(
          (await repos.repository(GENERALS).find({ where: partWhere, fields: generalFields }, options)).map(
            (row) => row.toObject(),
          ),
        )
      : new Map<number, StoredRecord<typeof GENERALS>[]>();
  const attributes = new Map<number, StoredRecord<'producto-atributos'>[]>();
  const attributeNames = new Map<number, string>();
  if (needs.attributes && found.length) {
    const rows = (
      await repos
        .repository('producto-atributos')
        .find({ where: partWhere, fields: { productoId: true, atributoId: true, valor: true } }, options)
    ).map((row) => row.toObject());
    for (const [id, list] of byProduct(rows)) attributes.set(id, list);
    const ids = [...new Set(rows.map((row) => Number(row.atributoId)))].filter(Number.isFinite);
    if (ids.length) {
      for (const row of await repos
        .repository('atributos')
        .find({ where: { id: { inq: ids } }, fields: { id: true, nombre: true } }, options)) {
        attributeNames.set(Number(row.id), String(row.nombre ?? ''));
      }
    }
  }
  const media =
    needs.media && found.length
      ? byProduct(
          (
            await repos
              .repository('producto-multimedias')
              .find(
                { where: partWhere, fields: { productoId: true, tipo: true, principalSN: true } },
                options,
              )
          ).map((row) => row.toObject()),
        )
      : new Map<number, StoredRecord<'producto-multimedias'>[]>();
  const texts =
    needs.texts && found.length
      ? byProduct(
          (
            await repos.repository('TextosGenerados').find(
              {
                where: partWhere,
                fields: { productoId: true, marketplaceId: true, campo: true, revisado_sn: true },
              },
              options,
            )
          ).map((row) => row.toObject()),
        )
      : new Map<number, StoredRecord<'TextosGenerados'>[]>();
  if (needs.categories) {
    const companies = [...new Set(products.map((p) => Number(p.empresaId)))];
    await loadCategories(repos, catalog, companies, options);
  }
  return products.map((p) => {
    const id = Number(p.id);
    const empresaId = Number(p.empresaId);
    const codes = new Set<string>();
    if (needs.categories) {
      const categoryMap = catalog.categories.get(empresaId);
      for (const name of splitNames(p.categorias)) {
        const entry = categoryMap?.get(nameKey(name));
        if (entry) {
          codes.add(entry[0]);
          if (entry[1]) codes.add(entry[1]);
        } else codes.add(name);
      }
    }
    const general: PlainRow = generals.get(id)?.[0] ?? {};
    const atributos = new Map<string, unknown>();
    for (const row of attributes.get(id) ?? []) {
      const name = attributeNames.get(Number(row.atributoId)) ?? String(row.nombre ?? '');
      if (name) atributos.set(name, row.valor);
    }
    return {
      empresaId,
      product: {
        id,
        empresaId,
        valores: { ...general, ...p },
        categorias: [...codes],
        familias: needs.families ? splitNames(p.familias) : [],
        atributos,
        multimedia: media.get(id) ?? [],
        textos: texts.get(id) ?? [],
      },
    };
  });
}

interface ScoreRow {
  empresaId: number;
  productoId: number;
  marketplaceId: number;
  porcentaje: number;
  faltan: string;
  fecha: Date;
}

const COLUMNS: (keyof ScoreRow)[] = [
  'empresaId',
  'productoId',
  'marketplaceId',
  'porcentaje',
  'faltan',
  'fecha',
];
const UPDATED: (keyof ScoreRow)[] = ['empresaId', 'porcentaje', 'faltan', 'fecha'];

/** Score rows per statement: 6 bound values each, well below the 65,535 a statement may hold. */
const UPSERT_ROWS = 2000;

/** Creates or updates score rows (by product × marketplace), one statement per 2,000 rows. */
async function upsertScores(repos: RepositorySet, rows: ScoreRow[], options: Options): Promise<void> {
  if (!rows.length) return;
  if (rows.length > UPSERT_ROWS) {
    for (let from = 0; from < rows.length; from += UPSERT_ROWS)
      await upsertScores(repos, rows.slice(from, from + UPSERT_ROWS), options);
    return;
  }
  const scores = repos.repository(SCORES);
  const connector = sqlConnectorOf(scores.dataSource);
  if (!connector) {
    for (const row of rows) {
      const where = { productoId: row.productoId, marketplaceId: row.marketplaceId };
      const { count } = await scores.updateAll(row, where, options);
      if (!count) await scores.create(row, options);
    }
    return;
  }
  const model = scores.entityClass.modelName;
  const { c } = namesOf(connector, model);
  const insert = insertValues(connector, model, COLUMNS, rows as unknown as Record<string, unknown>[]);
  const postgres = (connector as { name?: string }).name === 'postgresql';
  insert.merge(
    postgres
      ? `ON CONFLICT (${c('productoId')}, ${c('marketplaceId')}) DO UPDATE SET ` +
          UPDATED.map((f) => `${c(f)} = EXCLUDED.${c(f)}`).join(', ')
      : `ON DUPLICATE KEY UPDATE ${UPDATED.map((f) => `${c(f)} = VALUES(${c(f)})`).join(', ')}`,
  );
  await run(connector, insert, options);
}

export interface RecomputeScope {
  /** Only this marketplace's scores (its rules or prompts changed). */
  marketplaceId?: number;
  /** Write every score of the scope without reading the stored ones first. */
  writeAll?: boolean;
}

/**
 * Scores products already read and writes the scores that changed (one upsert); with no marketplace scope,
 * the rows of marketplaces that no longer exist go too.
 */
async function storeScores(
  repos: RepositorySet,
  catalog: Catalog,
  read: ReadProduct[],
  scope: RecomputeScope,
  options: Options,
): Promise<void> {
  if (!read.length) return;
  const scores = repos.repository(SCORES);
  const ids = read.map((r) => r.product.id);
  const only = scope.marketplaceId;
  const marketplaces =
    only === undefined ? catalog.marketplaces : catalog.marketplaces.filter((m) => m.id === only);
  // one marketplace's rules changed (a job): nearly every row changes, so they are written without reading them
  const existing = scope.writeAll
    ? new Map<number, StoredRecord<typeof SCORES>[]>()
    : byProduct(
        (
          await scores.find(
            {
              where: { productoId: { inq: ids }, ...(only === undefined ? {} : { marketplaceId: only }) },
              fields: {
                id: true,
                productoId: true,
                marketplaceId: true,
                porcentaje: true,
                faltan: true,
                empresaId: true,
              },
            },
            options,
          )
        ).map((row) => row.toObject()),
      );
  const ctx = readinessContext();
  const now = new Date();
  const stale: number[] = [];
  const writes: ScoreRow[] = [];
  for (const { product, empresaId } of read) {
    const stored = new Map((existing.get(product.id) ?? []).map((row) => [Number(row.marketplaceId), row]));
    for (const marketplace of marketplaces) {
      const score = scoreProduct(product, catalog.rules.get(marketplace.id) ?? [], catalog.prompts, ctx);
      const faltan = JSON.stringify(score.faltan);
      const row = stored.get(marketplace.id);
      stored.delete(marketplace.id);
      if (
        !row ||
        Number(row.porcentaje) !== score.porcentaje ||
        row.faltan !== faltan ||
        Number(row.empresaId) !== empresaId
      ) {
        writes.push({
          empresaId,
          productoId: product.id,
          marketplaceId: marketplace.id,
          porcentaje: score.porcentaje,
          faltan,
          fecha: now,
        });
      }
    }
    // rows of marketplaces that no longer exist
    if (only === undefined) for (const row of stored.values()) stale.push(Number(row.id));
  }
  await upsertScores(repos, writes, options);
  if (stale.length) await scores.deleteAll({ id: { inq: stale } }, options);
}

/**
 * Recomputes the scores of products `ids` and stores those that changed; products that no longer exist lose
 * their scores. Answers how many products were scored. `created`: the rows of products the write has just
 * created (as written: they have no parts nor scores yet, so nothing is read).
 */
export async function recompute(
  repos: RepositorySet,
  ids: readonly number[],
  options: Options = {},
  catalog?: Catalog,
  created?: readonly Product[],
): Promise<number> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  if (!unique.length) return 0;
  const cat = catalog ?? (await loadCatalog(repos, options));
  // in a save's transaction: the product's score rows are held before it is read, as a job's page holds them
  if (!created && options.transaction) await lockScores(repos, unique, options);
  const read = await readProducts(repos, cat, { id: { inq: unique } }, undefined, options, created);
  const present = new Set(read.map((r) => r.product.id));
  const gone = unique.filter((id) => !present.has(id));
  if (gone.length) await repos.repository(SCORES).deleteAll({ productoId: { inq: gone } }, options);
  await storeScores(repos, cat, read, created ? { writeAll: true } : {}, options);
  return read.length;
}

/** Products scored in one transaction of a recomputation page. */
const LOCKED_PAGE = 250;

/**
 * Locks the score rows of products `ids` until the transaction `options` ends (in product id order, as every
 * page takes them). A save rescoring one of them writes its rows in its own transaction: it waits for the page,
 * or the page waits for it and then reads it committed — a page never stores a score read before a save that
 * commits before it.
 */
async function lockScores(repos: RepositorySet, ids: readonly number[], options: Options): Promise<void> {
  const scores = repos.repository(SCORES);
  const connector = sqlConnectorOf(scores.dataSource);
  if (!connector || !ids.length) return;
  const model = scores.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  const marks = ids.map(() => '?').join(',');
  await run(
    connector,
    statement(
      connector,
      model,
      `SELECT ${c('id')} FROM ${t} WHERE ${c('productoId')} IN (${marks}) ORDER BY ${c('productoId')}, ${c('marketplaceId')} FOR UPDATE`,
      [...ids],
    ),
    options,
  );
}

/**
 * One page of a recomputation: the products of `where` after `afterId` (keyset paging, id order), at most
 * `limit`, scored and stored in transactions of 250 products that hold their score rows (lockScores) from
 * before they are read until their scores are written. Answers how many were read and the last id reached.
 */
export async function recomputePage(
  repos: RepositorySet,
  catalog: Catalog,
  where: ProductWhere,
  afterId: number,
  limit: number,
  scope: RecomputeScope = {},
): Promise<{ count: number; lastId: number }> {
  const products = repos.repository(PRODUCTS);
  const ids = (
    await products.find({
      where: { and: [where, { id: { gt: afterId } }] },
      order: ['id ASC'],
      limit,
      fields: { id: true },
    })
  ).map((row) => Number(row.id));
  if (!ids.length) return { count: 0, lastId: afterId };
  // short transactions: the embedded database serves nothing else while one is open
  for (let from = 0; from < ids.length; from += LOCKED_PAGE) {
    const part = ids.slice(from, from + LOCKED_PAGE);
    await inTransaction(products.dataSource, async (tx) => {
      await lockScores(repos, part, tx);
      const read = await readProducts(repos, catalog, { id: { inq: part } }, undefined, tx);
      await storeScores(repos, catalog, read, { ...scope, writeAll: scope.marketplaceId !== undefined }, tx);
    });
  }
  return { count: ids.length, lastId: ids[ids.length - 1] };
}
