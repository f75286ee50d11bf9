/**
 * Writes the product history: a recordWrites hook on the products and on each part table turns the rows as they
 * were and as they are now into `cambios` and stores them as a version of the product — in the write's own
 * transaction on a store with transactions, so a change and its version are stored together or not at all.
 * Consecutive writes of one user from one origin within a minute (and all writes of one request) join one
 * version; a version whose changes cancel out is removed. Deleted products take their history with them.
 */
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

/** Stores `cambios` as (part of) a version of product `productoId`. */
export async function storeChanges(
  repos: RepositorySet,
  product: AnyObject,
  cambios: Cambio[],
  options: Options,
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
  } else if (!context.fresh) {
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
  const created = await history.create(
    {
      empresaId: product.empresaId,
      productoId,
      fecha: now,
      usuario: context.usuario,
      origen: context.origen,
      cambios: JSON.stringify(stored),
    },
    options,
  );
  context.versions.set(productoId, Number(created.id));
  const retention = await retentionOf(repos, Number(product.empresaId));
  await capVersions(repos, productoId, retention.versions, options);
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

/** Groups records by product, reads each product (skipping those gone: a product's delete) and stores. */
async function recordFor(
  repos: RepositorySet,
  records: WriteRecord[],
  productIdOf: (row: AnyObject) => unknown,
  changesOf: (record: WriteRecord) => Cambio[],
  options: Options,
): Promise<void> {
  const byProduct = new Map<number, Cambio[]>();
  for (const record of records) {
    const id = Number(productIdOf((record.after ?? record.before) as AnyObject));
    if (!Number.isInteger(id)) continue;
    const cambios = changesOf(record);
    if (cambios.length) byProduct.set(id, [...(byProduct.get(id) ?? []), ...cambios]);
  }
  for (const [id, cambios] of byProduct) {
    const [product] = await repos.repository('productos').find({ where: { id }, limit: 1 }, options);
    if (!product) continue;
    await storeChanges(repos, product.toObject() as AnyObject, cambios, options);
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
