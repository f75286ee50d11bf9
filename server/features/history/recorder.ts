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
import type { AnyObject, Options } from '@loopback/repository';
import { mergeCambios, rowChanges, type Cambio, type Version } from '../../../src/core/history/versions';
import type { RepositorySet } from '../../repository-set';
import type { WriteRecord } from '../../write-rules';
import { writeContext } from './context';
import { PARTS, PRODUCT_FIELDS, fieldLabel, keyFields, partFields, rowKey, type Part } from './parts';
import { capVersions, MERGE_WINDOW_MS, retentionOf } from './retention';

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

export const toVersion = (row: AnyObject): Version => ({
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
  product: AnyObject,
  cambios: Cambio[],
  options: Options,
  created = false,
): Promise<void> {
  if (!cambios.length) return;
  const context = writeContext();
  const history = repos.repository('historial');
  const productoId = Number(product.id);
  const now = new Date();
  let target: AnyObject | undefined;
  const joined = context.versions.get(productoId);
  if (joined !== undefined) {
    const [row] = await history.find({ where: { id: joined }, limit: 1 }, options);
    target = row?.toObject() as AnyObject | undefined;
  } else if (!context.fresh && !created) {
    const [last] = await history.find({ where: { productoId }, order: ['id DESC'], limit: 1 }, options);
    const row = last?.toObject() as AnyObject | undefined;
    if (
      row &&
      row.usuario === context.usuario &&
      row.origen === context.origen &&
      now.getTime() - new Date(row.fecha as string).getTime() < MERGE_WINDOW_MS
    )
      target = row;
  }
  const stored = cambios.map(storable);
  if (target) {
    const merged = mergeCambios(parseCambios(target.cambios), stored);
    if (!merged.length) {
      await history.deleteById(target.id as number, options);
      context.versions.delete(productoId);
      return;
    }
    await history.updateById(target.id as number, { cambios: JSON.stringify(merged), fecha: now }, options);
    context.versions.set(productoId, Number(target.id));
    return;
  }
  const version = await history.create(versionRow(product, stored, now), options);
  context.versions.set(productoId, Number(version.id));
  if (created) return;
  const retention = await retentionOf(repos, Number(product.empresaId));
  await capVersions(repos, productoId, retention.versions, options);
}

/** A new version row of the current writer. */
const versionRow = (product: AnyObject, cambios: Cambio[], fecha: Date): AnyObject => {
  const context = writeContext();
  return {
    empresaId: product.empresaId,
    productoId: Number(product.id),
    fecha,
    usuario: context.usuario,
    origen: context.origen,
    cambios: JSON.stringify(cambios),
  };
};

/** The changes of one write for one product: the product as stored, and whether the write created it. */
interface ProductChanges {
  product: AnyObject;
  cambios: Cambio[];
  created: boolean;
}

/** Stores the changes of many products: the first versions of created products with one INSERT. */
async function storeAll(repos: RepositorySet, changes: ProductChanges[], options: Options): Promise<void> {
  const context = writeContext();
  const first = changes.filter(
    (c) => c.created && c.cambios.length && !context.versions.has(Number(c.product.id)),
  );
  if (first.length > 1) {
    const now = new Date();
    const versions = await repos.repository('historial').createAll(
      first.map((c) => versionRow(c.product, c.cambios.map(storable), now)),
      options,
    );
    first.forEach((c, i) => context.versions.set(Number(c.product.id), Number(versions[i].id)));
  }
  const rest = first.length > 1 ? changes.filter((c) => !first.includes(c)) : changes;
  for (const c of rest) await storeChanges(repos, c.product, c.cambios, options, c.created);
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

const productChanges = (record: WriteRecord): Cambio[] =>
  rowChanges(record.before, record.after, PRODUCT_FIELDS, {}, (field) =>
    field ? fieldLabel('productos', field) : undefined,
  );

/** The changes of a part's row (a changed key is the old row removed and a new one added). */
function partChanges(part: Part, record: WriteRecord): Cambio[] {
  const fields = partFields(part);
  const { before, after } = record;
  const labelOf = (row: AnyObject | undefined) => (field: string | undefined) => {
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
  const row = (after ?? before) as AnyObject;
  return rowChanges(before, after, fields, { section: part.section, key: rowKey(part, row) }, labelOf(row));
}

/**
 * Groups records by product and stores their changes. `own`: the records are the products' own (the rows are
 * the products, a record without `before` one the write created); a part's records read their products at
 * once, skipping those gone (a product's delete).
 */
async function recordFor(
  repos: RepositorySet,
  records: WriteRecord[],
  productIdOf: (row: AnyObject) => unknown,
  changesOf: (record: WriteRecord) => Cambio[],
  options: Options,
  own = false,
): Promise<void> {
  const batch = gathered.getStore();
  const byProduct = new Map<number, { cambios: Cambio[]; created: boolean; product?: AnyObject }>();
  for (const record of records) {
    const row = (record.after ?? record.before) as AnyObject;
    const id = Number(productIdOf(row));
    if (!Number.isInteger(id)) continue;
    const cambios = changesOf(record);
    if (!cambios.length) continue;
    const entry = byProduct.get(id) ?? { cambios: [], created: false };
    entry.cambios.push(...cambios);
    if (own) {
      entry.product = row;
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
      if (entry) entry.product = product.toObject() as AnyObject;
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
        true,
      ),
  });
  for (const part of PARTS) {
    if (!repos.repositories.has(part.resource)) continue;
    repos.repository(part.resource).addHooks({
      recordWrites: (records, options) =>
        recordFor(
          repos,
          records,
          (row) => row[part.productField],
          (r) => partChanges(part, r),
          options,
        ),
    });
  }
}
