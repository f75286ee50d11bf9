/**
 * Text generation over the datastore (docs/requirements.md#r7-api "Text generation"). Every operation is company-scoped through the
 * products: the caller only reads, generates or reviews texts of products it can see (CompanyAccess).
 *
 * Queue rows (ProductosGeneracionTextos): procesado 'N' = pending. Processing one row generates every
 * campo of its prompt in each of its languages (`idiomas`, default 'es'), then writes them to TextosGenerados
 * with revisado_sn 'N'; a text already reviewed (revisado_sn 'S') is kept unless `sobrescribirRevisados` is
 * given (the app asks the user first). The row ends procesado 'S' and estado 'Ejecutado', or 'NoEjecutado'
 * with the reason in `motivo` when the generator fails or times out (nothing of that row is written).
 */
import { randomUUID } from 'node:crypto';
import type { AnyObject, Where } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import {
  categoryKeys,
  matchesCategory,
  promptForProduct,
  subcategoryKeys,
  type CategoriaRow,
} from '../../src/core/aiTexts/categories';
import { camposDePrompt } from '../../src/core/aiTexts/fields';
import { estadoRevisionDeConteo } from '../../src/core/reviewStatus';
import type { CompanyAccess } from '../auth/keys';
import { restrictWhere } from '../company';
import type { Row } from '../repositories';
import type { RepositorySet } from '../repository-set';
import { mapPool } from '../../src/core/pool';
import { requestBudget, type Budget } from './budget';
import { StoredClaims, type RowClaims } from './claims';
import { GenerationError, type GenerationRequest, type ProductData, type TextGenerator } from './generator';
import type { ProcessSummary, QueueItem, RowResult } from '../../src/core/aiTexts/contract';

export type { ProcessSummary, QueueItem, RowResult };

export const PRODUCTS = 'productos';
export const GENERALS = 'producto-generals';
export const CATEGORIES = 'categorias';
export const MARKETPLACES = 'MarketPlaces';
export const PROMPTS = 'MarketPlacePrompts';
export const TEXTS = 'TextosGenerados';
export const QUEUE = 'ProductosGeneracionTextos';
export const LANGUAGES = 'idiomas';

export const DEFAULT_LANGUAGE = 'es';
/** Rows processed by one manual call when no ids are given (the nightly run takes everything). */
export const MANUAL_BATCH = 50;
/**
 * Time budget of one interactive request (manual run, dispatch), below the app's 60 s HTTP time-out: rows not
 * started in time stay pending for the next call (the app loops), the row that alone overruns it fails.
 */
export const DEFAULT_REQUEST_BUDGET_MS = 40_000;
/** Generator calls of one row (campos × idiomas) running at once. */
export const DEFAULT_CONCURRENCY = 3;
/** The reason stored on queue rows cancelled before being processed. */
export const CANCELLED_REASON = 'Cancelada por el usuario antes de procesarse';

export interface GenerationOptions {
  requestBudgetMs: number;
  concurrency: number;
}

/** What one claim on a queue row ended in: its result, or null when the row was not pending any more. */
export type ClaimOutcome = RowResult | null | 'released';
export type QueueClaims = RowClaims<ClaimOutcome>;

/** Pending = procesado N (or never set). */
const isPending = (row: AnyObject): boolean => row.procesado == null || row.procesado === 'N';
const PENDING: AnyObject = { or: [{ procesado: 'N' }, { procesado: null }] };
/** A queue item's language list, normalised ('' and null mean the default language). */
const idiomasKey = (value: unknown): string =>
  String(value ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .join(',') || DEFAULT_LANGUAGE;

export interface TextInput {
  id?: number;
  productoId?: number;
  marketplacePromptId?: number;
  campo?: string;
  idioma?: string;
  texto?: string;
  revisado_sn?: string;
}

export interface ReviewFilters {
  productos?: number[];
  categoria?: string;
  subcategoria?: string;
  marketplaces?: number[];
  idmarketplacesprompt?: number;
  revision?: string;
}

export interface VistaRow {
  productoId: number;
  nombre: string;
  titulo?: string;
  categorias?: string;
  activoEnMarketplace?: string | null;
  marketplaceId: number;
  marketplaceCodigo?: string;
  marketplacePromptId?: number;
  total: number;
  revisados: number;
  estado: string;
  fechaGeneracion?: string;
  /** The ids of the group's texts (the app's bulk review sends them to updateManyProcesado). */
  textIds: number[];
}

const unprocessable = (message: string, code = 'INVALID_TEXT_GENERATION'): Error =>
  Object.assign(new HttpErrors.UnprocessableEntity(message), { code });

const num = (value: unknown): number => Number(value);
/** A repository row as a plain object (juggler entities carry toJSON). */
const plainOf = (row: Row): AnyObject => ({
  ...(typeof row.toJSON === 'function' ? (row.toJSON() as AnyObject) : row),
});
const asCategorias = (rows: readonly Row[]): CategoriaRow[] =>
  rows.map((row) => plainOf(row) as CategoriaRow);
const isoNow = (): string => new Date().toISOString();
const textKey = (row: AnyObject): string =>
  `${num(row.productoId)}|${num(row.marketplacePromptId)}|${String(row.campo)}|${String(row.idioma ?? DEFAULT_LANGUAGE)}`;

/** How often a run waiting for a row another process holds looks again. */
const CLAIM_POLL_MS = 200;

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export class TextGenerationService {
  private readonly options: GenerationOptions;
  /** The claims every API process on the database sees. */
  private readonly stored: StoredClaims;

  constructor(
    private readonly repos: RepositorySet,
    private readonly access: CompanyAccess,
    private readonly generator: TextGenerator,
    private readonly claims: QueueClaims,
    options: Partial<GenerationOptions> = {},
  ) {
    this.stored = new StoredClaims(repos.generationClaims);
    this.options = {
      requestBudgetMs: options.requestBudgetMs ?? DEFAULT_REQUEST_BUDGET_MS,
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    };
  }

  /** The budget of one interactive request. */
  get requestBudgetMs(): number {
    return this.options.requestBudgetMs;
  }

  private repo(name: string) {
    return this.repos.repository(name);
  }

  /** Products the caller can see, optionally only `ids`. */
  async visibleProducts(ids?: readonly number[]): Promise<Row[]> {
    const where: Where<Row> | undefined = ids ? { id: { inq: [...ids] } } : undefined;
    return this.repo(PRODUCTS).find({ where: restrictWhere(where, this.access, 'empresaId') });
  }

  private async visibleProductIds(ids?: readonly number[]): Promise<Set<number>> {
    const rows = await this.repo(PRODUCTS).find({
      where: restrictWhere(ids ? { id: { inq: [...ids] } } : undefined, this.access, 'empresaId'),
      fields: { id: true },
    });
    return new Set(rows.map((row) => num(row.id)));
  }

  private async generalsOf(ids: readonly number[]): Promise<Map<number, AnyObject>> {
    const byProduct = new Map<number, AnyObject>();
    if (!ids.length) return byProduct;
    const rows = await this.repo(GENERALS).find({
      where: { productoId: { inq: [...ids] } },
      order: ['id ASC'],
    });
    for (const row of rows) if (!byProduct.has(num(row.productoId))) byProduct.set(num(row.productoId), row);
    return byProduct;
  }

  private async productData(product: Row, general?: AnyObject): Promise<ProductData> {
    const g = general ?? (await this.generalsOf([num(product.id)])).get(num(product.id)) ?? {};
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(g))
      if (!['id', 'productoId'].includes(key) && value != null) plain[key] = value;
    return {
      id: num(product.id),
      nombre: String(product.nombre ?? ''),
      general: plain,
      categorias: product.categorias,
    };
  }

  async activeLanguages(): Promise<string[]> {
    const rows = await this.repo(LANGUAGES).find({ where: { activo_sn: 'S' }, order: ['id ASC'] });
    return rows.map((row) => String(row.codigo));
  }

  // ---- queue ----

  async createMany(items: readonly QueueItem[]): Promise<Row[]> {
    if (!items.length) return [];
    const productIds = [...new Set(items.map((item) => item.productoId))];
    const visible = await this.visibleProductIds(productIds);
    const missing = productIds.filter((id) => !visible.has(id));
    if (missing.length)
      throw unprocessable(`Productos no encontrados: ${missing.join(', ')}`, 'INVALID_PRODUCTS');
    const promptIds = [...new Set(items.map((item) => item.marketplacePromptId))];
    const prompts = await this.repo(PROMPTS).find({
      where: { id: { inq: promptIds } },
      fields: { id: true },
    });
    const known = new Set(prompts.map((p) => num(p.id)));
    const unknown = promptIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw unprocessable(`Prompts no encontrados: ${unknown.join(', ')}`, 'INVALID_PROMPTS');
    // A pending row of the same product, prompt and languages is reused (pressing "generate" again, or a retry
    // after a time-out, never queues the same work twice); if it is being processed right now, processing it
    // again waits for that run and reports its result.
    const pending = await this.repo(QUEUE).find({
      where: { and: [{ productoId: { inq: productIds } }, PENDING] },
      order: ['id ASC'],
    });
    const reusable = new Map<string, Row>();
    const itemKey = (row: AnyObject) =>
      `${num(row.productoId)}|${num(row.marketplacePromptId)}|${idiomasKey(row.idiomas)}`;
    for (const row of pending) if (!reusable.has(itemKey(row))) reusable.set(itemKey(row), row);
    const created: Row[] = [];
    for (const item of items) {
      const key = itemKey(item);
      const existing = reusable.get(key);
      if (existing) {
        created.push(existing);
        continue;
      }
      const row = await this.repo(QUEUE).create({
        productoId: item.productoId,
        marketplacePromptId: item.marketplacePromptId,
        procesado: 'N',
        ...(item.idiomas ? { idiomas: item.idiomas } : {}),
      });
      reusable.set(key, row);
      created.push(row);
    }
    return created;
  }

  /**
   * Processes pending queue rows (only `ids` when given) of visible products, one row claim at a time (no
   * server-wide lock: a run waits only for a row another run holds). With `budgetMs`, rows not started before
   * it runs out stay pending (`pendientes`); the first row alone gets the whole budget and fails if it overruns.
   */
  async process(options: {
    ids?: number[];
    sobrescribirRevisados?: boolean;
    limit?: number;
    budgetMs?: number;
  }): Promise<ProcessSummary> {
    const where: AnyObject = options.ids ? { and: [{ id: { inq: options.ids } }, PENDING] } : PENDING;
    const pending = await this.repo(QUEUE).find({ where, order: ['id ASC'] });
    const visible = await this.visibleProductIds([...new Set(pending.map((row) => num(row.productoId)))]);
    const mine = pending.filter((row) => visible.has(num(row.productoId)));
    const batch = options.limit ? mine.slice(0, options.limit) : mine;
    const summary: ProcessSummary = {
      procesados: 0,
      ejecutados: 0,
      fallidos: 0,
      conservados: 0,
      pendientes: mine.length - batch.length,
      resultados: [],
    };
    const budget = requestBudget(options.budgetMs);
    let attempted = 0;
    try {
      for (const row of batch) {
        if (budget.expired()) {
          summary.pendientes += 1;
          continue;
        }
        const outcome = await this.processClaimed(
          num(row.id),
          Boolean(options.sobrescribirRevisados),
          budget,
          attempted === 0,
          // Rows asked for by id are waited for; a run over the whole queue leaves them to their holder.
          Boolean(options.ids),
        );
        attempted += 1;
        if (outcome === 'released') {
          summary.pendientes += 1;
          continue;
        }
        if (!outcome) continue;
        summary.procesados += 1;
        if (outcome.estado === 'Ejecutado') summary.ejecutados += 1;
        else summary.fallidos += 1;
        summary.conservados += outcome.conservados;
        summary.resultados.push(outcome);
      }
    } finally {
      budget.clear();
    }
    return summary;
  }

  /**
   * One row under its claim. If another run holds it, waits for that run (never past the budget) and reports
   * its result. `released` = not processed in this budget (still pending); null = not pending any more.
   */
  private async processClaimed(
    id: number,
    overwrite: boolean,
    budget: Budget,
    owner: boolean,
    waitForOthers: boolean,
  ): Promise<ClaimOutcome> {
    for (;;) {
      const held = this.claims.holder(id);
      if (!held) break;
      const outcome = await Promise.race([
        held.catch((): ClaimOutcome => null),
        new Promise<'released'>((resolve) => {
          if (budget.expired()) resolve('released');
          else budget.signal.addEventListener('abort', () => resolve('released'), { once: true });
        }),
      ]);
      if (outcome && outcome !== 'released') return outcome;
      if (budget.expired()) return 'released';
    }
    return this.claims.run([id], async () => {
      const token = randomUUID();
      // Another API process holds the row: wait for it to finish (or leave it to that process).
      while (!(await this.stored.claim(id, token))) {
        if (!waitForOthers) return null;
        if (budget.expired()) return 'released';
        await pause(CLAIM_POLL_MS, budget.signal);
        const [row] = await this.repo(QUEUE).find({ where: { id } });
        if (!row || !isPending(row)) return null;
      }
      try {
        const [row] = await this.repo(QUEUE).find({ where: { id } });
        if (!row || !isPending(row)) return null;
        return await this.processRow(row, overwrite, budget, owner);
      } finally {
        await this.stored.release(id, token);
      }
    });
  }

  /**
   * Marks the pending rows among `ids` (of visible products, not being processed right now) as cancelled:
   * procesado 'S', estado 'NoEjecutado', motivo CANCELLED_REASON — no later run picks them up.
   */
  async cancel(ids: readonly number[]): Promise<{ count: number; enProceso: number[] }> {
    if (!ids.length) return { count: 0, enProceso: [] };
    const rows = await this.repo(QUEUE).find({ where: { and: [{ id: { inq: [...ids] } }, PENDING] } });
    const visible = await this.visibleProductIds([...new Set(rows.map((row) => num(row.productoId)))]);
    const mine = rows.filter((row) => visible.has(num(row.productoId))).map((row) => num(row.id));
    const enProceso = mine.filter((id) => this.claims.isClaimed(id));
    const local = mine.filter((id) => !this.claims.isClaimed(id));
    if (!local.length) return { count: 0, enProceso };
    let count = 0;
    await this.claims.run(local, async () => {
      // Claimed in the database too, so a row another process is generating is reported, not cancelled.
      const token = randomUUID();
      const free: number[] = [];
      for (const id of local) {
        if (await this.stored.claim(id, token)) free.push(id);
        else enProceso.push(id);
      }
      try {
        if (free.length) {
          const result = await this.repo(QUEUE).updateAll(
            { procesado: 'S', estado: 'NoEjecutado', motivo: CANCELLED_REASON },
            { and: [{ id: { inq: free } }, PENDING] },
          );
          count = result.count;
        }
      } finally {
        for (const id of free) await this.stored.release(id, token);
      }
      return null;
    });
    return { count, enProceso: enProceso.sort((a, b) => a - b) };
  }

  /** The generator calls of one product+prompt (campos × idiomas), a few at a time, in order. */
  private async generateAll(
    data: ProductData,
    campos: readonly { campo: string; prompt: string }[],
    idiomas: readonly string[],
    marketplace: string | undefined,
    signal: AbortSignal,
  ): Promise<AnyObject[]> {
    const calls = (idiomas.length ? idiomas : [DEFAULT_LANGUAGE]).flatMap((idioma) =>
      campos.map(({ campo, prompt }) => ({ campo, prompt, idioma })),
    );
    return mapPool(
      calls,
      this.options.concurrency,
      async (call, callSignal) => ({
        campo: call.campo,
        idioma: call.idioma,
        texto: await this.generator.generate({ producto: data, marketplace, signal: callSignal, ...call }),
      }),
      signal,
    );
  }

  private async processRow(
    row: Row,
    overwrite: boolean,
    budget: Budget,
    owner: boolean,
  ): Promise<ClaimOutcome> {
    const base = {
      id: num(row.id),
      productoId: num(row.productoId),
      marketplacePromptId: num(row.marketplacePromptId),
    };
    const fail = async (motivo: string): Promise<RowResult> => {
      await this.repo(QUEUE).updateById(row.id, { procesado: 'S', estado: 'NoEjecutado', motivo });
      return { ...base, estado: 'NoEjecutado', motivo, textos: 0, conservados: 0 };
    };
    const [product] = await this.repo(PRODUCTS).find({ where: { id: base.productoId } });
    if (!product) return fail('El producto no existe');
    const [prompt] = await this.repo(PROMPTS).find({ where: { id: base.marketplacePromptId } });
    if (!prompt) return fail('El prompt no existe');
    const campos = camposDePrompt(prompt);
    if (!campos.length) return fail('El prompt no tiene campos definidos');
    const [marketplace] = await this.repo(MARKETPLACES).find({ where: { id: prompt.marketplaceId } });
    const data = await this.productData(product);
    let generated: AnyObject[];
    try {
      generated = await this.generateAll(
        data,
        campos,
        idiomasKey(row.idiomas).split(','),
        marketplace?.codigo as string | undefined,
        budget.signal,
      );
    } catch (error) {
      // Cut by the request's budget: a row that had the budget to itself fails; a later one waits for the
      // next call, untouched.
      if (budget.expired() && !owner) return 'released';
      const reason = budget.expired()
        ? (budget.signal.reason as Error).message
        : error instanceof GenerationError
          ? error.message
          : `Error del generador: ${(error as Error).message}`;
      return fail(reason);
    }
    const written = await this.store(
      generated.map((g) => ({
        ...g,
        productoId: base.productoId,
        marketplacePromptId: base.marketplacePromptId,
      })),
      num(prompt.marketplaceId),
      overwrite,
    );
    const motivo = written.kept ? `${written.kept} texto(s) ya revisado(s) no se sobrescribieron` : null;
    await this.repo(QUEUE).updateById(row.id, { procesado: 'S', estado: 'Ejecutado', motivo });
    return {
      ...base,
      estado: 'Ejecutado',
      ...(motivo ? { motivo } : {}),
      textos: written.written,
      conservados: written.kept,
    };
  }

  /** Upserts generated texts by (product, prompt, campo, idioma); reviewed ones are kept unless `overwrite`. */
  private async store(
    texts: readonly AnyObject[],
    marketplaceId: number,
    overwrite: boolean,
  ): Promise<{ written: number; kept: number }> {
    if (!texts.length) return { written: 0, kept: 0 };
    const existing = await this.repo(TEXTS).find({
      where: {
        productoId: { inq: [...new Set(texts.map((t) => num(t.productoId)))] },
        marketplacePromptId: { inq: [...new Set(texts.map((t) => num(t.marketplacePromptId)))] },
      },
    });
    const byKey = new Map(existing.map((row) => [textKey(row), row]));
    let written = 0;
    let kept = 0;
    const now = isoNow();
    for (const text of texts) {
      const found = byKey.get(textKey(text));
      if (found && found.revisado_sn === 'S' && !overwrite) {
        kept += 1;
        continue;
      }
      if (found)
        await this.repo(TEXTS).updateById(found.id, {
          texto: text.texto,
          revisado_sn: 'N',
          fechaGeneracion: now,
        });
      else
        await this.repo(TEXTS).create({
          productoId: text.productoId,
          marketplacePromptId: text.marketplacePromptId,
          marketplaceId,
          idioma: text.idioma ?? DEFAULT_LANGUAGE,
          campo: text.campo,
          texto: text.texto,
          revisado_sn: 'N',
          fechaGeneracion: now,
        });
      written += 1;
    }
    return { written, kept };
  }

  /**
   * Generates the texts of one product+prompt without storing anything (the 'pim/process-base64' dispatch).
   * With a `budget`, an item cut by it answers an error per text instead of hanging the request.
   */
  async generarSinGuardar(item: QueueItem, budget?: Budget): Promise<AnyObject[]> {
    const [product] = await this.visibleProducts([item.productoId]);
    if (!product) return [{ productoId: item.productoId, error: 'El producto no existe' }];
    const [prompt] = await this.repo(PROMPTS).find({ where: { id: item.marketplacePromptId } });
    if (!prompt) return [{ productoId: item.productoId, error: 'El prompt no existe' }];
    const [marketplace] = await this.repo(MARKETPLACES).find({ where: { id: prompt.marketplaceId } });
    const data = await this.productData(product);
    const idiomas = idiomasKey(item.idiomas).split(',');
    const base = { productoId: item.productoId, marketplacePromptId: item.marketplacePromptId };
    const calls = idiomas.flatMap((idioma) => camposDePrompt(prompt).map((c) => ({ ...c, idioma })));
    return mapPool(calls, this.options.concurrency, async ({ campo, prompt: text, idioma }) => {
      const out = await this.tryGenerate(
        {
          producto: data,
          campo,
          prompt: text,
          idioma,
          marketplace: marketplace?.codigo as string | undefined,
        },
        budget,
      );
      return { ...base, campo, idioma, ...out };
    });
  }

  /** One generator call that never throws: `{texto}` or `{error}` (also when the budget already ran out). */
  private async tryGenerate(
    request: Omit<GenerationRequest, 'signal'>,
    budget?: Budget,
  ): Promise<{ texto: string } | { error: string }> {
    if (budget?.expired()) return { error: (budget.signal.reason as Error).message };
    try {
      return { texto: await this.generator.generate({ ...request, signal: budget?.signal }) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  // ---- test bench ----

  async pruebas(
    idProducto: number,
    pares: readonly { campo: string; prompt: string }[],
    idiomas: readonly string[],
  ): Promise<{ campo: string; prompt: string; idioma: string; texto?: string; error?: string }[]> {
    const [product] = await this.visibleProducts([idProducto]);
    if (!product) throw new HttpErrors.NotFound(`Producto ${idProducto} no encontrado`);
    const data = await this.productData(product);
    const languages = idiomas.length ? idiomas : [DEFAULT_LANGUAGE];
    const calls = pares.flatMap(({ campo, prompt }) =>
      languages.map((idioma) => ({ campo, prompt, idioma })),
    );
    const budget = requestBudget(this.options.requestBudgetMs);
    try {
      return await mapPool(calls, this.options.concurrency, async (call) => ({
        ...call,
        ...(await this.tryGenerate({ producto: data, ...call }, budget)),
      }));
    } finally {
      budget.clear();
    }
  }

  // ---- reading and reviewing ----

  async textosProducto(idProducto: number): Promise<AnyObject[]> {
    const visible = await this.visibleProductIds([idProducto]);
    if (!visible.has(idProducto)) throw new HttpErrors.NotFound(`Producto ${idProducto} no encontrado`);
    const [texts, marketplaces] = await Promise.all([
      this.repo(TEXTS).find({ where: { productoId: idProducto }, order: ['id ASC'] }),
      this.repo(MARKETPLACES).find(),
    ]);
    const codigo = new Map(marketplaces.map((m) => [num(m.id), m.codigo]));
    return texts
      .map((text): AnyObject => ({
        ...plainOf(text),
        marketplaceCodigo: codigo.get(num(text.marketplaceId)),
      }))
      .sort(
        (a, b) =>
          String(a.marketplaceCodigo ?? '').localeCompare(String(b.marketplaceCodigo ?? '')) ||
          num(a.id) - num(b.id),
      );
  }

  /** Products (visible) passing the category/subcategory/product filters. */
  private async filteredProducts(filters: ReviewFilters): Promise<Row[]> {
    const products = await this.visibleProducts(filters.productos?.length ? filters.productos : undefined);
    if (!filters.categoria && !filters.subcategoria) return products;
    const categorias = asCategorias(await this.repo(CATEGORIES).find());
    return products.filter(
      (p) =>
        matchesCategory(categoryKeys(p.categorias, categorias, p.empresaId), filters.categoria) &&
        matchesCategory(subcategoryKeys(p.categorias, categorias, p.empresaId), filters.subcategoria),
    );
  }

  private async textsOf(productIds: readonly number[], filters: ReviewFilters): Promise<Row[]> {
    if (!productIds.length) return [];
    const where: AnyObject = { productoId: { inq: [...productIds] } };
    if (filters.marketplaces?.length) where.marketplaceId = { inq: filters.marketplaces };
    if (filters.idmarketplacesprompt) where.marketplacePromptId = filters.idmarketplacesprompt;
    return this.repo(TEXTS).find({ where, order: ['id ASC'] });
  }

  async revisados(filters: ReviewFilters): Promise<AnyObject[]> {
    const products = await this.filteredProducts(filters);
    const texts = await this.textsOf(
      products.map((p) => num(p.id)),
      filters,
    );
    const nombre = new Map(products.map((p) => [num(p.id), p.nombre]));
    return texts
      .filter((t) => t.revisado_sn === 'S')
      .map((t) => ({ ...plainOf(t), productoNombre: nombre.get(num(t.productoId)) }));
  }

  /** Products × marketplaces with their text counts and review state. */
  async vista(filters: ReviewFilters): Promise<VistaRow[]> {
    const products = await this.filteredProducts(filters);
    const ids = products.map((p) => num(p.id));
    const [texts, generals, marketplaces] = await Promise.all([
      this.textsOf(ids, filters),
      this.generalsOf(ids),
      this.repo(MARKETPLACES).find(),
    ]);
    const codigo = new Map(marketplaces.map((m) => [num(m.id), m.codigo as string]));
    const byProduct = new Map(products.map((p) => [num(p.id), p]));
    const groups = new Map<string, VistaRow>();
    for (const text of texts) {
      const productoId = num(text.productoId);
      const marketplaceId = num(text.marketplaceId);
      const key = `${productoId}|${marketplaceId}`;
      let group = groups.get(key);
      if (!group) {
        const product = byProduct.get(productoId);
        group = {
          productoId,
          nombre: String(product?.nombre ?? ''),
          titulo: generals.get(productoId)?.titulo as string | undefined,
          categorias: product?.categorias as string | undefined,
          activoEnMarketplace: (product?.activoEnMarketplace as string | null | undefined) ?? null,
          marketplaceId,
          marketplaceCodigo: codigo.get(marketplaceId),
          marketplacePromptId: text.marketplacePromptId as number | undefined,
          total: 0,
          revisados: 0,
          estado: '',
          textIds: [],
        };
        groups.set(key, group);
      }
      group.total += 1;
      group.textIds.push(num(text.id));
      if (text.revisado_sn === 'S') group.revisados += 1;
      const fecha = text.fechaGeneracion ? new Date(text.fechaGeneracion as string).toISOString() : undefined;
      if (fecha && (!group.fechaGeneracion || fecha > group.fechaGeneracion)) group.fechaGeneracion = fecha;
    }
    const rows = [...groups.values()].map((row) => ({
      ...row,
      estado: estadoRevisionDeConteo(row.total, row.revisados),
    }));
    return rows
      .filter((row) => !filters.revision || row.estado === filters.revision)
      .sort(
        (a, b) =>
          a.nombre.localeCompare(b.nombre) ||
          String(a.marketplaceCodigo).localeCompare(String(b.marketplaceCodigo)),
      );
  }

  /** Review state of TextosGenerados `ids` (of visible products) → count changed. */
  async setRevisado(ids: readonly number[], nuevoEstado: 'S' | 'N'): Promise<{ count: number }> {
    if (!ids.length) return { count: 0 };
    const texts = await this.repo(TEXTS).find({
      where: { id: { inq: [...ids] } },
      fields: { id: true, productoId: true },
    });
    const visible = await this.visibleProductIds([...new Set(texts.map((t) => num(t.productoId)))]);
    const allowed = texts.filter((t) => visible.has(num(t.productoId))).map((t) => num(t.id));
    if (!allowed.length) return { count: 0 };
    return this.repo(TEXTS).updateAll({ revisado_sn: nuevoEstado }, { id: { inq: allowed } });
  }

  /** Stores or updates texts (edited in the review screen) → the texts as stored. */
  async guardar(idPrompt: number | undefined, body: readonly TextInput[]): Promise<AnyObject[]> {
    const out: AnyObject[] = [];
    const productIds = new Set<number>();
    const byId = new Map<number, Row>();
    const ids = body.map((t) => t.id).filter((id): id is number => typeof id === 'number');
    if (ids.length)
      for (const row of await this.repo(TEXTS).find({ where: { id: { inq: ids } } }))
        byId.set(num(row.id), row);
    for (const text of body) {
      const existing = text.id !== undefined ? byId.get(text.id) : undefined;
      if (text.id !== undefined && !existing) throw unprocessable(`Texto generado ${text.id} no encontrado`);
      productIds.add(num(existing?.productoId ?? text.productoId));
    }
    const visible = await this.visibleProductIds([...productIds]);
    const hidden = [...productIds].filter((id) => !visible.has(id));
    if (hidden.length)
      throw unprocessable(`Productos no encontrados: ${hidden.join(', ')}`, 'INVALID_PRODUCTS');
    const prompt = idPrompt ? (await this.repo(PROMPTS).find({ where: { id: idPrompt } }))[0] : undefined;
    if (idPrompt && !prompt) throw unprocessable(`Prompt ${idPrompt} no encontrado`, 'INVALID_PROMPTS');
    for (const text of body) {
      const existing = text.id !== undefined ? byId.get(text.id) : undefined;
      const changes: AnyObject = {};
      if (typeof text.texto === 'string') changes.texto = text.texto;
      if (text.revisado_sn === 'S' || text.revisado_sn === 'N') changes.revisado_sn = text.revisado_sn;
      if (existing) {
        if (Object.keys(changes).length) await this.repo(TEXTS).updateById(existing.id, changes);
        out.push({ ...plainOf(existing), ...changes });
        continue;
      }
      const promptId = text.marketplacePromptId ?? idPrompt;
      if (!text.campo || !promptId)
        throw unprocessable('Cada texto nuevo necesita campo y marketplacePromptId');
      const thePrompt =
        prompt && num(prompt.id) === promptId
          ? prompt
          : (await this.repo(PROMPTS).find({ where: { id: promptId } }))[0];
      if (!thePrompt) throw unprocessable(`Prompt ${promptId} no encontrado`, 'INVALID_PROMPTS');
      const idioma = text.idioma ?? DEFAULT_LANGUAGE;
      const [same] = await this.repo(TEXTS).find({
        where: { productoId: text.productoId, marketplacePromptId: promptId, campo: text.campo, idioma },
      });
      if (same) {
        await this.repo(TEXTS).updateById(same.id, changes);
        out.push({ ...plainOf(same), ...changes });
      } else {
        out.push(
          await this.repo(TEXTS).create({
            productoId: text.productoId,
            marketplacePromptId: promptId,
            marketplaceId: thePrompt.marketplaceId,
            idioma,
            campo: text.campo,
            texto: text.texto ?? '',
            revisado_sn: changes.revisado_sn ?? 'N',
            fechaGeneracion: isoNow(),
          }),
        );
      }
    }
    return out;
  }

  // ---- prompts ----

  async existePrompt(marketplaceId: number, categoria: string, idExcluir?: number): Promise<boolean> {
    const rows = await this.repo(PROMPTS).find({ where: { marketplaceId } });
    const key = categoria.trim().toLowerCase();
    return rows.some(
      (row) =>
        String(row.categoriaCodigo ?? '')
          .trim()
          .toLowerCase() === key && num(row.id) !== idExcluir,
    );
  }

  /** For each visible product and marketplace, the prompt that applies (by category), or none. */
  async promptsParaProductos(
    productIds: readonly number[],
    marketplaceIds: readonly number[],
  ): Promise<{
    pares: { productoId: number; marketplaceId: number; marketplacePromptId: number }[];
    sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[];
  }> {
    const [products, prompts, categorias] = await Promise.all([
      this.visibleProducts(productIds),
      this.repo(PROMPTS).find(
        marketplaceIds.length ? { where: { marketplaceId: { inq: [...marketplaceIds] } } } : {},
      ),
      this.repo(CATEGORIES).find().then(asCategorias),
    ]);
    const mps = marketplaceIds.length
      ? marketplaceIds
      : [...new Set(prompts.map((p) => num(p.marketplaceId)))];
    const pares: { productoId: number; marketplaceId: number; marketplacePromptId: number }[] = [];
    const sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[] = [];
    const typed = prompts.map((p) => ({ ...p, id: num(p.id), marketplaceId: num(p.marketplaceId) }));
    for (const product of products) {
      const keys = categoryKeys(product.categorias, categorias, product.empresaId);
      for (const marketplaceId of mps) {
        const prompt = promptForProduct(keys, typed, marketplaceId);
        if (prompt)
          pares.push({ productoId: num(product.id), marketplaceId, marketplacePromptId: prompt.id });
        else if (marketplaceIds.length)
          sinPrompt.push({ productoId: num(product.id), nombre: String(product.nombre), marketplaceId });
      }
    }
    return { pares, sinPrompt };
  }
}
