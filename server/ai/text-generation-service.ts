/**
 * Text generation over the datastore (docs/requirements.md#r7-api "Text generation"). Every operation is company-scoped through the
 * products: the caller only reads, generates or reviews texts of products it can see (CompanyAccess).
 *
 * Queue rows (ProductosGeneracionTextos): procesado 'N' = pending. Processing one row generates every
 * campo of its prompt in each of its languages (`idiomas`, default 'es'), then writes them to TextosGenerados
 * with revisado_sn 'N'; a text already reviewed (revisado_sn 'S') is kept unless `sobrescribirRevisados` is
 * given (the app asks the user first). The row ends procesado 'S' and estado 'Ejecutado', or 'NoEjecutado'
 * with the reason in `motivo` when the generator fails or times out (nothing of that row is written).
 *
 * One entry point over one file per job (text-generation/): the caller's scope (scope.ts), the queue
 * (queue.ts), running it (queue-run.ts, store-texts.ts), generating without storing (direct.ts), reading and
 * reviewing (review.ts) and prompts (prompts.ts).
 */
import type { ProcessSummary, QueueItem, RowResult } from '../../src/core/aiTexts/contract';
import type { Row } from '../repositories';
import type { PlainRow, RepositorySet } from '../repository-set';
import type { CompanyAccess } from '../auth/keys';
import type { Budget } from './budget';
import { StoredClaims } from './claims';
import type { TextGenerator } from './generator';
import { DirectGeneration } from './text-generation/direct';
import { PromptLookup } from './text-generation/prompts';
import { GenerationQueue } from './text-generation/queue';
import { QueueRun } from './text-generation/queue-run';
import { TextReview } from './text-generation/review';
import { TextScope } from './text-generation/scope';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_REQUEST_BUDGET_MS,
  type GenerationOptions,
  type QueueClaims,
  type ReviewFilters,
  type TextInput,
  type VistaPage,
  type VistaRow,
} from './text-generation/shared';

export type { ProcessSummary, QueueItem, RowResult };
export {
  CANCELLED_REASON,
  CATEGORIES,
  DEFAULT_CONCURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_REQUEST_BUDGET_MS,
  GENERALS,
  LANGUAGES,
  MANUAL_BATCH,
  MARKETPLACES,
  PRODUCTS,
  PROMPTS,
  QUEUE,
  TEXTS,
} from './text-generation/shared';
export type {
  ClaimOutcome,
  GenerationOptions,
  QueueClaims,
  ReviewFilters,
  TextInput,
  VistaRow,
} from './text-generation/shared';

export class TextGenerationService {
  private readonly options: GenerationOptions;
  private readonly scope: TextScope;
  private readonly queue: GenerationQueue;
  private readonly run: QueueRun;
  private readonly direct: DirectGeneration;
  private readonly review: TextReview;
  private readonly prompts: PromptLookup;

  constructor(
    repos: RepositorySet,
    access: CompanyAccess,
    generator: TextGenerator,
    claims: QueueClaims,
    options: Partial<GenerationOptions> = {},
  ) {
    this.options = {
      requestBudgetMs: options.requestBudgetMs ?? DEFAULT_REQUEST_BUDGET_MS,
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    };
    // the claims every API process on the database sees
    const stored = new StoredClaims(repos.generationClaims);
    this.scope = new TextScope(repos, access);
    this.queue = new GenerationQueue(this.scope, claims, stored);
    this.run = new QueueRun(this.scope, generator, claims, stored, this.options.concurrency);
    this.direct = new DirectGeneration(this.scope, generator, this.options);
    this.review = new TextReview(this.scope);
    this.prompts = new PromptLookup(this.scope);
  }

  /** The budget of one interactive request. */
  get requestBudgetMs(): number {
    return this.options.requestBudgetMs;
  }

  /** Products the caller can see, optionally only `ids`. */
  visibleProducts(ids?: readonly number[]): Promise<Row[]> {
    return this.scope.visibleProducts(ids);
  }

  activeLanguages(): Promise<string[]> {
    return this.scope.activeLanguages();
  }

  createMany(items: readonly QueueItem[]): Promise<Row[]> {
    return this.queue.createMany(items);
  }

  cancel(ids: readonly number[]): Promise<{ count: number; enProceso: number[] }> {
    return this.queue.cancel(ids);
  }

  process(options: Parameters<QueueRun['process']>[0]): Promise<ProcessSummary> {
    return this.run.process(options);
  }

  generarSinGuardar(item: QueueItem, budget?: Budget): Promise<PlainRow[]> {
    return this.direct.generarSinGuardar(item, budget);
  }

  pruebas(...args: Parameters<DirectGeneration['pruebas']>): ReturnType<DirectGeneration['pruebas']> {
    return this.direct.pruebas(...args);
  }

  textosProducto(idProducto: number): Promise<PlainRow[]> {
    return this.review.textosProducto(idProducto);
  }

  revisados(filters: ReviewFilters): Promise<PlainRow[]> {
    return this.review.revisados(filters);
  }

  vista(filters: ReviewFilters, page?: VistaPage): Promise<{ rows: VistaRow[]; total: number }> {
    return this.review.vista(filters, page);
  }

  setRevisado(ids: readonly number[], nuevoEstado: 'S' | 'N'): Promise<{ count: number }> {
    return this.review.setRevisado(ids, nuevoEstado);
  }

  guardar(idPrompt: number | undefined, body: readonly TextInput[]): Promise<PlainRow[]> {
    return this.review.guardar(idPrompt, body);
  }

  existePrompt(marketplaceId: number, categoria: string, idExcluir?: number): Promise<boolean> {
    return this.prompts.existePrompt(marketplaceId, categoria, idExcluir);
  }

  promptsParaProductos(
    ...args: Parameters<PromptLookup['promptsParaProductos']>
  ): ReturnType<PromptLookup['promptsParaProductos']> {
    return this.prompts.promptsParaProductos(...args);
  }
}
