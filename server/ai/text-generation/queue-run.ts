/**
 * Running the queue: each pending row under its claim (in this process and in the database), its texts
 * generated campo × idioma a few at a time within the request's budget, then stored, and the row marked
 * 'Ejecutado' or 'NoEjecutado' with the reason.
 */
import { randomUUID } from 'node:crypto';
import { camposDePrompt } from '../../../src/core/aiTexts/fields';
import type { ProcessSummary, RowResult } from '../../../src/core/aiTexts/contract';
import { mapPool } from '../../../src/core/pool';
import type { Row } from '../../repositories';
import { requestBudget, type Budget } from '../budget';
import type { StoredClaims } from '../claims';
import { GenerationError, type ProductData, type TextGenerator } from '../generator';
import type { TextScope } from './scope';
import {
  DEFAULT_LANGUAGE,
  idiomasKey,
  isPending,
  MARKETPLACES,
  num,
  PENDING,
  PRODUCTS,
  PROMPTS,
  QUEUE,
  type ClaimOutcome,
  type QueueClaims,
} from './shared';
import { storeTexts } from './store-texts';
import type { Where } from '@loopback/repository';
import type { PlainRow, StoredEntity } from '../../repository-set';

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

export class QueueRun {
  constructor(
    private readonly scope: TextScope,
    private readonly generator: TextGenerator,
    private readonly claims: QueueClaims,
    private readonly stored: StoredClaims,
    private readonly concurrency: number,
  ) {}

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
    // Pending rows of visible products, the first `limit` of them read (the rest only counted).
    const conditions: Where<StoredEntity<typeof QUEUE>>[] = [PENDING];
    if (options.ids) conditions.unshift({ id: { inq: options.ids } });
    const visible = this.scope.ofVisibleProducts('productoId');
    if (visible) conditions.push(visible);
    const where: Where<StoredEntity<typeof QUEUE>> = { and: conditions };
    const queue = this.scope.repo(QUEUE);
    const batch = await queue.find({ where, order: ['id ASC'], limit: options.limit });
    const mine =
      options.limit && batch.length >= options.limit ? (await queue.count(where)).count : batch.length;
    const summary: ProcessSummary = {
      procesados: 0,
      ejecutados: 0,
      fallidos: 0,
      conservados: 0,
      pendientes: mine - batch.length,
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
        const [row] = await this.scope.repo(QUEUE).find({ where: { id } });
        if (!row || !isPending(row)) return null;
      }
      try {
        const [row] = await this.scope.repo(QUEUE).find({ where: { id } });
        if (!row || !isPending(row)) return null;
        return await this.processRow(row, overwrite, budget, owner);
      } finally {
        await this.stored.release(id, token);
      }
    });
  }

  /** The generator calls of one product+prompt (campos × idiomas), a few at a time, in order. */
  private async generateAll(
    data: ProductData,
    campos: readonly { campo: string; prompt: string }[],
    idiomas: readonly string[],
    marketplace: string | undefined,
    signal: AbortSignal,
  ): Promise<PlainRow[]> {
    const calls = (idiomas.length ? idiomas : [DEFAULT_LANGUAGE]).flatMap((idioma) =>
      campos.map(({ campo, prompt }) => ({ campo, prompt, idioma })),
    );
    return mapPool(
      calls,
      this.concurrency,
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
      await this.scope.repo(QUEUE).updateById(row.id, { procesado: 'S', estado: 'NoEjecutado', motivo });
      return { ...base, estado: 'NoEjecutado', motivo, textos: 0, conservados: 0 };
    };
    const [product] = await this.scope.repo(PRODUCTS).find({ where: { id: base.productoId } });
    if (!product) return fail('El producto no existe');
    const [prompt] = await this.scope.repo(PROMPTS).find({ where: { id: base.marketplacePromptId } });
    if (!prompt) return fail('El prompt no existe');
    const campos = camposDePrompt(prompt);
    if (!campos.length) return fail('El prompt no tiene campos definidos');
    const [marketplace] = await this.scope.repo(MARKETPLACES).find({ where: { id: prompt.marketplaceId } });
    const data = await this.scope.productData(product);
    let generated: PlainRow[];
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
    const written = await storeTexts(
      this.scope,
      generated.map((g) => ({
        ...g,
        productoId: base.productoId,
        marketplacePromptId: base.marketplacePromptId,
      })),
      num(prompt.marketplaceId),
      overwrite,
    );
    const motivo = written.kept ? `${written.kept} texto(s) ya revisado(s) no se sobrescribieron` : null;
    await this.scope.repo(QUEUE).updateById(row.id, { procesado: 'S', estado: 'Ejecutado', motivo });
    return {
      ...base,
      estado: 'Ejecutado',
      ...(motivo ? { motivo } : {}),
      textos: written.written,
      conservados: written.kept,
    };
  }
}
