/**
 * Retention of the product history (per company, in its global settings): keep the newest `versionesHistorial`
 * versions of each product and none older than `diasHistorial` days (empty or 0: no such bound; defaults 100
 * versions and 365 days). The count bound is kept on every write (the product's oldest versions beyond it go in
 * the same transaction); the age bound by a purge run at start and then periodically, in bounded batches so a
 * large backlog never holds the store for long.
 */
import type { Options } from '@loopback/repository';
import type { RepositorySet } from '../../repository-set';

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
  batch?: number;
  maxBatches?: number;
  now?: Date;
}

/** Deletes versions older than each company's bound, `batch` rows at a time; returns how many went. */
export async function purgeHistory(repos: RepositorySet, opts: PurgeOptions = {}): Promise<number> {
  const batch = opts.batch ?? 1000;
  const maxBatches = opts.maxBatches ?? 100;
  const now = (opts.now ?? new Date()).getTime();
  const history = repos.repository('historial');
  const settings = await repos
    .repository('parametrosGlobales')
    .find({ fields: { id: true, empresaId: true } });
  forgetRetention();
  const configured = settings.map((row) => Number(row.empresaId)).filter(Number.isFinite);
  const scopes: { where: object; days: number }[] = [];
  for (const empresaId of configured) {
    scopes.push({ where: { empresaId }, days: (await retentionOf(repos, empresaId)).days });
  }
  scopes.push({ where: { empresaId: { nin: configured } }, days: DEFAULT_KEEP_DAYS });
  let removed = 0;
  let batches = 0;
  for (const scope of scopes) {
    if (scope.days <= 0) continue;
    const cutoff = new Date(now - scope.days * DAY_MS);
    while (batches < maxBatches) {
      const rows = await history.find({
        where: { and: [scope.where, { fecha: { lt: cutoff } }] },
        order: ['id ASC'],
        limit: batch,
        fields: { id: true },
      });
      if (!rows.length) break;
      batches += 1;
      removed += (await history.deleteAll({ id: { inq: rows.map((row) => row.id) } })).count;
      if (rows.length < batch) break;
    }
  }
  return removed;
}
