/**
 * Retention of the product history (per company, in its global settings): keep the newest `versionesHistorial`
 * versions of each product and none older than `diasHistorial` days (empty or 0: no such bound; defaults 100
 * versions and 365 days). The count bound is kept on every write (the product's oldest versions beyond it go in
 * the same transaction); the age bound by a purge run at start and then periodically, in bounded batches so a
 * large backlog never holds the store for long.
 */
import type { Options } from '@loopback/repository';
import type { RepositorySet } from '../../repository-set';
import { namesOf, run, sqlConnectorOf, statement } from '../../sql';

export const DEFAULT_KEEP_VERSIONS = 100;
export const DEFAULT_KEEP_DAYS = 365;
/** Consecutive saves of one user from one origin within this time are one version. */
export const MERGE_WINDOW_MS = 60_000;

const DAY_MS = 24 * 3600 * 1000;
const SETTINGS_TTL_MS = 30_000;

export interface Retention {
  versions: number;
  days: number;
}

const bound = (value: unknown, fallback: number): number => {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

const cache = new Map<number, { at: number; retention: Retention }>();

/** Forget the cached settings (after the settings change, and in tests). */
export const forgetRetention = (): void => cache.clear();

export async function retentionOf(repos: RepositorySet, empresaId: number): Promise<Retention> {
  const cached = cache.get(empresaId);
  if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.retention;
  const [settings] = await repos.repository('parametrosGlobales').find({ where: { empresaId }, limit: 1 });
  const retention = {
    versions: bound(settings?.versionesHistorial, DEFAULT_KEEP_VERSIONS),
    days: bound(settings?.diasHistorial, DEFAULT_KEEP_DAYS),
  };
  cache.set(empresaId, { at: Date.now(), retention });
  return retention;
}

/** Removes a product's versions beyond the newest `keep` (in `options`' transaction). */
export async function capVersions(
  repos: RepositorySet,
  productoId: number,
  keep: number,
  options?: Options,
): Promise<void> {
  if (keep <= 0) return;
  const history = repos.repository('historial');
  const old = await history.find(
    { where: { productoId }, order: ['id DESC'], skip: keep, limit: 200, fields: { id: true } },
    options,
  );
  if (old.length) await history.deleteAll({ id: { inq: old.map((row) => row.id) } }, options);
}

export interface PurgeOptions {
  /** Rows one statement deletes at most (default 10,000): a large backlog never holds the store for long. */
  batch?: number;
  /** Statements one run makes at most (default 100: a million rows), the rest waits for the next run. */
  maxBatches?: number;
  now?: Date;
  /** The history tables purged (default: the product history and the reference data's). */
  resources?: readonly string[];
}

/** The history tables the purge keeps bounded; each has `empresaId` and `fecha`, indexed together. */
export const HISTORY_RESOURCES = ['historial', 'historial-referencias'] as const;

interface Scope {
  /** One company's rows, or (none) the rows of the companies without their own settings. */
  empresaId?: number;
  others?: number[];
  days: number;
}

/** The rows a statement deleted, as the MySQL and PostgreSQL connectors report it. */
const affected = (result: unknown): number => {
  const info = result as { affectedRows?: number; count?: number } | undefined;
  return Number(info?.affectedRows ?? info?.count ?? 0);
};

/**
 * Deletes the next (at most) `batch` rows of `scope` dated before `cutoff`, in id order after `afterId`
 * (keyset: a batch never reads again what earlier batches deleted), with two statements both engines run
 * alike and indexes serve: the last id of the batch (`SELECT MAX(id) FROM (SELECT id … ORDER BY id LIMIT n)`),
 * then `DELETE … WHERE <scope> AND id > afterId AND id <= last` (a primary key range). Answers how many rows
 * went and the last id reached (undefined: nothing left). Without SQL (no connector): a find and a delete by
 * ids.
 */
async function deleteBatch(
  repos: RepositorySet,
  resource: string,
  scope: Scope,
  cutoff: Date,
  batch: number,
  afterId: number,
): Promise<{ count: number; lastId?: number }> {
  const repo = repos.repository(resource);
  const connector = sqlConnectorOf(repo.dataSource);
  const others = scope.others ?? [];
  const companyWhere =
    scope.empresaId !== undefined
      ? { empresaId: scope.empresaId }
      : others.length
        ? { or: [{ empresaId: { nin: others } }, { empresaId: null }] }
        : undefined;
  const conditions: object[] = [{ fecha: { lt: cutoff } }, { id: { gt: afterId } }];
  if (companyWhere) conditions.unshift(companyWhere);
  if (!connector) {
    const rows = await repo.find({
      where: { and: conditions },
      order: ['id ASC'],
      limit: batch,
      fields: { id: true },
    });
    if (!rows.length) return { count: 0 };
    const ids = rows.map((row) => Number(row.id));
    return { count: (await repo.deleteAll({ id: { inq: ids } })).count, lastId: Math.max(...ids) };
  }
  const model = repo.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  const [found] = await run(
    connector,
    statement(connector, model, `SELECT MAX(${c('id')}) AS last_id FROM (SELECT ${c('id')} FROM ${t} `)
      .merge(connector.buildWhere(model, { and: conditions }))
      .merge(`ORDER BY ${c('id')} LIMIT ${Math.floor(batch)}) batch`),
  );
  const last = found?.last_id;
  if (last === null || last === undefined) return { count: 0 };
  const lastId = Number(last);
  const removed = await run(
    connector,
    statement(connector, model, `DELETE FROM ${t} `).merge(
      connector.buildWhere(model, { and: [...conditions, { id: { lte: lastId } }] }),
    ),
  );
  return { count: affected(removed), lastId };
}

/**
 * Deletes the versions older than each company's bound (product and reference data history), `batch` rows a
 * statement and at most `maxBatches` statements a run, letting other requests in between; returns how many
 * went.
 */
export async function purgeHistory(repos: RepositorySet, opts: PurgeOptions = {}): Promise<number> {
  const batch = Math.max(1, opts.batch ?? 10_000);
  const maxBatches = opts.maxBatches ?? 100;
  const now = (opts.now ?? new Date()).getTime();
  const resources = (opts.resources ?? HISTORY_RESOURCES).filter((name) => repos.repositories.has(name));
  const settings = await repos
    .repository('parametrosGlobales')
    .find({ fields: { id: true, empresaId: true } });
  forgetRetention();
  const configured = [...new Set(settings.map((row) => Number(row.empresaId)).filter(Number.isFinite))];
  const scopes: Scope[] = [];
  for (const empresaId of configured) {
    scopes.push({ empresaId, days: (await retentionOf(repos, empresaId)).days });
  }
  scopes.push({ others: configured, days: DEFAULT_KEEP_DAYS });
  let removed = 0;
  let batches = 0;
  for (const resource of resources) {
    for (const scope of scopes) {
      if (scope.days <= 0) continue;
      const cutoff = new Date(now - scope.days * DAY_MS);
      let afterId = 0;
      while (batches < maxBatches) {
        batches += 1;
        const { count, lastId } = await deleteBatch(repos, resource, scope, cutoff, batch, afterId);
        removed += count;
        if (lastId === undefined) break;
        afterId = lastId;
        // other requests run between two batches
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  return removed;
}
