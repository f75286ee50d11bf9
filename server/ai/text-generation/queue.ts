/**
 * The queue of generation work (ProductosGeneracionTextos): adding rows (a pending row of the same product,
 * prompt and languages is reused) and cancelling pending ones no run holds.
 */
import { randomUUID } from 'node:crypto';
import type { QueueItem } from '../../../src/core/aiTexts/contract';
import type { Row } from '../../repositories';
import type { StoredClaims } from '../claims';
import type { TextScope } from './scope';
import {
  CANCELLED_REASON,
  idiomasKey,
  num,
  PENDING,
  PROMPTS,
  QUEUE,
  unprocessable,
  type QueueClaims,
} from './shared';
import type { PlainRow } from '../../repository-set';

export class GenerationQueue {
  constructor(
    private readonly scope: TextScope,
    private readonly claims: QueueClaims,
    private readonly stored: StoredClaims,
  ) {}

  async createMany(items: readonly QueueItem[]): Promise<Row[]> {
    if (!items.length) return [];
    const productIds = [...new Set(items.map((item) => item.productoId))];
    const visible = await this.scope.visibleProductIds(productIds);
    const missing = productIds.filter((id) => !visible.has(id));
    if (missing.length)
      throw unprocessable(`Productos no encontrados: ${missing.join(', ')}`, 'INVALID_PRODUCTS');
    const promptIds = [...new Set(items.map((item) => item.marketplacePromptId))];
    const prompts = await this.scope.repo(PROMPTS).find({
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
    const pending = await this.scope.repo(QUEUE).find({
      where: { and: [{ productoId: { inq: productIds } }, PENDING] },
      order: ['id ASC'],
    });
    const reusable = new Map<string, Row>();
    const itemKey = (row: PlainRow | QueueItem) =>
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
      const row = await this.scope.repo(QUEUE).create({
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
   * Marks the pending rows among `ids` (of visible products, not being processed right now) as cancelled:
   * procesado 'S', estado 'NoEjecutado', motivo CANCELLED_REASON — no later run picks them up.
   */
  async cancel(ids: readonly number[]): Promise<{ count: number; enProceso: number[] }> {
    if (!ids.length) return { count: 0, enProceso: [] };
    const rows = await this.scope.repo(QUEUE).find({ where: { and: [{ id: { inq: [...ids] } }, PENDING] } });
    const visible = await this.scope.visibleProductIds([...new Set(rows.map((row) => num(row.productoId)))]);
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
          const result = await this.scope
            .repo(QUEUE)
            .updateAll(
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
}
