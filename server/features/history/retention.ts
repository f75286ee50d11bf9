/**
 * Retention of the product history (per company, in its global settings): keep the newest `versionesHistorial`
 * versions of each product and none older than `diasHistorial` days (empty or 0: no such bound; defaults 100
 * versions and 365 days). The count bound is kept on every write (the product's oldest versions beyond it go in
 * the same transaction); the age bound by a purge run at start and then periodically, in bounded batches so a
 * large backlog never holds the store for long.
 */
import type { Options } from '@loopback/repository';
import { rowsAsFound } from '../../plain-rows';
import type { PlainRow, RepositorySet } from '../../repository-set';
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

/**
 * A product's newest version, and the id of its `keep`-th newest (none when it has fewer), in one statement on a
 * SQL store: what a save needs to know whether it joins the newest version, and, when it opens a new one,
 * which older versions then go (`capBefore`) — without counting them again. Undefined where this cannot be
 * answered in one statement (the caller reads the newest version and caps on its own).
 */
export async function newestVersions(
  repos: RepositorySet,
  productoId: number,
  keep: number,
  options?: Options,
): Promise<{ newest?: PlainRow; edge?: number } | undefined> {
  const history = repos.repository('historial');
  const connector = sqlConnectorOf(history.dataSource);
  if (!connector || keep <= 0) return undefined;
  const model = history.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  const columns = connector.buildColumnNames(model, {});
  const nth = (which: number) =>
    `(SELECT ${which} AS pim_which, ${columns} FROM ${t} WHERE ${c('productoId')} = ? ` +
    `ORDER BY ${c('id')} DESC LIMIT 1 OFFSET ${which === 0 ? 0 : Math.floor(keep) - 1})`;
  const rows = await run(
    connector,
    statement(connector, model, `${nth(0)} UNION ALL ${nth(1)}`, [productoId, productoId]),
    options,
  );
  const read = rowsAsFound(history.modelClass, history.entityClass, rows);
  if (!read) return undefined;
  const at = (which: number) => read[rows.findIndex((row) => Number(row.pim_which) === which)];
  const edge = at(1);
  return { newest: at(0), edge: edge ? Number(edge.id) : undefined };
}

/** Removes a product's versions up to `edge` (newestVersions' answer, before a new version was added). */
export async function capBefore(
  repos: RepositorySet,
  productoId: number,
  edge: number,
  options?: Options,
): Promise<void> {
  await repos.repository('historial').deleteAll({ and: [{ productoId }, { id: { lte: edge } }] }, options);
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
  /** Ids one statement covers (default 10,000): a large backlog never holds the store for long. */
  batch?: number;
  /** Statements one run makes per table at most (default 100: a million ids), the rest waits for the next run. */
  maxBatches?: number;
  now?: Date;
  /** The history tables purged (default: the product history and the reference data's). */
  resources?: readonly string[];
  /** True once the server is stopping: no further statement starts (the rest waits for the next run). */
  stopped?: () => boolean;
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

/** The rows of every scope older than its bound, as one condition. */
function expiredWhere(scopes: readonly Scope[], now: number): object | undefined {
  const parts: object[] = [];
  for (const scope of scopes) {
    if (scope.days <= 0) continue;
    const older = { fecha: { lt: new Date(now - scope.days * DAY_MS) } };
    const others = scope.others ?? [];
    if (scope.empresaId !== undefined) parts.push({ and: [{ empresaId: scope.empresaId }, older] });
    else if (others.length)
      parts.push({ and: [{ or: [{ empresaId: { nin: others } }, { empresaId: null }] }, older] });
    else parts.push(older);
  }
  return parts.length ? (parts.length === 1 ? parts[0] : { or: parts }) : undefined;
}

/**
 * Deletes the expired rows of `resource` in windows of `batch` ids, from the lowest id up (old versions have
 * the low ids: a version is created with the time of its write and later merges only move it forward): one
 * `DELETE … WHERE <expired> AND id > a AND id <= a + batch` per window, a primary key range both engines run
 * alike whatever their planner thinks of the other indexes, reading and deleting at most `batch` rows.
 * Answers the rows removed and the windows used.
 */
async function purgeResource(
  repos: RepositorySet,
  resource: string,
  expired: object,
  batch: number,
  maxBatches: number,
  stopped: () => boolean,
): Promise<{ removed: number; batches: number }> {
  const repo = repos.repository(resource);
  const connector = sqlConnectorOf(repo.dataSource);
  let removed = 0;
  let batches = 0;
  if (!connector) {
    while (batches < maxBatches && !stopped()) {
      batches += 1;
      const rows = await repo.find({ where: expired, limit: batch, fields: { id: true } });
      if (!rows.length) break;
      removed += (await repo.deleteAll({ id: { inq: rows.map((row) => row.id) } })).count;
    }
    return { removed, batches };
  }
  const model = repo.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  const [range] = await run(
    connector,
    statement(connector, model, `SELECT MIN(${c('id')}) AS min_id, MAX(${c('id')}) AS max_id FROM ${t}`),
  );
  if (range?.min_id === null || range?.min_id === undefined) return { removed, batches };
  const last = Number(range.max_id);
  for (
    let from = Number(range.min_id) - 1;
    from < last && batches < maxBatches && !stopped();
    from += batch
  ) {
    batches += 1;
    const window = { and: [expired, { id: { gt: from } }, { id: { lte: from + batch } }] };
    removed += affected(
      await run(
        connector,
        statement(connector, model, `DELETE FROM ${t} `).merge(connector.buildWhere(model, window)),
      ),
    );
    // other requests run between two windows
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { removed, batches };
}

/**
 * Deletes the versions older than each company's bound (product and reference data history), in windows of
 * `batch` ids and at most `maxBatches` statements per table and run, letting other requests in between;
 * returns how many went.
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
  const expired = expiredWhere(scopes, now);
  if (!expired) return 0;
  const stopped = opts.stopped ?? (() => false);
  let removed = 0;
  for (const resource of resources) {
    if (stopped()) break;
    removed += (await purgeResource(repos, resource, expired, batch, maxBatches, stopped)).removed;
  }
  return removed;
}
