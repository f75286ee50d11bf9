/**
 * Recomputation jobs: after a change that may move the scores of many products (a rule, a prompt or a
 * marketplace: that marketplace's scores; a company's category, family or attribute: that company's), a row
 * in trabajos-preparacion tracks the work — scope, state, products to do, products done, the last product
 * reached — and one runner per process goes through the products in pages (keyset paging in id order, one
 * upsert of the scores per page, compute.ts), saving the progress after each, so a restart resumes where it
 * stopped and a large catalogue never holds the store for long. A job not yet started absorbs a later change
 * its scope covers (it reads the rules when it starts, so it sees both).
 *
 * Every change recorded bumps the job's `cambios` (a new job starts at 1): their sum is the version of the
 * catalog the scores read (compute.ts catalogCache), so a cached catalog is read again after any change (in
 * this process at once through `onChange`, in another one through the version).
 */
import type { Where } from '@loopback/repository';
import type { RepositorySet, StoredEntity, StoredRecord } from '../../repository-set';
import { namesOf, run, sqlConnectorOf, statement } from '../../sql';
import { JOBS, loadCatalog, recomputePage, SCORES } from './compute';

export { JOBS };
/** Products per page: one upsert each; small enough that a stopping server waits for it only briefly. */
export const DEFAULT_BATCH = 500;

/** Which scores a job recomputes: one company's or all (empresaId), one marketplace's or all. */
export interface JobScope {
  empresaId?: number;
  marketplaceId?: number;
}

export interface JobRunner {
  /** Records a job (or joins a pending one whose scope covers it) and starts the runner; answers its id. */
  schedule(motivo: string, scope?: JobScope): Promise<number>;
  /** Resolves when no job is pending or running (tests, the bench). */
  idle(): Promise<void>;
  /** Resumes jobs a previous run left unfinished. */
  resume(): Promise<void>;
  /** No new step starts; resolves once the step in flight has ended (at most `waitMs`). */
  stop(waitMs?: number): Promise<void>;
}

const given = (value: unknown): number | undefined =>
  value === null || value === undefined || !Number.isFinite(Number(value)) ? undefined : Number(value);

/**
 * `batch`: products per page. `onChange` is called once a change is recorded (a job created or bumped): the
 * catalog's version has moved (compute.ts catalogCache `changed`).
 */
export function jobRunner(
  repos: RepositorySet,
  { batch = DEFAULT_BATCH, onChange = () => undefined }: { batch?: number; onChange?: () => void } = {},
): JobRunner {
  const jobs = () => repos.repository(JOBS);
  let running: Promise<void> | undefined;
  let stopped = false;
  /** A job was scheduled since the runner last looked for one. */
  let again = false;

  /** Adds one to a job's `cambios` in one statement (two changes at once both count). */
  async function bump(id: number): Promise<void> {
    const repo = jobs();
    const connector = sqlConnectorOf(repo.dataSource);
    if (!connector) {
      const [row] = await repo.find({ where: { id }, limit: 1 });
      await repo.updateById(id, { cambios: Number(row?.cambios ?? 0) + 1 });
      return;
    }
    const model = repo.entityClass.modelName;
    const { t, c } = namesOf(connector, model);
    await run(
      connector,
      statement(
        connector,
        model,
        `UPDATE ${t} SET ${c('cambios')} = COALESCE(${c('cambios')}, 0) + 1 WHERE ${c('id')} = ?`,
        [id],
      ),
    );
  }

  async function runOne(job: StoredRecord<typeof JOBS>): Promise<void> {
    const id = job.id;
    const empresaId = given(job.empresaId);
    const marketplaceId = given(job.marketplaceId);
    const where: { empresaId?: number } = empresaId === undefined ? {} : { empresaId };
    const products = repos.repository('productos');
    const total = (await products.count(where)).count;
    let hechos = Number(job.hechos ?? 0);
    let ultimoId = Number(job.ultimoId ?? 0);
    await jobs().updateById(id, { estado: 'en curso', total });
    try {
      const catalog = await loadCatalog(repos);
      if (marketplaceId !== undefined && !catalog.marketplaces.some((m) => m.id === marketplaceId)) {
        // the marketplace is gone: so are its scores
        await repos.repository(SCORES).deleteAll({ marketplaceId, ...where });
        hechos = total;
      } else {
        while (!stopped) {
          const page = await recomputePage(repos, catalog, where, ultimoId, batch, { marketplaceId });
          if (!page.count) break;
          hechos += page.count;
          ultimoId = page.lastId;
          await jobs().updateById(id, { hechos, ultimoId });
          if (page.count < batch) break;
        }
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
      await runOne(next.toObject());
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

  /** A pending job whose scope covers `scope` (all companies covers one; all marketplaces covers one). */
  async function pendingCovering(scope: JobScope): Promise<number | undefined> {
    const covers = (field: keyof JobScope): Where<StoredEntity<typeof JOBS>> => {
      const every = { [field]: { eq: null } };
      return scope[field] === undefined ? every : { or: [every, { [field]: scope[field] }] };
    };
    const [pending] = await jobs().find({
      where: { and: [{ estado: 'pendiente' }, covers('empresaId'), covers('marketplaceId')] },
      order: ['id ASC'],
      limit: 1,
    });
    return pending ? Number(pending.id) : undefined;
  }

  return {
    async schedule(motivo, scope = {}) {
      let id = await pendingCovering(scope);
      if (id !== undefined) await bump(id);
      else {
        const created = await jobs().create({
          motivo: motivo.slice(0, 255),
          empresaId: scope.empresaId ?? null,
          marketplaceId: scope.marketplaceId ?? null,
          estado: 'pendiente',
          total: 0,
          hechos: 0,
          ultimoId: 0,
          cambios: 1,
          inicio: new Date(),
        });
        id = Number(created.id);
      }
      onChange();
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
