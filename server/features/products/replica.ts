/**
 * Product replication (docs/requirements.md#r7-api GET /productos/replica/{id}): the product and its general data, attributes,
 * media (records and files), icons, catalogue/cost data and free characteristics, under a new unique name
 * '{nombre}-COPIA' ('-COPIA-2', '-COPIA-3'… when taken). All or nothing: when a step fails, what was
 * created is removed again.
 */
import type { Options } from '@loopback/repository';
import type { PlainRow, RepositorySet, StoredRecord } from '../../repository-set';
import { registry, schemaFor } from '../../../src/resources/registry';
import { productos } from '../../../src/resources/productos/schema';
import { inTransaction } from '../../transaction';
import { childRows } from './access';
import { productChildTables, type ChildTable } from './children';
import type { UploadStore } from './uploads';

export const REPLICA_SUFFIX = '-COPIA';
const NAME_MAX = 100;
const CANDIDATES = 200;

/** The names a copy of `nombre` may take, in order ('X-COPIA', 'X-COPIA-2', …), all within 100 characters. */
export function replicaCandidates(nombre: string, count = CANDIDATES): string[] {
  const names: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const suffix = n === 1 ? REPLICA_SUFFIX : `${REPLICA_SUFFIX}-${n}`;
    names.push(`${nombre.slice(0, NAME_MAX - suffix.length)}${suffix}`);
  }
  return names;
}

/** 'multimedia/{old}/x.png' → 'multimedia/{new}/x.png'; other paths (and values that are no text) unchanged. */
export function rewriteMediaPath<V>(value: V, from: string, to: string): V {
  if (typeof value !== 'string') return value;
  const prefix = `multimedia/${from}/`;
  return (value.startsWith(prefix) ? `multimedia/${to}/${value.slice(prefix.length)}` : value) as V;
}

/** Child tables copied with the product (schemas declaring `replicatedWith: 'productos'`) and their product field. */
export const PRODUCT_CHILDREN: readonly ChildTable[] = productChildTables(registry).filter(
  ([resource]) => schemaFor(resource)?.replicatedWith === 'productos',
);

/** What the copy does not take from the product: its read-only fields (id, stamps, sync log) and its name. */
const PRODUCT_NOT_COPIED: readonly string[] = [
  ...productos.fields.filter((field) => field.readOnly).map((field) => field.name),
  'nombre',
];

/** A copy of `row` without `keys`. */
const without = <R extends object>(row: R, keys: readonly string[]): Partial<R> => {
  const copy: Partial<R> = { ...row };
  for (const k of keys) delete (copy as PlainRow)[k];
  return copy;
};

type Producto = StoredRecord<'productos'>;

const isDuplicate = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ER_DUP_ENTRY';

async function freeName(repos: RepositorySet, nombre: string, skip: ReadonlySet<string>): Promise<string> {
  const candidates = replicaCandidates(nombre).filter((name) => !skip.has(name));
  const taken = new Set(
    (
      await repos
        .repository('productos')
        .find({ where: { nombre: { inq: candidates } }, fields: { nombre: true } })
    ).map((row) => String(row.nombre)),
  );
  const free = candidates.find((name) => !taken.has(name));
  if (!free) throw new Error(`No hay un nombre libre para la copia de ${nombre}`);
  return free;
}

export async function replicateProduct(
  repos: RepositorySet,
  store: UploadStore,
  source: Producto,
): Promise<Producto> {
  const productos = repos.repository('productos');
  const from = String(source.nombre);
  const tried = new Set<string>();
  let created: Producto | undefined;
  let nombre = '';
  /** The copy and its child rows, in one transaction where the store has them. */
  const copy = (options: Options) => async (): Promise<Producto> => {
    const data = {
      ...without(source, PRODUCT_NOT_COPIED),
      nombre,
      imagen: rewriteMediaPath(source.imagen, from, nombre),
    };
    const row = (await productos.create(data, options)).toObject();
    const newId = row.id;
    try {
      for (const [resource, field] of PRODUCT_CHILDREN) {
        const rows = await childRows(repos, resource, field, [Number(source.id)], ['id ASC']);
        if (!rows.length) continue;
        const copies = rows.map((child) => {
          const out = without(child, ['id']);
          out[field] = newId;
          if (resource === 'producto-multimedias')
            out.fichero = rewriteMediaPath(child.fichero, from, nombre);
          if (resource === 'producto-generals' && child.sku === from) out.sku = nombre;
          return out;
        });
        await repos.repository(resource).createAll(copies, options);
      }
    } catch (err) {
      // Without transactions, undo by hand.
      if (!options.transaction) await removeProductTree(repos, newId).catch(() => undefined);
      throw err;
    }
    return row;
  };
  // A concurrent replica may take the name between the check and the create: try the next one (the whole
  // transaction, as PostgreSQL aborts a transaction on its first error).
  for (let attempt = 0; attempt < 5 && !created; attempt += 1) {
    nombre = await freeName(repos, from, tried);
    tried.add(nombre);
    try {
      created = await inTransaction(productos.dataSource, (options) => copy(options)());
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }
  if (!created) throw new Error(`No se pudo reservar un nombre para la copia de ${from}`);
  try {
    await store.copyFolder(from, nombre);
  } catch (err) {
    await removeProductTree(repos, created.id).catch(() => undefined);
    await store.removeFolder(nombre).catch(() => undefined);
    throw err;
  }
  return created;
}

/** Deletes a product and every child row (compensation of a failed replication). */
export async function removeProductTree(repos: RepositorySet, productId: number): Promise<void> {
  for (const [resource, field] of PRODUCT_CHILDREN) {
    await repos.repository(resource).deleteAll({ [field]: productId });
  }
  await repos.repository('productos').deleteById(productId);
}
