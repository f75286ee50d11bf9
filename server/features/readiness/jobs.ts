/**
 * Recomputation jobs: after a change that may move the scores of many products (a rule, a prompt or a
 * marketplace; a company's category, family or attribute), a row in trabajos-preparacion tracks the work —
 * state, products to do, products done, the last product reached — and one runner per process goes through
 * the products in bounded batches (id order), saving the progress after each, so a restart resumes where it
 * stopped and a large catalogue never holds the store for long. A job not yet started absorbs a second change
 * of the same scope (it reads the rules when it starts, so it sees both).
 */
import type { AnyObject, Where } from '@loopback/repository';
import type { RepositorySet } from '../../repository-set';
import { loadCatalog, recompute } from './compute';

export const JOBS = 'trabajos-preparacion';
/** Products per step: small enough that a stopping server waits for the step in flight only briefly. */
export const DEFAULT_BATCH = 50;

export interface JobRunner {
  /** Records a job (or joins a pending one of the same scope) and starts the runner; answers the job's id. */
  schedule(motivo: string, empresaId?: number): Promise<number>;
  /** Resolves when no job is pending or running (tests, the bench). */
  idle(): Promise<void>;
  /** Resumes jobs a previous run left unfinished. */
  resume(): Promise<void>;
  /** No new step starts; resolves once the step in flight has ended (at most `waitMs`). */
  stop(waitMs?: number): Promise<void>;
}

export function jobRunner(repos: RepositorySet, batch = DEFAULT_BATCH): JobRunner {
  const jobs = () => repos.repository(JOBS);
  let running: Promise<void> | undefined;
  let stopped = false;
  /** A job was scheduled since the runner last looked for one. */
  let again = false;

  const scopeWhere = (empresaId: unknown): Where<AnyObject> =>
    empresaId === null || empresaId === undefined ? {} : { empresaId: Number(empresaId) };

  async function runOne(job: AnyObject): Promise<void> {
    const id = Number(job.id);
    const where = scopeWhere(job.empresaId);
    const products = repos.repository('productos');
    const total = (await products.count(where)).count;
    let hechos = Number(job.hechos ?? 0);
    let ultimoId = Number(job.ultimoId ?? 0);
    await jobs().updateById(id, { estado: 'en curso', total });
    try {
      const catalog = await loadCatalog(repos);
      while (!stopped) {
        const page = await products.find({
          where: { and: [where, { id: { gt: ultimoId } }] },
          order: ['id ASC'],
          limit: batch,
          fields: { id: true },
        });
        if (!page.length) break;
        const ids = page.map((row) => Number(row.id));
        catalog.categories.clear();
        await recompute(repos, ids, {}, catalog);
        hechos += ids.length;
        ultimoId = ids[ids.length - 1];
        await jobs().updateById(id, { hechos, ultimoId });
        if (page.length < batch) break;
      }
      if (!stopped) await jobs().updateById(id, { estado: 'terminado', hechos, fin: new Date() });
    } catch (err) {
      await jobs()
        .updateById(id, {
          estado: 'error',
          error: err instanceof Error ? err.message : String(err),
          fin: new Date(),
        })
        .catch(() => undefined);
      console.error('readiness: recomputation failed', err);
    }
  }

  async function drain(): Promise<void> {
    again = false;
    while (!stopped) {
      const [next] = await jobs().find({
        where: { estado: { inq: ['pendiente', 'en curso'] } },
        order: ['id ASC'],
        limit: 1,
      });
      if (!next) return;
      await runOne(next.toObject() as AnyObject);
    }
  }

  const kick = () => {
    if (running || stopped) return;
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(drain)
      .catch((err: unknown) => console.error('readiness: job runner failed', err))
      .finally(() => {
        running = undefined;
        if (again) kick();
      });
  };

  return {
    async schedule(motivo, empresaId) {
      const scope = { empresaId: empresaId === undefined ? null : Number(empresaId) };
      const [pending] = await jobs().find({ where: { and: [{ estado: 'pendiente' }, scope] }, limit: 1 });
      let id: number;
      if (pending) id = Number(pending.id);
      else {
        const created = await jobs().create({
          motivo: motivo.slice(0, 255),
          empresaId: empresaId ?? null,
          estado: 'pendiente',
          total: 0,
          hechos: 0,
          ultimoId: 0,
          inicio: new Date(),
        });
        id = Number(created.id);
      }
      again = true;
      kick();
      return id;
    },
    async idle() {
      while (running) await running;
    },
    async resume() {
      kick();
      await Promise.resolve();
    },
    async stop(waitMs = 3_000) {
      stopped = true;
      if (!running) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
