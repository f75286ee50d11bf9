/**
 * Restoring a product to a version (the whole product, or one `campo`): the state after (or before) the version
 * is the current state with the newer versions undone (src/core/history/versions.ts). What it names must still
 * exist (attributes, icons, categories, families): otherwise a Spanish 422 and nothing changes. The writes go
 * through the repositories — so the restore is itself recorded, as a new version with origen 'restauracion' —
 * in one transaction that holds the product's row from before its versions are read, so two restores of one
 * product (two users, two API processes) run one after the other, each from what the other wrote; without
 * transactions a failing step puts back what was written. One restore of a product at a time in this process.
 */
import type { Options } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import {
  parseCampo,
  sameValue,
  undo,
  versionsToUndo,
  type ProductState,
  type RestoreBody,
  type Row,
} from '../../../src/core/history/versions';
import { nameKey, splitNames } from '../../../src/core/nameList';
import type { PlainRow, RepositorySet, StoredRecord } from '../../repository-set';
import { namesOf, run, sqlConnectorOf, statement } from '../../sql';
import { inTransaction } from '../../transaction';
import { asOwnVersion, writeContext } from './context';
import { PARTS, PRODUCT_FIELDS, SECTIONS, keyFields, readState, type Part } from './parts';
import { toVersion } from './recorder';

const unprocessable = (message: string, code = 'RESTORE_REFUSED'): Error =>
  Object.assign(new HttpErrors.UnprocessableEntity(message), { code });

/** Per product: the restore running now (the next one waits for it). */
const running = new Map<number, Promise<unknown>>();

function serialised<T>(productId: number, work: () => Promise<T>): Promise<T> {
  const before = running.get(productId) ?? Promise.resolve();
  const next = before.catch(() => undefined).then(work);
  running.set(productId, next);
  return next.finally(() => {
    if (running.get(productId) === next) running.delete(productId);
  });
}

interface Plan {
  product: Row;
  parts: { part: Part; creates: Row[]; deletes: PlainRow[]; updates: { row: PlainRow; changes: Row }[] }[];
}

function planOf(current: ProductState, target: ProductState, rows: Map<string, Map<string, PlainRow>>): Plan {
  const product: Row = {};
  for (const field of PRODUCT_FIELDS) {
    if (!sameValue(current.product[field], target.product[field]))
      product[field] = target.product[field] ?? null;
  }
  const parts = PARTS.map((part) => {
    const now = current.sections[part.section] ?? {};
    const then = target.sections[part.section] ?? {};
    const stored = rows.get(part.section) ?? new Map<string, PlainRow>();
    const creates: Row[] = [];
    const deletes: PlainRow[] = [];
    const updates: { row: PlainRow; changes: Row }[] = [];
    for (const key of new Set([...Object.keys(now), ...Object.keys(then)])) {
      const from = now[key] ?? null;
      const to = then[key] ?? null;
      const row = stored.get(key);
      if (!to && from && row) deletes.push(row);
      else if (to && !from) creates.push(to);
      else if (to && from && row) {
        const changes: Row = {};
        for (const [field, value] of Object.entries(to)) {
          if (!sameValue(from[field], value)) changes[field] = value ?? null;
        }
        if (Object.keys(changes).length) updates.push({ row, changes });
      }
    }
    return { part, creates, deletes, updates };
  });
  return { product, parts };
}

const isEmpty = (plan: Plan): boolean =>
  !Object.keys(plan.product).length &&
  plan.parts.every((p) => !p.creates.length && !p.deletes.length && !p.updates.length);

/** 422 when the restored state names attributes, icons, categories or families that no longer exist. */
async function checkReferences(
  repos: RepositorySet,
  plan: Plan,
  empresaId: number | null | undefined,
  options: Options,
): Promise<void> {
  const written = (section: string): Row[] => {
    const found = plan.parts.find((p) => p.part.section === section);
    return found ? [...found.creates, ...found.updates.map((u) => ({ ...u.row, ...u.changes }))] : [];
  };
  const attributeRows = written('atributos').filter((row) => row.atributoId != null);
  if (attributeRows.length) {
    const ids = [...new Set(attributeRows.map((row) => Number(row.atributoId)))];
    const found = await repos
      .repository('atributos')
      .find({ where: { id: { inq: ids } }, fields: { id: true } }, options);
    const known = new Set(found.map((row) => Number(row.id)));
    const missing = attributeRows.find((row) => !known.has(Number(row.atributoId)));
    if (missing) {
      throw unprocessable(
        `No se puede restaurar esta versión: el atributo «${String(missing.nombre ?? missing.atributoId)}» ya no existe.`,
      );
    }
  }
  const iconRows = written('iconos').filter((row) => row.idIcono != null);
  if (iconRows.length) {
    const ids = [...new Set(iconRows.map((row) => Number(row.idIcono)))];
    const found = await repos
      .repository('Iconos')
      .find({ where: { id: { inq: ids } }, fields: { id: true } }, options);
    const known = new Set(found.map((row) => Number(row.id)));
    const missing = iconRows.find((row) => !known.has(Number(row.idIcono)));
    if (missing) {
      throw unprocessable(
        `No se puede restaurar esta versión: el icono ${String(missing.idIcono)} ya no existe.`,
      );
    }
  }
  for (const [field, resource, what] of [
    ['categorias', 'categorias', 'la categoría'],
    ['familias', 'familias', 'la familia'],
  ] as const) {
    if (!(field in plan.product)) continue;
    const names = splitNames(plan.product[field]);
    if (!names.length) continue;
    const found = await repos
      .repository(resource)
      .find({ where: { empresaId: { eq: empresaId } }, fields: { nombre: true } }, options);
    const known = new Set(found.map((row) => nameKey(String(row.nombre ?? ''))));
    const missing = names.find((name) => !known.has(nameKey(name)));
    if (missing)
      throw unprocessable(`No se puede restaurar esta versión: ${what} «${missing}» ya no existe.`);
  }
}

const whereOf = (part: Part, productId: number, row: PlainRow): PlainRow => {
  const keys = keyFields(part);
  if (!keys.length) return { [part.productField]: productId };
  const values = keys.map((key) => row[key]);
  return values.every((value) => value === null || value === undefined || value === '')
    ? { [part.productField]: productId, id: row.id }
    : {
        [part.productField]: productId,
        ...Object.fromEntries(keys.map((key, i) => [key, values[i] ?? null])),
      };
};

async function applyPlan(
  repos: RepositorySet,
  productId: number,
  plan: Plan,
  options: Options,
): Promise<void> {
  if (Object.keys(plan.product).length) {
    await repos.repository('productos').updateById(productId, plan.product, options);
  }
  for (const { part, creates, deletes, updates } of plan.parts) {
    const repo = repos.repository(part.resource);
    for (const row of deletes) await repo.deleteAll(whereOf(part, productId, row), options);
    for (const { row, changes } of updates)
      await repo.updateAll(changes, whereOf(part, productId, row), options);
    for (const row of creates) await repo.create({ ...row, [part.productField]: productId }, options);
  }
}

export async function restoreVersion(
  repos: RepositorySet,
  product: StoredRecord<'productos'>,
  versionId: number,
  body: RestoreBody,
): Promise<{ producto: StoredRecord<'productos'>; versionId?: number }> {
  const productId = Number(product.id);
  const momento = body.momento === 'antes' ? 'antes' : 'despues';
  if (body.campo !== undefined && (typeof body.campo !== 'string' || !parseCampo(body.campo, SECTIONS))) {
    throw unprocessable(`El campo «${String(body.campo)}» no forma parte del producto.`, 'INVALID_FIELD');
  }
  return serialised(productId, () =>
    asOwnVersion('restauracion', async () => {
      const productos = repos.repository('productos');
      let applied = false;
      let read: Awaited<ReturnType<typeof readState>>;
      try {
        // the product's row is held from before its versions and state are read until the restore is written:
        // a second restore (another user, another API process) waits and then undoes from what this one wrote
        await inTransaction(productos.dataSource, async (tx) => {
          applied = !tx.transaction;
          await lockProduct(repos, productId, tx);
          const history = repos.repository('historial');
          const versions = (
            await history.find({ where: { productoId: productId }, order: ['id DESC'] }, tx)
          ).map((row) => toVersion(row.toObject()));
          const toUndo = versionsToUndo(versions, versionId, momento);
          if (!toUndo) {
            throw Object.assign(
              new HttpErrors.NotFound(`La versión ${versionId} no existe en este producto.`),
              {
                code: 'ENTITY_NOT_FOUND',
              },
            );
          }
          const truncated = toUndo
            .flatMap((v) => v.cambios)
            .find((c) => c.truncado && (!body.campo || c.campo === body.campo));
          if (truncated) {
            throw unprocessable(
              `No se puede restaurar esta versión: el valor de «${truncated.etiqueta ?? truncated.campo}» era demasiado largo para guardarlo entero.`,
            );
          }
          read = await readState(repos, productId, tx);
          if (!read)
            throw Object.assign(new HttpErrors.NotFound('El producto ya no existe.'), {
              code: 'ENTITY_NOT_FOUND',
            });
          const target = undo(read.state, toUndo, SECTIONS, body.campo);
          const plan = planOf(read.state, target, read.rows);
          if (isEmpty(plan)) return;
          await checkReferences(repos, plan, product.empresaId, tx);
          await applyPlan(repos, productId, plan, tx);
        });
      } catch (err) {
        // No transactions on this store: put back what was written before the failure.
        if (applied && read) await putBack(repos, productId, read.state).catch(() => undefined);
        throw err;
      }
      const [stored] = await productos.find({ where: { id: productId }, limit: 1 });
      return {
        producto: stored?.toObject() ?? product,
        versionId: writeContext().versions.get(productId),
      };
    }),
  );
}

/** Holds the product's row until the transaction `options` ends (a store without SQL: nothing to hold). */
async function lockProduct(repos: RepositorySet, productId: number, options: Options): Promise<void> {
  const productos = repos.repository('productos');
  const connector = sqlConnectorOf(productos.dataSource);
  if (!connector) return;
  const model = productos.entityClass.modelName;
  const { t, c } = namesOf(connector, model);
  await run(
    connector,
    statement(connector, model, `SELECT ${c('id')} FROM ${t} WHERE ${c('id')} = ? FOR UPDATE`, [productId]),
    options,
  );
}

/** Brings a product back to `state` (the compensation of a failed restore without transactions). */
async function putBack(repos: RepositorySet, productId: number, state: ProductState): Promise<void> {
  const read = await readState(repos, productId);
  if (!read) return;
  await applyPlan(repos, productId, planOf(read.state, state, read.rows), {});
}
