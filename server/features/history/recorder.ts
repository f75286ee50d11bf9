/**
 * Writes the product history: a recordWrites hook on the products and on each part table turns the rows as they
 * were and as they are now into `cambios` and stores them as a version of the product — in the write's own
 * transaction on a store with transactions, so a change and its version are stored together or not at all.
 * Consecutive writes of one user from one origin within a minute (and all writes of one request) join one
 * version; a version whose changes cancel out is removed. Deleted products take their history with them.
 *
 * Set-based: one write of many rows reads their products at once; a product the write creates starts its first
 * version with no lookup (no earlier version to join, nothing to cap), and the first versions of many new
 * products are stored with one multi-row INSERT. Inside `recordingBatch` (the import's batch) the changes of
 * every write are gathered per product and stored once at its end, still in the transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Options } from '@loopback/repository';
import { mergeCambios, rowChanges, type Cambio, type Version } from '../../../src/core/history/versions';
import type { PlainRow, RepositorySet, StoredEntity, StoredRecord } from '../../repository-set';
import type { WriteRecord } from '../../write-rules';
import { writeContext } from './context';
import { PARTS, PRODUCT_FIELDS, fieldLabel, keyFields, partFields, rowKey, type Part } from './parts';
import { capBefore, capVersions, MERGE_WINDOW_MS, newestVersions, retentionOf } from './retention';
import { namesOf, run, sqlConnectorOf, statement, type SqlStatement } from '../../sql';

/** A stored version of a product, and the product a version is of. */
type VersionRow = StoredRecord<'historial'>;
type Product = StoredRecord<'productos'>;

/** Longest text kept whole in a version; longer values are cut (and marked) so one version stays storable. */
const MAX_VALUE_CHARS = 8000;

const cut = (value: unknown): unknown =>
  typeof value === 'string' && value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;

const storable = (cambio: Cambio): Cambio => {
  const anterior = cut(cambio.anterior);
  const nuevo = cut(cambio.nuevo);
  return anterior === cambio.anterior && nuevo === cambio.nuevo
    ? cambio
    : { ...cambio, anterior, nuevo, truncado: true };
};

export const parseCambios = (value: unknown): Cambio[] => {
  if (typeof value !== 'string' || !value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Cambio[]) : [];
  } catch {
    return [];
  }
};

export const toVersion = (row: VersionRow): Version => ({
  id: Number(row.id),
  productoId: Number(row.productoId),
  fecha: row.fecha instanceof Date ? row.fecha.toISOString() : String(row.fecha),
  usuario: String(row.usuario ?? ''),
  origen: row.origen as Version['origen'],
  cambios: parseCambios(row.cambios),
});

/**
 * Stores `cambios` as (part of) a version of product `productoId`. `created`: the write created the product,
 * so it has no version to join nor to cap.
 */
export async function storeChanges(
  repos: RepositorySet,
  product: Product,
  cambios: Cambio[],
  options: Options,
  created = false,
): Promise<void> {
  if (!cambios.length) return;
  const context = writeContext();
  const history = repos.repository('historial');
  const productoId = Number(product.id);
  const now = new Date();
  let target: VersionRow | undefined;
  /** Set when the newest versions were read with the retention's edge: the versions up to it go on a new one. */
  let newest: { newest?: PlainRow; edge?: number } | undefined;
  const joined = context.versions.get(productoId);
  if (joined !== undefined) {
    const [row] = await history.find({ where: { id: joined }, limit: 1 }, options);
    target = row?.toObject();
  } else if (!context.fresh && !created) {
    const retention = await retentionOf(repos, Number(product.empresaId));
    newest = await newestVersions(repos, productoId, retention.versions, options);
    const row = newest
      ? (newest.newest as VersionRow | undefined)
      : (await history.find({ where: { productoId }, order: ['id DESC'], limit: 1 }, options))[0]?.toObject();
    if (joinable(row, now)) target = row;
  }
  const stored = cambios.map(storable);
  if (target) {
    const merged = mergeCambios(parseCambios(target.cambios), stored);
    if (!merged.length) {
      await history.deleteById(target.id, options);
      context.versions.delete(productoId);
      return;
    }
    await rewriteVersions(repos, [{ id: Number(target.id), cambios: merged }], now, options);
    context.versions.set(productoId, Number(target.id));
    return;
  }
  // written by the server for a product it has just read: the write rules of the versions have nothing to check
  const [version] = await history.createAll([versionRow(product, stored, now)], options);
  context.versions.set(productoId, Number(version.id));
  if (created) return;
  if (newest) {
    if (newest.edge !== undefined) await capBefore(repos, productoId, newest.edge, options);
    return;
  }
  const retention = await retentionOf(repos, Number(product.empresaId));
  await capVersions(repos, productoId, retention.versions, options);
}

/** A new version row of the current writer. */
const versionRow = (product: Product, cambios: Cambio[], fecha: Date): StoredEntity<'historial'> => {
  const context = writeContext();
  return {
    empresaId: product.empresaId,
    productoId: product.id,
    fecha,
    usuario: context.usuario,
    origen: context.origen,
    cambios: JSON.stringify(cambios),
  };
};

/** The changes of one write for one product: the product as stored, and whether the write created it. */
interface ProductChanges {
  product: Product;
  cambios: Cambio[];
  created: boolean;
}

/** Whether `row` is the writer's version still open to join (same user and origin, within the window). */
const joinable = (row: VersionRow | undefined, now: Date): boolean => {
  const context = writeContext();
  return (
    !!row &&
    row.usuario === context.usuario &&
    row.origen === context.origen &&
    now.getTime() - new Date(row.fecha ?? Number.NaN).getTime() < MERGE_WINDOW_MS
  );
};

/** The newest version of each product (a constant number of statements). */
async function lastVersions(
  repos: RepositorySet,
  ids: readonly number[],
  options: Options,
): Promise<Map<number, VersionRow>> {
  const history = repos.repository('historial');
  const out = new Map<number, VersionRow>();
  if (!ids.length) return out;
  const connector = sqlConnectorOf(history.dataSource);
  let latest: number[];
  if (ids.length === 1 || !connector) {
    latest = [];
    for (const productoId of ids) {
      const [last] = await history.find(
        { where: { productoId }, order: ['id DESC'], limit: 1, fields: { id: true } },
        options,
      );
      if (last) latest.push(last.id);
    }
  } else {
    const model = history.entityClass.modelName;
    const { t, c } = namesOf(connector, model);
    const stmt = statement(
      connector,
      model,
      `SELECT MAX(${c('id')}) AS m FROM ${t} WHERE ${c('productoId')} IN (${ids.map(() => '?').join(',')}) GROUP BY ${c('productoId')}`,
      [...ids],
    );
    latest = (await run(connector, stmt, options)).map((row) => Number(row.m ?? row.M));
  }
  if (!latest.length) return out;
  for (const row of await history.find({ where: { id: { inq: latest } } }, options)) {
    const version = row.toObject();
    out.set(Number(version.productoId), version);
  }
  return out;
}

/** Rewrites the changes of many versions (one UPDATE on SQL stores). */
async function rewriteVersions(
  repos: RepositorySet,
  rows: readonly { id: number; cambios: Cambio[] }[],
  fecha: Date,
  options: Options,
): Promise<void> {
  if (!rows.length) return;
  const history = repos.repository('historial');
  const connector = sqlConnectorOf(history.dataSource);
  if (!connector) {
    for (const row of rows)
      await history.updateById(row.id, { cambios: JSON.stringify(row.cambios), fecha }, options);
    return;
  }
  const model = history.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  const ids = rows.map((row) => row.id);
  const update = statement(
    connector,
    model,
    `UPDATE ${t} SET ${c('cambios')} = CASE ${c('id')} ${rows.map(() => 'WHEN ? THEN ?').join(' ')} END, ${c('fecha')} =`,
    rows.flatMap((row) => [row.id, JSON.stringify(row.cambios)]),
  );
  // the date as the connector writes it (a cast on PostgreSQL, the session's format on MySQL), from the
  // connector's own model definition (juggler's property, whose type is the Date constructor)
  const sql = connector as {
    toColumnValue?: (prop: unknown, value: unknown) => unknown;
    getModelDefinition?: (model: string) => { properties: Record<string, unknown> } | undefined;
  };
  const property = sql.getModelDefinition?.(model)?.properties.fecha;
  const value = property && sql.toColumnValue ? sql.toColumnValue(property, fecha) : fecha;
  update.merge(
    value && typeof value === 'object' && 'sql' in value
      ? (value as SqlStatement)
      : statement(connector, model, '?', [value]),
  );
  update.merge(statement(connector, model, `WHERE ${c('id')} IN (${ids.map(() => '?').join(',')})`, ids));
  await run(connector, update, options);
}

/** Removes, per product, the versions beyond the newest its company keeps (counted at once). */
async function capAll(repos: RepositorySet, products: readonly Product[], options: Options): Promise<void> {
  if (!products.length) return;
  if (products.length === 1) {
    const retention = await retentionOf(repos, Number(products[0].empresaId));
    return capVersions(repos, Number(products[0].id), retention.versions, options);
  }
  const history = repos.repository('historial');
  const connector = sqlConnectorOf(history.dataSource);
  const counts = new Map<number, number>();
  if (connector) {
    const model = history.entityClass.modelName;
    const { t, c } = namesOf(connector, model);
    const ids = products.map((p) => Number(p.id));
    const rows = await run(
      connector,
      statement(
        connector,
        model,
        `SELECT ${c('productoId')} AS p, COUNT(*) AS n FROM ${t} WHERE ${c('productoId')} IN (${ids.map(() => '?').join(',')}) GROUP BY ${c('productoId')}`,
        ids,
      ),
      options,
    );
    for (const row of rows) counts.set(Number(row.p ?? row.P), Number(row.n ?? row.N));
  }
  for (const product of products) {
    const retention = await retentionOf(repos, Number(product.empresaId));
    const count = counts.get(Number(product.id));
    if (connector && (retention.versions <= 0 || (count ?? 0) <= retention.versions)) continue;
    await capVersions(repos, Number(product.id), retention.versions, options);
  }
}

/**
 * Stores the changes of many products in a constant number of statements: the versions they join read at
 * once (this request's, else each product's newest when it is the writer's open one), merged with one UPDATE,
 * new versions with one INSERT (a product the write created has nothing to join nor to cap).
 */
async function storeAll(repos: RepositorySet, changes: ProductChanges[], options: Options): Promise<void> {
  const pending = changes.filter((c) => c.cambios.length);
  if (!pending.length) return;
  if (pending.length === 1) {
    const [c] = pending;
    return storeChanges(repos, c.product, c.cambios, options, c.created);
  }
  const context = writeContext();
  const history = repos.repository('historial');
  const now = new Date();
  const idOf = (c: ProductChanges) => Number(c.product.id);
  // the version each product joins: this request's, else (not for new products) the writer's open one
  const joinedIds = pending.flatMap((c) => {
    const id = context.versions.get(idOf(c));
    return id === undefined ? [] : [id];
  });
  const targets = new Map<number, VersionRow>();
  if (joinedIds.length) {
    for (const row of await history.find({ where: { id: { inq: joinedIds } } }, options)) {
      const version = row.toObject();
      targets.set(Number(version.productoId), version);
    }
  }
  if (!context.fresh) {
    const unjoined = pending.filter((c) => !c.created && !context.versions.has(idOf(c))).map(idOf);
    for (const [productoId, version] of await lastVersions(repos, unjoined, options))
      if (joinable(version, now)) targets.set(productoId, version);
  }
  const merges: { id: number; cambios: Cambio[] }[] = [];
  const emptied: number[] = [];
  const created: ProductChanges[] = [];
  for (const c of pending) {
    const stored = c.cambios.map(storable);
    const target = targets.get(idOf(c));
    if (!target) {
      created.push({ ...c, cambios: stored });
      continue;
    }
    const merged = mergeCambios(parseCambios(target.cambios), stored);
    if (merged.length) {
      merges.push({ id: Number(target.id), cambios: merged });
      context.versions.set(idOf(c), Number(target.id));
    } else {
      emptied.push(Number(target.id));
      context.versions.delete(idOf(c));
    }
  }
  await rewriteVersions(repos, merges, now, options);
  if (emptied.length) await history.deleteAll({ id: { inq: emptied } }, options);
  if (!created.length) return;
  const versions = await history.createAll(
    created.map((c) => versionRow(c.product, c.cambios, now)),
    options,
  );
  created.forEach((c, i) => context.versions.set(idOf(c), Number(versions[i].id)));
  await capAll(
    repos,
    created.filter((c) => !c.created).map((c) => c.product),
    options,
  );
}

/** The changes gathered by `recordingBatch`, per product. */
const gathered = new AsyncLocalStorage<Map<number, ProductChanges>>();

/**
 * Runs `work` (writes of many rows, in the transaction of `options`) recording its history once at its end:
 * the changes of all its writes to a product make one version, the first versions of the products it creates
 * go in one INSERT. A failure to record fails `work`'s transaction like any recordWrites hook.
 */
export async function recordingBatch<T>(
  repos: RepositorySet,
  options: Options,
  work: () => Promise<T>,
): Promise<T> {
  if (gathered.getStore()) return work();
  const changes = new Map<number, ProductChanges>();
  const result = await gathered.run(changes, work);
  await storeAll(repos, [...changes.values()], options);
  return result;
}

const productChanges = (record: WriteRecord<Product>): Cambio[] =>
  rowChanges(record.before, record.after, PRODUCT_FIELDS, {}, (field) =>
    field ? fieldLabel('productos', field) : undefined,
  );

/** The changes of a part's row (a changed key is the old row removed and a new one added). */
function partChanges(part: Part, record: WriteRecord<PlainRow>): Cambio[] {
  const fields = partFields(part);
  const { before, after } = record;
  const labelOf = (row: PlainRow | undefined) => (field: string | undefined) => {
    const keys = keyFields(part);
    const name =
      keys.length && row
        ? ` «${String(row.nombre ?? keys.map((k) => String(row[k] ?? '')).join(' · '))}»`
        : '';
    return `${part.label}${name}${field ? ` · ${fieldLabel(part.resource, field)}` : ''}`;
  };
  if (before && after && rowKey(part, before) !== rowKey(part, after)) {
    return [
      ...rowChanges(
        before,
        undefined,
        fields,
        { section: part.section, key: rowKey(part, before) },
        labelOf(before),
      ),
      ...rowChanges(
        undefined,
        after,
        fields,
        { section: part.section, key: rowKey(part, after) },
        labelOf(after),
      ),
    ];
  }
  const row = after ?? before ?? {};
  return rowChanges(before, after, fields, { section: part.section, key: rowKey(part, row) }, labelOf(row));
}

/**
 * Groups records by product and stores their changes. `own`: the records are the products' own (`own` gives
 * the product of a row, a record without `before` one the write created); a part's records read their
 * products at once, skipping those gone (a product's delete).
 */
async function recordFor<R extends object>(
  repos: RepositorySet,
  records: WriteRecord<R>[],
  productIdOf: (row: R) => unknown,
  changesOf: (record: WriteRecord<R>) => Cambio[],
  options: Options,
  own?: (row: R) => Product,
): Promise<void> {
  const batch = gathered.getStore();
  const byProduct = new Map<number, { cambios: Cambio[]; created: boolean; product?: Product }>();
  for (const record of records) {
    const row = record.after ?? record.before;
    if (!row) continue;
    const id = Number(productIdOf(row));
    if (!Number.isInteger(id)) continue;
    const cambios = changesOf(record);
    if (!cambios.length) continue;
    const entry = byProduct.get(id) ?? { cambios: [], created: false };
    entry.cambios.push(...cambios);
    if (own) {
      entry.product = own(row);
      entry.created ||= !record.before;
    }
    byProduct.set(id, entry);
  }
  if (!byProduct.size) return;
  const unread = [...byProduct].filter(([id, e]) => !e.product && !batch?.has(id)).map(([id]) => id);
  if (unread.length) {
    const found = await repos
      .repository('productos')
      .find({ where: { id: unread.length === 1 ? unread[0] : { inq: unread } } }, options);
    for (const product of found) {
      const entry = byProduct.get(Number(product.id));
      if (entry) entry.product = product.toObject();
    }
  }
  const changes: ProductChanges[] = [];
  for (const [id, entry] of byProduct) {
    const product = entry.product ?? batch?.get(id)?.product;
    if (product) changes.push({ product, cambios: entry.cambios, created: entry.created });
  }
  if (!batch) return storeAll(repos, changes, options);
  for (const change of changes) {
    const id = Number(change.product.id);
    const earlier = batch.get(id);
    batch.set(
      id,
      earlier
        ? {
            product: change.product,
            cambios: mergeCambios(earlier.cambios, change.cambios),
            created: earlier.created || change.created,
          }
        : change,
    );
  }
}

/** Adds the history hooks to the products and their parts. */
export function installRecorder(repos: RepositorySet): void {
  repos.repository('productos').addHooks({
    recordWrites: (records, options) =>
      recordFor(
        repos,
        records.filter((r) => r.after),
        (row) => row.id,
        productChanges,
        options,
        (row) => row,
      ),
  });
  for (const part of PARTS) {
    if (!repos.repositories.has(part.resource)) continue;
    repos.repository(part.resource).addHooks({
      recordWrites: (records, options) =>
        recordFor<PlainRow>(
          repos,
          records,
          (row) => row[part.productField],
          (r) => partChanges(part, r),
          options,
        ),
    });
  }
}
