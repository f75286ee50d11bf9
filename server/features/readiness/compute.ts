/**
 * Computes and stores the readiness scores of products (src/core/readiness/score.ts): reads the products and
 * their parts in bulk (one query per table for a batch), the marketplaces' rules and prompts and the companies'
 * categories and attributes, scores every product × marketplace and writes only the rows that changed — in the
 * caller's transaction when given one (a product save: the scores change with the product or not at all).
 */
import type { AnyObject, Options } from '@loopback/repository';
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
import type { RepositorySet } from '../../repository-set';

export const SCORES = 'preparacion';
export const RULES = 'reglas-preparacion';

const GTIN_FIELD = 'ean';

const plain = (row: { toObject(): object }): AnyObject => row.toObject() as AnyObject;

/** The fields a `campo` rule may name: the product's and its general data's, with their Spanish labels. */
function fieldsContext(): ReadinessContext {
  const fields = new Map<string, string>();
  for (const resource of ['productos', 'producto-generals']) {
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

/** What every score reads besides the products: marketplaces, rules, prompts (read fresh for each batch). */
export interface Catalog {
  marketplaces: { id: number; codigo: string }[];
  rules: Map<number, ReadinessRule[]>;
  prompts: ReadinessPrompt[];
  /** empresaId → category name/code key → [code, parent code]. */
  categories: Map<number, Map<string, [string, string]>>;
}

export async function loadCatalog(repos: RepositorySet, options: Options = {}): Promise<Catalog> {
  const marketplaces = (await repos.repository('MarketPlaces').find({ order: ['id ASC'] }, options)).map(
    (row) => ({ id: Number(row.id), codigo: String(row.codigo ?? row.id) }),
  );
  const rules = new Map<number, ReadinessRule[]>();
  for (const row of await repos.repository(RULES).find({ order: ['id ASC'] }, options)) {
    const rule = plain(row) as unknown as ReadinessRule;
    const id = Number(rule.marketplaceId);
    rules.set(id, [...(rules.get(id) ?? []), { ...rule, id: Number(rule.id), marketplaceId: id }]);
  }
  const prompts = (await repos.repository('MarketPlacePrompts').find({}, options)).map((row) => ({
    marketplaceId: Number(row.marketplaceId),
    categoriaCodigo: String(row.categoriaCodigo ?? ''),
    campos: CAMPO_SUFFIXES.map((n) => String((row as AnyObject)[`campo${n}`] ?? '')).filter((c) => c.trim()),
  }));
  return { marketplaces, rules, prompts, categories: new Map() };
}

async function categoriesOf(
  repos: RepositorySet,
  catalog: Catalog,
  empresaId: number,
  options: Options,
): Promise<Map<string, [string, string]>> {
  const known = catalog.categories.get(empresaId);
  if (known) return known;
  const map = new Map<string, [string, string]>();
  const rows = await repos
    .repository('categorias')
    .find({ where: { empresaId }, fields: { codigo: true, nombre: true, padre: true } }, options);
  for (const row of rows) {
    const entry: [string, string] = [String(row.codigo ?? ''), String(row.padre ?? '')];
    map.set(nameKey(String(row.codigo ?? '')), entry);
    map.set(nameKey(String(row.nombre ?? '')), entry);
  }
  catalog.categories.set(empresaId, map);
  return map;
}

const byProduct = (rows: AnyObject[], field = 'productoId'): Map<number, AnyObject[]> => {
  const map = new Map<number, AnyObject[]>();
  for (const row of rows) {
    const id = Number(row[field]);
    map.set(id, [...(map.get(id) ?? []), row]);
  }
  return map;
};

/** The products `ids` (those that exist) as the score reads them. */
async function readProducts(
  repos: RepositorySet,
  catalog: Catalog,
  ids: number[],
  options: Options,
): Promise<{ product: ReadinessProduct; empresaId: number }[]> {
  if (!ids.length) return [];
  const products = (await repos.repository('productos').find({ where: { id: { inq: ids } } }, options)).map(
    plain,
  );
  if (!products.length) return [];
  const found = products.map((p) => Number(p.id));
  const where = { productoId: { inq: found } };
  const generals = byProduct(
    (await repos.repository('producto-generals').find({ where }, options)).map(plain),
  );
  const attributeRows = (await repos.repository('producto-atributos').find({ where }, options)).map(plain);
  const attributes = byProduct(attributeRows);
  const attributeIds = [...new Set(attributeRows.map((row) => Number(row.atributoId)))].filter(
    Number.isFinite,
  );
  const attributeNames = new Map<number, string>();
  if (attributeIds.length) {
    for (const row of await repos
      .repository('atributos')
      .find({ where: { id: { inq: attributeIds } }, fields: { id: true, nombre: true } }, options)) {
      attributeNames.set(Number(row.id), String(row.nombre ?? ''));
    }
  }
  const media = byProduct(
    (
      await repos
        .repository('producto-multimedias')
        .find({ where, fields: { productoId: true, tipo: true, principalSN: true } }, options)
    ).map(plain),
  );
  const texts = byProduct(
    (
      await repos.repository('TextosGenerados').find(
        {
          where,
          fields: { productoId: true, marketplaceId: true, campo: true, revisado_sn: true },
        },
        options,
      )
    ).map(plain),
  );
  const out: { product: ReadinessProduct; empresaId: number }[] = [];
  for (const p of products) {
    const id = Number(p.id);
    const empresaId = Number(p.empresaId);
    const categoryMap = await categoriesOf(repos, catalog, empresaId, options);
    const codes = new Set<string>();
    for (const name of splitNames(p.categorias as string | null | undefined)) {
      const entry = categoryMap.get(nameKey(name));
      if (entry) {
        codes.add(entry[0]);
        if (entry[1]) codes.add(entry[1]);
      } else codes.add(name);
    }
    const general = generals.get(id)?.[0] ?? {};
    const atributos = new Map<string, unknown>();
    for (const row of attributes.get(id) ?? []) {
      const name = attributeNames.get(Number(row.atributoId)) ?? String(row.nombre ?? '');
      if (name) atributos.set(name, row.valor);
    }
    out.push({
      empresaId,
      product: {
        id,
        valores: { ...general, ...p },
        categorias: [...codes],
        familias: splitNames(p.familias as string | null | undefined),
        atributos,
        multimedia: media.get(id) ?? [],
        textos: texts.get(id) ?? [],
      },
    });
  }
  return out;
}

/**
 * Recomputes the scores of products `ids` and stores those that changed; products that no longer exist lose
 * their scores. Answers how many products were scored.
 */
export async function recompute(
  repos: RepositorySet,
  ids: readonly number[],
  options: Options = {},
  catalog?: Catalog,
): Promise<number> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  if (!unique.length) return 0;
  const cat = catalog ?? (await loadCatalog(repos, options));
  const scores = repos.repository(SCORES);
  const read = await readProducts(repos, cat, unique, options);
  const existing = byProduct(
    (await scores.find({ where: { productoId: { inq: unique } } }, options)).map(plain),
  );
  const present = new Set(read.map((r) => r.product.id));
  const gone = unique.filter((id) => !present.has(id) && existing.has(id));
  if (gone.length) await scores.deleteAll({ productoId: { inq: gone } }, options);
  const ctx = readinessContext();
  const now = new Date();
  const stale: unknown[] = [];
  for (const { product, empresaId } of read) {
    const stored = new Map((existing.get(product.id) ?? []).map((row) => [Number(row.marketplaceId), row]));
    for (const marketplace of cat.marketplaces) {
      const score = scoreProduct(product, cat.rules.get(marketplace.id) ?? [], cat.prompts, ctx);
      const faltan = JSON.stringify(score.faltan);
      const row = stored.get(marketplace.id);
      stored.delete(marketplace.id);
      if (!row) {
        await scores.create(
          {
            empresaId,
            productoId: product.id,
            marketplaceId: marketplace.id,
            porcentaje: score.porcentaje,
            faltan,
            fecha: now,
          },
          options,
        );
      } else if (
        Number(row.porcentaje) !== score.porcentaje ||
        row.faltan !== faltan ||
        Number(row.empresaId) !== empresaId
      ) {
        await scores.updateById(
          row.id as number,
          { porcentaje: score.porcentaje, faltan, empresaId, fecha: now },
          options,
        );
      }
    }
    // rows of marketplaces that no longer exist
    for (const row of stored.values()) stale.push(row.id);
  }
  if (stale.length) await scores.deleteAll({ id: { inq: stale } }, options);
  return read.length;
}
