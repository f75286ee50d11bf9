/**
 * Mass edit of products as a tracked job (src/core/massEdit.ts; the job rows are trabajos-edicion-masiva,
 * src/resources/trabajosEdicionMasiva/schema.ts, served by the generated routes):
 *
 * - POST /trabajos-edicion-masiva {campo, valor, operacion?, ids? | filtro?}: the change is checked once by the
 *   field's declaration (422 on `campo` / `valor`: type, S/N, choices, the length the field keeps, and a name of
 *   a category or family the company does not have), the products by the list's where (`filtro`, virtual filters
 *   such as `buscar` included, checked like any list filter) or their `ids`; always within the job's company.
 *   With campo 'atributo' and `atributoId` the products get that attribute's value, read and normalised by the
 *   attribute's type (src/core/attributeValues.ts; 422 on `valor`, and on `atributoId` when it names no
 *   attribute of the company). The job starts at once in this process and the answer is the job row.
 * - The runner goes through the products in id order, in chunks: products already holding the value are
 *   "sin cambios"; those whose new value the field refuses (a name added to a list past its length) are
 *   "rechazados" with the reason; the others are written through the repositories (their write rules and
 *   hooks: the same refusals as the API, the product history with origin «edición masiva»), set-based: one
 *   `updateAll` per value in the chunk (one value for a field or an attribute, so the hooks receive the
 *   chunk's rows at once).
 *   A chunk's writes and its progress (hechos, cambiados, sinCambios, rechazados, informe, ultimoId) are one
 *   transaction: a chunk is done and counted once, or not at all. A chunk a rule refuses is retried product by
 *   product so that only the refused ones are left out, each with its reason.
 * - PATCH /trabajos-edicion-masiva/{id} {cancelarSN: 'S'}: the runner stops before its next chunk ('cancelado').
 * - A job a stop of the API left unfinished ('en curso', or not yet started) resumes when the API starts
 *   again, after its `ultimoId`, with the progress it had saved, writing as the person who started it. Each
 *   chunk's progress carries a beat (`latido`): a job that still beats (running in another process of the same
 *   database) is left to it, and taken up only once it has stopped beating for MASS_EDIT_STALE_MS.
 */
import type { Options, Where } from '@loopback/repository';
import {
  ATTRIBUTE_FIELD,
  MAX_REPORTED_REFUSALS,
  changedValue,
  massEditAttributeValue,
  massEditValueError,
  massEditableFields,
  parseRefusals,
  sameValue,
  type MassEditOperation,
  type RefusedProduct,
} from '../../src/core/massEdit';
import { referenceRules } from '../../src/core/references';
import { productos } from '../../src/resources/productos/schema';
import type { ResourceSchema } from '../../src/resources/types';
import { trabajosEdicionMasiva } from '../../src/resources/trabajosEdicionMasiva/schema';
import type { Feature } from '../feature';
import { checkWhere } from '../query-guard';
import { isRecord } from '../../src/core/guards';
import { fieldChange } from '../field-values';
import type { RepositorySet, StoredEntity, StoredRecord } from '../repository-set';
import { inTransaction } from '../transaction';
import { resolveWhere } from '../virtual-filters';
import { fieldErrors } from '../write-rules';
import { asOwnVersion } from './history/context';
import { referenceRule } from './integrity-references';

export const JOBS = trabajosEdicionMasiva.name;
const ATTRIBUTES = 'atributos' as const;
const VALUES = 'producto-atributos' as const;
/**
 * Products per chunk (one read, one write per value and one progress update each). A chunk is one transaction,
 * which on the embedded store holds the database: small enough that other requests wait a moment only.
 */
export const MASS_EDIT_BATCH = 250;

/** A job whose last beat (a chunk's progress) is older than this is taken up by a starting API. */
export const MASS_EDIT_STALE_MS = 60_000;

/** A job as it is written (a create has no id yet), and as it is stored. */
type Job = StoredEntity<typeof JOBS>;
type StoredJob = StoredRecord<typeof JOBS>;
type Product = StoredRecord<'productos'>;
type Attribute = StoredRecord<typeof ATTRIBUTES>;

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

const companyOf = (job: Job): { empresaId?: number } =>
  job.empresaId === null || job.empresaId === undefined ? {} : { empresaId: job.empresaId };

/**
 * The products a job names: its ids, else its filter's where (virtual filters resolved; checked against the
 * declaration when the job was created), else none.
 */
async function targetWhere(job: Job): Promise<Where<Product>> {
  const company = companyOf(job);
  const ids = parseJson(job.ids);
  if (Array.isArray(ids)) return { and: [company, { id: { inq: ids.map(Number) } }] };
  const filtro = parseJson(job.filtro);
  if (isRecord(filtro)) {
    const { resolved } = await resolveWhere('productos', filtro);
    return { and: [company, resolved] };
  }
  return { and: [company, { id: { inq: [] } }] };
}

/** The attribute a job names, in the job's company; undefined when there is none. */
async function attributeOf(repos: RepositorySet, job: Job): Promise<Attribute | undefined> {
  const id = Number(job.atributoId);
  if (!Number.isSafeInteger(id) || !repos.repositories.has(ATTRIBUTES)) return undefined;
  const [found] = await repos
    .repository(ATTRIBUTES)
    .find({ where: { and: [{ id }, companyOf(job)] }, limit: 1 });
  return found?.toObject();
}

/**
 * The names a field's value must give of records of the company (categorías, familias: `namesOf` with
 * `mustExist`): 422 on `valor` for a name the company does not have, before any product is read. Removing a
 * name needs none.
 */
async function checkNames(
  repos: RepositorySet,
  registry: readonly ResourceSchema[],
  row: Job,
  field: string,
  operacion: MassEditOperation,
): Promise<void> {
  if (operacion === 'quitar') return;
  const rules = referenceRules(productos, registry).filter(
    (rule) => rule.field === field && repos.repositories.has(rule.target),
  );
  if (!rules.length) return;
  const problems = await referenceRule(repos, productos, rules).problems({
    empresaId: row.empresaId,
    [field]: row.valor,
  });
  if (problems[field]) throw fieldErrors({ valor: problems[field] }, 'massEdit');
}

/** 422 on the field that makes the job impossible (nothing is started); an attribute's value is normalised. */
async function checkJob(repos: RepositorySet, registry: readonly ResourceSchema[], row: Job): Promise<void> {
  if (row.campo === ATTRIBUTE_FIELD) {
    // none given: null, absent, or '' from a client
    if (String(row.atributoId ?? '') === '') {
      throw fieldErrors({ atributoId: 'Elija el atributo.' }, 'massEdit');
    }
    const attribute = await attributeOf(repos, row);
    if (!attribute) throw fieldErrors({ atributoId: 'Ese atributo no existe en la empresa.' }, 'massEdit');
    if ((row.operacion ?? 'reemplazar') !== 'reemplazar') {
      throw fieldErrors({ operacion: 'El valor de un atributo solo se puede poner.' }, 'massEdit');
    }
    const reading = massEditAttributeValue(attribute, row.valor);
    if (!reading.ok) throw fieldErrors({ valor: reading.error }, 'massEdit');
    row.valor = reading.value;
  } else {
    const field = fieldOf(row.campo);
    if (!field) throw fieldErrors({ campo: 'Ese campo no se puede cambiar en bloque.' }, 'massEdit');
    const operacion = (row.operacion ?? 'reemplazar') as MassEditOperation;
    const problem = massEditValueError(field, row.valor, operacion);
    if (problem) throw fieldErrors({ valor: problem }, 'massEdit');
    await checkNames(repos, registry, row, field.name, operacion);
  }
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
    const { checked } = await resolveWhere('productos', filtro);
    checkWhere(productos, checked);
  }
}

/** The reason a write was refused, as the person should read it. */
const reasonOf = (err: unknown): string => {
  const error = err as { message?: string; details?: { message?: string }[] } | undefined;
  const details = (error?.details ?? []).map((d) => d.message).filter(Boolean);
  return details.length ? details.join(' ') : (error?.message ?? String(err));
};

const count = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

interface Counters {
  hechos: number;
  cambiados: number;
  sinCambios: number;
  rechazados: number;
}

/** One write of a chunk: the products it is for, and the write itself (given the transaction's options). */
interface Write {
  products: Product[];
  /** Writes them all at once (a rule's refusal throws); answers how many changed. */
  all(options: Options): Promise<number>;
  /** Writes one of them (a rule's refusal throws). */
  one(product: Product): Promise<void>;
}

/** A product the job leaves as it is, and why. */
interface Refusal {
  product: Product;
  reason: string;
}

/**
 * How a job changes a chunk of products: the products already right, those whose new value the field refuses
 * (a name added past the list's length), and the writes for the others.
 */
interface Change {
  /** The product columns the chunk's read needs. */
  fields: (keyof Product)[];
  plan(page: Product[]): Promise<{ unchanged: number; refused: Refusal[]; writes: Write[] }>;
}

/** A product field (a value, a flag, a name added to or removed from a list). */
function productFieldChange(repos: RepositorySet, job: Job): Change {
  const field = fieldOf(job.campo)!;
  const operacion = (job.operacion ?? 'reemplazar') as MassEditOperation;
  const products = () => repos.repository('productos');
  return {
    fields: [field.name],
    async plan(page) {
      // products by the value they get (one value unless names are added to or removed from lists)
      const groups = new Map<string, { value: unknown; rows: Product[] }>();
      const refused: Refusal[] = [];
      let unchanged = 0;
      for (const product of page) {
        const value = changedValue(field, product[field.name], job.valor, operacion);
        if (sameValue(value, product[field.name])) {
          unchanged += 1;
          continue;
        }
        // the value as this product would keep it, by the field's rules (the job's value was checked alone)
        const problem = massEditValueError(field, value);
        if (problem) {
          refused.push({ product, reason: problem });
          continue;
        }
        const key = JSON.stringify(value);
        const group = groups.get(key) ?? { value, rows: [] };
        group.rows.push(product);
        groups.set(key, group);
      }
      const writes = [...groups.values()].map(({ value, rows }): Write => {
        const data = fieldChange<Product>(field, value);
        return {
          products: rows,
          all: async (options) =>
            (await products().updateAll(data, { id: { inq: rows.map((row) => row.id) } }, options)).count,
          one: async (product) => products().updateById(product.id, data),
        };
      });
      return { unchanged, refused, writes };
    },
  };
}

/** An attribute's value: the products' rows of the attribute updated, the missing ones created. */
function attributeChange(repos: RepositorySet, job: Job, attribute: Attribute): Change {
  const values = () => repos.repository(VALUES);
  const valor = String(job.valor ?? '');
  const newRow = (product: Product): StoredEntity<typeof VALUES> => ({
    productoId: product.id,
    atributoId: attribute.id,
    nombre: attribute.nombre ?? null,
    unidad: attribute.unidad ?? null,
    valor,
    ordenEnGrupo: 0,
  });
  return {
    fields: [],
    async plan(page) {
      const stored = await values().find({
        where: { productoId: { inq: page.map((p) => p.id) }, atributoId: attribute.id },
        fields: { id: true, productoId: true, valor: true },
      });
      const byProduct = new Map<number, StoredRecord<typeof VALUES>[]>();
      for (const row of stored) {
        const rows = byProduct.get(Number(row.productoId)) ?? [];
        rows.push(row.toObject());
        byProduct.set(Number(row.productoId), rows);
      }
      let unchanged = 0;
      const toUpdate: Product[] = [];
      const toCreate: Product[] = [];
      for (const product of page) {
        const rows = byProduct.get(Number(product.id));
        if (!rows) toCreate.push(product);
        else if (rows.every((row) => sameValue(row.valor, valor))) unchanged += 1;
        else toUpdate.push(product);
      }
      const rowIdsOf = (products: Product[]) =>
        products.flatMap((p) => byProduct.get(Number(p.id))!.map((row) => row.id));
      const writes: Write[] = [];
      if (toUpdate.length) {
        writes.push({
          products: toUpdate,
          all: async (options) => {
            await values().updateAll({ valor }, { id: { inq: rowIdsOf(toUpdate) } }, options);
            return toUpdate.length;
          },
          one: async (product) => {
            await values().updateAll({ valor }, { id: { inq: rowIdsOf([product]) } });
          },
        });
      }
      if (toCreate.length) {
        writes.push({
          products: toCreate,
          all: async (options) => {
            for (const product of toCreate) await values().create(newRow(product), options);
            return toCreate.length;
          },
          one: async (product) => {
            await values().create(newRow(product));
          },
        });
      }
      return { unchanged, refused: [], writes };
    },
  };
}

export interface MassEditRunner {
  run(job: StoredJob): Promise<void>;
  /** Runs again the jobs a stop of the API left unfinished (at start). */
  resume(): Promise<void>;
  /** Resolves when no job of this process is running (tests, the bench). */
  idle(): Promise<void>;
  /** The API stops: running jobs end after their current chunk, left 'en curso' to resume at the next start. */
  stop(): Promise<void>;
}

export function massEditRunner(
  repos: RepositorySet,
  batch = MASS_EDIT_BATCH,
  stale = MASS_EDIT_STALE_MS,
): MassEditRunner {
  const running = new Set<Promise<void>>();
  let stopping = false;
  const jobs = () => repos.repository(JOBS);
  const products = () => repos.repository('productos');

  async function execute(job: StoredJob): Promise<void> {
    const id = job.id;
    const resumed = job.estado === 'en curso';
    // a resumed job continues from the progress it saved
    const counters: Counters = {
      hechos: resumed ? count(job.hechos) : 0,
      cambiados: resumed ? count(job.cambiados) : 0,
      sinCambios: resumed ? count(job.sinCambios) : 0,
      rechazados: resumed ? count(job.rechazados) : 0,
    };
    const refusals: RefusedProduct[] = resumed ? parseRefusals(job.informe) : [];
    let lastId = resumed ? count(job.ultimoId) : 0;
    // `latido`: the job is alive in this process (another process resumes it only once it stops beating)
    const progress = () => ({
      ...counters,
      informe: JSON.stringify(refusals),
      ultimoId: lastId,
      latido: new Date(),
    });
    try {
      let change: Change;
      if (job.campo === ATTRIBUTE_FIELD) {
        const attribute = await attributeOf(repos, job);
        if (!attribute) throw new Error('El atributo ya no existe.');
        change = attributeChange(repos, job, attribute);
      } else change = productFieldChange(repos, job);
      const where = await targetWhere(job);
      if (resumed) {
        await jobs().updateById(id, { estado: 'en curso', latido: new Date() });
      } else {
        const total = (await products().count(where)).count;
        await jobs().updateById(id, { estado: 'en curso', total, ...progress(), inicio: new Date() });
      }
      let estado = 'terminado';
      for (;;) {
        if (stopping) return;
        const now = await jobs().findById(id, { fields: { cancelarSN: true } });
        if (now.cancelarSN === 'S') {
          estado = 'cancelado';
          break;
        }
        const read: (keyof Product)[] = ['id', 'nombre', ...change.fields];
        const page = (
          await products().find({
            where: { and: [where, { id: { gt: lastId } }] },
            order: ['id ASC'],
            limit: batch,
            fields: Object.fromEntries(read.map((f) => [f, true])),
          })
        ).map((row) => row.toObject());
        if (!page.length) break;
        const { unchanged, refused, writes } = await change.plan(page);
        const chunkLast = Number(page[page.length - 1].id);
        const chunk: Counters = {
          hechos: page.length,
          cambiados: 0,
          sinCambios: unchanged,
          rechazados: refused.length,
        };
        const refuse = (product: Product, reason: string) => {
          if (refusals.length < MAX_REPORTED_REFUSALS) {
            refusals.push({ id: Number(product.id), nombre: String(product.nombre ?? ''), motivo: reason });
          }
        };
        for (const { product, reason } of refused) refuse(product, reason);
        const add = () => {
          for (const key of Object.keys(chunk) as (keyof Counters)[]) counters[key] += chunk[key];
          lastId = chunkLast;
        };
        try {
          // the chunk's writes and its progress in one transaction: done and counted once, or not at all
          await inTransaction(products().dataSource, async (options) => {
            for (const write of writes) chunk.cambiados += await write.all(options);
            const saved = { ...progress(), ultimoId: chunkLast };
            for (const key of Object.keys(chunk) as (keyof Counters)[]) saved[key] += chunk[key];
            await jobs().updateById(id, saved, options);
          });
          add();
        } catch {
          // a rule refused the chunk: product by product, so only the refused ones stay out
          chunk.cambiados = 0;
          for (const write of writes) {
            for (const product of write.products) {
              try {
                await write.one(product);
                chunk.cambiados += 1;
              } catch (err) {
                chunk.rechazados += 1;
                refuse(product, reasonOf(err));
              }
            }
          }
          add();
          await jobs().updateById(id, progress());
        }
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

  const run = (job: StoredJob): Promise<void> => {
    const work = execute(job);
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };

  /** The email of the person who started a job (their writes are recorded as theirs). */
  const personOf = async (job: StoredJob): Promise<string | undefined> => {
    if (job.usuarioId === null || job.usuarioId === undefined) return undefined;
    const [user] = await repos
      .repository('usuarios')
      .find({ where: { id: job.usuarioId }, fields: { id: true, mail: true }, limit: 1 });
    return user?.mail ? String(user.mail) : undefined;
  };

  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) work().catch((err: unknown) => console.error('mass edit: resume failed', err));
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  /**
   * Takes up an unfinished job: at once when its last beat is older than `stale` (its process is gone), else
   * once it has stopped beating (it may still run in another process of the same database). The claim is a
   * conditional write of the beat it was seen with: of two processes starting together, one runs it.
   */
  const takeUp = async (seen: StoredJob): Promise<void> => {
    const beat = seen.latido ? new Date(seen.latido).getTime() : undefined;
    const age = beat === undefined ? Infinity : Date.now() - beat;
    if (age < stale) {
      later(stale - age + 50, async () => {
        const now = (await jobs().find({ where: { id: seen.id }, limit: 1 }))[0];
        const job = now?.toObject();
        if (job && (job.estado === 'en curso' || job.estado === null)) await takeUp(job);
      });
      return;
    }
    const { count: claimed } = await jobs().updateAll(
      { latido: new Date() },
      { id: seen.id, latido: { eq: seen.latido ?? null } },
    );
    if (claimed !== 1) return;
    console.log(`mass edit: job ${String(seen.id)} resumes after product ${String(seen.ultimoId ?? 0)}`);
    const usuario = await personOf(seen);
    void asOwnVersion('edicion_masiva', () => run(seen), usuario);
  };

  return {
    run,
    async resume() {
      const unfinished = await jobs().find({
        where: { or: [{ estado: 'en curso' }, { estado: { eq: null } }] },
        order: ['id ASC'],
      });
      for (const found of unfinished) await takeUp(found.toObject());
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await this.idle();
    },
  };
}

/** The runner of the API (for the bench and tests that wait for jobs). */
export let currentRunner: MassEditRunner | undefined;

export const feature: Feature = {
  name: 'mass-edit',
  register: ({ app, repositories, registry }) => {
    if (!repositories.repositories.has(JOBS) || !repositories.repositories.has('productos')) return;
    const batch = Number(process.env.MASS_EDIT_BATCH);
    const stale = Number(process.env.MASS_EDIT_STALE_MS);
    const runner = massEditRunner(
      repositories,
      batch > 0 ? batch : MASS_EDIT_BATCH,
      stale >= 0 && process.env.MASS_EDIT_STALE_MS ? stale : MASS_EDIT_STALE_MS,
    );
    currentRunner = runner;
    repositories.repository(JOBS).addHooks({
      async beforeWrite(row) {
        // the job as asked (not yet started: its progress updates and a cancel are not checked again)
        if (row.estado === undefined || row.estado === null) await checkJob(repositories, registry, row);
      },
      async afterCreate(row) {
        // in this request's write context: the history records the person, with origin «edición masiva»
        void asOwnVersion('edicion_masiva', () => runner.run(row));
      },
    });
    // unfinished jobs resume once the API has started (its tables exist then)
    app.onStart(() =>
      runner.resume().catch((err: unknown) => console.error('mass edit: resume failed', err)),
    );
    app.onStop(() => runner.stop());
  },
};
