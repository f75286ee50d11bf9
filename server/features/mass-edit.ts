/**
 * Mass edit of products as a tracked job (src/core/massEdit.ts; the job rows are trabajos-edicion-masiva,
 * src/resources/trabajosEdicionMasiva/schema.ts, served by the generated routes):
 *
 * - POST /trabajos-edicion-masiva {campo, valor, operacion?, ids? | filtro?}: the change is checked once by the
 *   field's declaration (422 on `campo` / `valor`), the products by the list's where (`filtro`, virtual filters
 *   such as `buscar` included, checked like any list filter) or their `ids`; always within the job's company.
 *   The job starts at once in this process and the answer is the job row.
 * - The runner goes through the products in id order, in batches: products already holding the value are
 *   "sin cambios"; the others are written through the products' repository (its write rules and hooks: the
 *   same refusals as the API, the product history with origin «edición masiva»). A batch a rule refuses is
 *   retried product by product so that only the refused ones are left out, each with its reason.
 *   Progress (hechos, cambiados, sinCambios, rechazados, informe) is saved after every batch.
 * - PATCH /trabajos-edicion-masiva/{id} {cancelarSN: 'S'}: the runner stops before its next batch ('cancelado').
 *
 * The job runs in the process that accepted it (a job that process leaves unfinished by a restart stays
 * 'en curso' with the progress it had saved).
 */
import type { AnyObject, DataObject, Where } from '@loopback/repository';
import {
  MAX_REPORTED_REFUSALS,
  changedValue,
  massEditValueError,
  massEditableFields,
  sameValue,
  type MassEditOperation,
  type RefusedProduct,
} from '../../src/core/massEdit';
import { productos } from '../../src/resources/productos/schema';
import { trabajosEdicionMasiva } from '../../src/resources/trabajosEdicionMasiva/schema';
import type { Feature } from '../feature';
import { checkWhere } from '../query-guard';
import type { Row } from '../repositories';
import type { RepositorySet } from '../repository-set';
import { resolveWhere } from '../virtual-filters';
import { fieldErrors } from '../write-rules';
import { asOwnVersion } from './history/context';

export const JOBS = trabajosEdicionMasiva.name;
/** Products per batch (one read, one write and one progress update each). */
export const MASS_EDIT_BATCH = 500;

type Clause = Record<string, unknown>;

const fieldOf = (campo: unknown) =>
  massEditableFields(productos.fields).find((field) => field.name === campo);

const parseJson = (text: unknown): unknown => {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** The products a job names: its ids, else its filter's where (virtual filters resolved), else none. */
async function targetWhere(job: AnyObject): Promise<Clause> {
  const company = job.empresaId === null || job.empresaId === undefined ? {} : { empresaId: job.empresaId };
  const ids = parseJson(job.ids);
  if (Array.isArray(ids)) return { and: [company, { id: { inq: ids.map(Number) } }] };
  const filtro = parseJson(job.filtro);
  if (filtro && typeof filtro === 'object') {
    const { resolved } = await resolveWhere('productos', filtro as Where<object>);
    return { and: [company, resolved as Clause] };
  }
  return { and: [company, { id: { inq: [] } }] };
}

/** 422 on the field that makes the job impossible (nothing is started). */
async function checkJob(row: AnyObject): Promise<void> {
  const field = fieldOf(row.campo);
  if (!field) throw fieldErrors({ campo: 'Ese campo no se puede cambiar en bloque.' }, 'massEdit');
  const operacion = (row.operacion ?? 'reemplazar') as MassEditOperation;
  const problem = massEditValueError(field, row.valor, operacion);
  if (problem) throw fieldErrors({ valor: problem }, 'massEdit');
  const ids = parseJson(row.ids);
  const filtro = parseJson(row.filtro);
  if (ids === undefined && filtro === undefined) {
    throw fieldErrors({ ids: 'Elija los productos: una selección o el filtro de la lista.' }, 'massEdit');
  }
  if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => Number.isInteger(Number(id))))) {
    throw fieldErrors({ ids: 'La selección de productos no se puede leer.' }, 'massEdit');
  }
  if (ids === undefined) {
    if (!filtro || typeof filtro !== 'object' || Array.isArray(filtro)) {
      throw fieldErrors({ filtro: 'El filtro de productos no se puede leer.' }, 'massEdit');
    }
    const { checked } = await resolveWhere('productos', filtro as Where<object>);
    checkWhere(productos, checked as Where<object>);
  }
}

/** The reason a write was refused, as the person should read it. */
const reasonOf = (err: unknown): string => {
  const error = err as { message?: string; details?: { message?: string }[] } | undefined;
  const details = (error?.details ?? []).map((d) => d.message).filter(Boolean);
  return details.length ? details.join(' ') : (error?.message ?? String(err));
};

export interface MassEditRunner {
  run(job: AnyObject): Promise<void>;
  /** Resolves when no job of this process is running (tests, the bench). */
  idle(): Promise<void>;
}

export function massEditRunner(repos: RepositorySet, batch = MASS_EDIT_BATCH): MassEditRunner {
  const running = new Set<Promise<void>>();
  const jobs = () => repos.repository(JOBS);
  const products = () => repos.repository('productos');

  async function execute(job: AnyObject): Promise<void> {
    const id = job.id as number;
    const field = fieldOf(job.campo)!;
    const operacion = (job.operacion ?? 'reemplazar') as MassEditOperation;
    const counters = { hechos: 0, cambiados: 0, sinCambios: 0, rechazados: 0 };
    const refusals: RefusedProduct[] = [];
    const progress = () => ({ ...counters, informe: JSON.stringify(refusals) });
    try {
      const where = await targetWhere(job);
      const total = (await products().count(where as Where<Row>)).count;
      await jobs().updateById(id, { estado: 'en curso', total, ...progress(), inicio: new Date() });
      let lastId = 0;
      let estado = 'terminado';
      for (;;) {
        const now = (await jobs().findById(id, { fields: { cancelarSN: true } })) as AnyObject;
        if (now.cancelarSN === 'S') {
          estado = 'cancelado';
          break;
        }
        const page = (await products().find({
          where: { and: [where, { id: { gt: lastId } }] },
          order: ['id ASC'],
          limit: batch,
          fields: { id: true, nombre: true, [field.name]: true },
        } as never)) as AnyObject[];
        if (!page.length) break;
        // products by the value they get (one value unless names are added to or removed from lists)
        const groups = new Map<string, { value: unknown; rows: AnyObject[] }>();
        for (const product of page) {
          const value = changedValue(field, product[field.name], job.valor, operacion);
          if (sameValue(value, product[field.name])) {
            counters.sinCambios += 1;
            continue;
          }
          const key = JSON.stringify(value);
          const group = groups.get(key) ?? { value, rows: [] };
          group.rows.push(product);
          groups.set(key, group);
        }
        for (const { value, rows } of groups.values()) {
          const data = { [field.name]: value } as DataObject<Row>;
          try {
            const { count } = await products().updateAll(data, {
              id: { inq: rows.map((row) => row.id) },
            } as Where<Row>);
            counters.cambiados += count;
          } catch {
            // a rule refused the batch: product by product, so only the refused ones stay out
            for (const row of rows) {
              try {
                await products().updateById(row.id as number, data);
                counters.cambiados += 1;
              } catch (err) {
                counters.rechazados += 1;
                if (refusals.length < MAX_REPORTED_REFUSALS) {
                  refusals.push({
                    id: Number(row.id),
                    nombre: String(row.nombre ?? ''),
                    motivo: reasonOf(err),
                  });
                }
              }
            }
          }
        }
        counters.hechos += page.length;
        lastId = Number(page[page.length - 1].id);
        await jobs().updateById(id, progress());
        if (page.length < batch) break;
      }
      await jobs().updateById(id, { estado, ...progress(), fin: new Date() });
    } catch (err) {
      console.error('mass edit: job failed', err);
      await jobs()
        .updateById(id, {
          estado: 'error',
          error: reasonOf(err).slice(0, 2000),
          ...progress(),
          fin: new Date(),
        })
        .catch(() => undefined);
    }
  }

  return {
    run(job) {
      const work = execute(job);
      running.add(work);
      void work.finally(() => running.delete(work));
      return work;
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}

/** The runner of the API (for the bench and tests that wait for jobs). */
export let currentRunner: MassEditRunner | undefined;

export const feature: Feature = {
  name: 'mass-edit',
  register: ({ repositories }) => {
    if (!repositories.repositories.has(JOBS) || !repositories.repositories.has('productos')) return;
    const batch = Number(process.env.MASS_EDIT_BATCH);
    const runner = massEditRunner(repositories, batch > 0 ? batch : MASS_EDIT_BATCH);
    currentRunner = runner;
    repositories.repository(JOBS).addHooks({
      async beforeWrite(row) {
        // the job as asked (not yet started: its progress updates and a cancel are not checked again)
        if (row.estado === undefined || row.estado === null) await checkJob(row);
      },
      async afterCreate(row) {
        // in this request's write context: the history records the person, with origin «edición masiva»
        void asOwnVersion('edicion_masiva', () => runner.run(row));
      },
    });
  },
};
