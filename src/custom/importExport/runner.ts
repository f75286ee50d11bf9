/**
 * Runs an import through the standard endpoints (docs/requirements.md#r7-api): rows in batches; per batch one lookup of the stored
 * records by key, then the new rows in one request and the changed rows (their changed fields) in another when
 * the API offers batch writes, else creates and changed-fields updates with bounded concurrency. A row equal to its stored
 * record sends nothing, so running the same file twice changes nothing the second time. Transient failures
 * (no answer, 5xx) are retried with back-off — a create is first looked up by key so a lost answer never
 * creates twice — and 4xx answers never are. Products created by import get the quick-create values and their
 * producto_general (docs/requirements.md#r5-validation). Cancelling stops before the next request; rows not sent are reported.
 */
import type { Identifier } from 'ra-core';
import { mapPool } from '../../core/pool';
import { recordId } from '../../dataProvider/loopback';
import type { LoopbackWhere } from '../../dataProvider/where';
import { schemaForTable } from '../../resources/registry';
import type { FieldSchema, ResourceSchema } from '../../resources/types';
import type { ImportBackend } from './backend';
import { batchesOf } from './batches';
import { exportedText } from '../../core/csv/csvWrite';
import { importFailure, notFoundMessage } from './importErrors';
import { describeKey, rowKey, StoredIndex, type RowKey } from './keys';
import { productoGeneralFor, quickCreateProduct, type Row } from '../../core/csv/normalize';
import { requiredMessage, requiredOnCreate, type PreparedRow, type RowProblem } from './prepare';
import { idColumn } from '../../resources/csvTables';
import type { ImportProgress, ImportReport, RejectedRow } from '../../core/jobReport';

export type { ImportProgress, ImportReport, RejectedRow };

export interface ImportOptions {
  schema: ResourceSchema;
  rows: readonly PreparedRow[];
  backend: ImportBackend;
  /**
   * The selected company. Quick-created products do NOT get it: issue #9 and docs/requirements.md#r5-validation say empresaId 1
   * (normalize.ts QUICK_PRODUCT_EMPRESA_ID); the import page says so when another company is selected.
   */
  empresaId: number;
  /** field → the file's column, for the report. */
  columnOf?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  batchSize?: number;
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  now?: () => number;
}

export const CANCELLED_REASON = 'No se importó: importación cancelada';
export const DEFAULT_BATCH_SIZE = 500;
export const DEFAULT_CONCURRENCY = 6;
/** Batches under way at once (the next one's lookup and request overlap the current one's writes). */
const BATCHES_IN_FLIGHT = 2;
/**
 * URL-encoded characters of the values of one lookup: its URL stays below 8 KiB (the request line a proxy
 * such as nginx accepts by default, and far below Node's 16 KiB header limit). 200 usual SKUs fit in one.
 */
const MAX_WHERE_CHARS = 6000;

// ---------- comparison ----------

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const NUMERIC: ReadonlySet<FieldSchema['type']> = new Set(['integer', 'number', 'reference']);

/** Whether an imported value equals the stored one (a CSV export's lossy text counts as equal). */
export function sameValue(field: FieldSchema, value: unknown, stored: unknown): boolean {
  if (isBlank(value) || isBlank(stored)) return isBlank(value) && isBlank(stored);
  if (NUMERIC.has(field.type)) return Number(value) === Number(stored);
  if (field.type === 'date' || field.type === 'datetime') {
    return Date.parse(String(value)) === Date.parse(String(stored));
  }
  if (typeof value === 'string' && typeof stored === 'string') {
    return value === stored || value === stored.trim() || value === exportedText(stored).trim();
  }
  return value === stored;
}

/**
 * The fields whose imported value differs from the stored record. Empty cells change nothing (a partial or
 * blank column never wipes stored data, and values the API defaulted on create stay equal on the next run);
 * ids, the company and write-only fields are never updated.
 */
export function changedValues(schema: ResourceSchema, values: Row, stored: Row): Row {
  const changes: Row = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === schema.companyField || isBlank(value)) continue;
    const field = schema.fields.find((candidate) => candidate.name === name);
    if (!field || field.readOnly || field.writeOnly) continue;
    if (!sameValue(field, value, stored[name])) changes[name] = value;
  }
  return changes;
}

// ---------- transport ----------

const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = Number((error as { status: unknown }).status);
  return Number.isFinite(status) ? status : undefined;
};

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/** No answer (status 0, network failure) or a 5xx: worth another try. A 4xx never is. */
export function isTransient(error: unknown): boolean {
  if (isAbort(error)) return false;
  const status = statusOf(error);
  if (status !== undefined) return status === 0 || status >= 500;
  return error instanceof TypeError;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetry<T>(
  run: () => Promise<T>,
  retries: number,
  delayMs: number,
  beforeRetry?: () => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isTransient(error) || attempt >= retries) throw error;
      await sleep(delayMs * 2 ** attempt);
      const recovered = beforeRetry ? await beforeRetry().catch(() => undefined) : undefined;
      if (recovered !== undefined) return recovered;
    }
  }
}

// ---------- lookups ----------

/** The where selecting the stored records of some keys, split so each stays short enough for a URL. */
export function lookupWheres(keys: readonly RowKey[]): LoopbackWhere[] {
  const groups = new Map<string, { fields: string[]; values: unknown[][] }>();
  for (const key of keys) {
    const fields = key.kind === 'id' ? [key.field] : key.fields;
    const values = key.kind === 'id' ? [key.value] : key.values;
    const name = fields.join('+');
    const group = groups.get(name) ?? { fields, values: [] };
    group.values.push(values);
    groups.set(name, group);
  }
  const wheres: LoopbackWhere[] = [];
  for (const { fields, values } of groups.values()) {
    let chunk: unknown[][] = [];
    let size = 0;
    const flush = () => {
      if (!chunk.length) return;
      const parts = fields.map((field, i) => ({
        [field]: { inq: [...new Set(chunk.map((v) => v[i]))] as (string | number)[] },
      }));
      wheres.push(parts.length === 1 ? parts[0] : { and: parts });
      chunk = [];
      size = 0;
    };
    for (const value of values) {
      const length = encodeURIComponent(JSON.stringify(value)).length; // as the URL carries it
      if (size + length > MAX_WHERE_CHARS) flush();
      chunk.push(value);
      size += length;
    }
    flush();
  }
  return wheres;
}

// ---------- the run ----------

interface Task {
  row: PreparedRow;
  operation: 'create' | 'update';
  run: () => Promise<'created' | 'updated'>;
  /** An update: the stored record's id and the fields that change. */
  update?: { id: Identifier; changes: Row };
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const { schema, backend, signal } = options;
  const table = schema.table ?? schema.name;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const retries = Math.max(0, options.retries ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 400;
  const now = options.now ?? (() => Date.now());
  const started = now();
  const columnOf = (field: string): string => options.columnOf?.[field] ?? field;
  const isProduct = schema.table === 'productos';
  const generalSchema = isProduct ? schemaForTable('producto_general') : undefined;

  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const rejectedRows: RejectedRow[] = [];
  let done = 0;
  let generalsCreated = 0;
  let notProcessed = 0;
  const notes: string[] = [];

  const progress = (): ImportProgress => {
    const elapsedMs = Math.max(0, now() - started);
    const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
    return {
      total: options.rows.length,
      done,
      ...counts,
      elapsedMs,
      rate,
      remainingMs: rate > 0 ? ((options.rows.length - done) / rate) * 1000 : null,
    };
  };
  const report = () => options.onProgress?.(progress());
  const reject = (row: PreparedRow, problems: RowProblem[]) => {
    rejectedRows.push({ line: row.line, problems });
    counts.rejected++;
    done++;
  };
  const finish = (outcome: 'created' | 'updated' | 'unchanged') => {
    counts[outcome]++;
    done++;
  };

  const find = (resource: string, where: LoopbackWhere) =>
    withRetry(() => backend.find(resource, where, signal), retries, retryDelayMs);

  const lookup = async (keys: RowKey[]): Promise<Row[]> => {
    const results = await Promise.all(lookupWheres(keys).map((where) => find(schema.name, where)));
    return results.flat();
  };

  /** Products without a producto_general get one (a previous run may have stopped between the two creates). */
  const ensureGenerals = async (products: Row[]): Promise<void> => {
    if (!generalSchema || !products.length) return;
    const ids = products.map((product) => product.id).filter((id) => typeof id === 'number');
    const existing = await find(generalSchema.name, { productoId: { inq: ids as number[] } });
    const have = new Set(existing.map((row) => row.productoId));
    const missing = products.filter((product) => !have.has(product.id));
    await mapPool(missing, concurrency, async (product) => {
      await withRetry(
        () =>
          backend.create(
            generalSchema.name,
            productoGeneralFor({ id: Number(product.id), nombre: String(product.nombre) }),
          ),
        retries,
        retryDelayMs,
      );
      generalsCreated++;
    });
  };

  const createTask =
    (row: PreparedRow, key: RowKey | undefined): Task['run'] =>
    async () => {
      const id = idColumn(schema);
      const data: Row = { ...row.values };
      if (id) delete data[id];
      const body = isProduct ? quickCreateProduct(data) : data;
      const recover = key ? async () => new StoredIndex(schema, await lookup([key])).find(key) : undefined;
      const created = await withRetry(
        () => backend.create(schema.name, body),
        retries,
        retryDelayMs,
        recover,
      );
      if (isProduct && generalSchema) {
        const general = productoGeneralFor({ id: Number(created.id), nombre: String(created.nombre) });
        try {
          await withRetry(() => backend.create(generalSchema.name, general), retries, retryDelayMs);
        } catch (error) {
          // The product exists: it is created, not rejected; importing the file again adds its general data.
          notes.push(
            `Línea ${row.line}: producto creado sin sus datos generales (${importFailure('create', error).reason}); ` +
              'se crearán al importar el fichero de nuevo',
          );
        }
      }
      return 'created';
    };

  const updateTask =
    (stored: Row, changes: Row): Task['run'] =>
    async () => {
      const id = recordId(schema, stored) as Identifier;
      await withRetry(() => backend.update(schema.name, id, changes, stored), retries, retryDelayMs);
      return 'updated';
    };

  const failureProblem = (operation: 'create' | 'update', error: unknown): RowProblem => {
    const failure = importFailure(operation, error);
    return { column: failure.field ? columnOf(failure.field) : '', reason: failure.reason };
  };

  /** Creates `creates` in one request; answers the tasks still to run one by one. */
  const createInBatch = async (creates: Task[]): Promise<Set<Task>> => {
    const left = new Set(creates);
    const createBatch = backend.createBatch;
    if (!createBatch || creates.length < 2 || signal?.aborted) return left;
    const id = idColumn(schema);
    const rows = creates.map((task) => {
      const values: Row = { ...task.row.values };
      if (id) delete values[id];
      return { line: task.row.line, values };
    });
    try {
      const answer = await createBatch(schema.name, rows, signal);
      if (answer.failed) return left;
      creates.forEach(() => finish('created'));
      report();
      return new Set();
    } catch {
      // no answer: the batch may have been written; rows found by their key are created, the others are sent
      try {
        const keys = creates.map((task) => rowKey(schema, task.row.values));
        const found = new StoredIndex(
          schema,
          await lookup(keys.filter((key): key is RowKey => key !== undefined)),
        );
        creates.forEach((task, i) => {
          const key = keys[i];
          if (key && found.find(key)) {
            finish('created');
            left.delete(task);
          }
        });
      } catch {
        // the rows go one by one (each retried and looked up as usual)
      }
      return left;
    }
  };

  /** Writes the changes of `updates` in one request; answers the tasks still to run one by one. */
  const updateInBatch = async (updates: Task[]): Promise<Set<Task>> => {
    const left = new Set(updates);
    const updateBatch = backend.updateBatch;
    // rows of a table keyed by a pair of fields are named by that pair (PATCH ?where): one by one
    if (!updateBatch || schema.compositeKey || updates.length < 2 || signal?.aborted) return left;
    const rows = updates.flatMap((task) =>
      task.update ? [{ line: task.row.line, id: task.update.id, values: task.update.changes }] : [],
    );
    try {
      const answer = await updateBatch(schema.name, rows, signal);
      if (answer.failed) return left;
      updates.forEach(() => finish('updated'));
      report();
      return new Set();
    } catch {
      // no answer: writing the same changes again is harmless, so the rows go one by one (each retried)
      return left;
    }
  };

  const valid: PreparedRow[] = [];
  for (const row of options.rows) {
    if (row.problems.length) reject(row, row.problems);
    else valid.push(row);
  }
  report();

  /** Stored record → the line that claimed it: a second row on the same record is a duplicate. */
  const claimed = new Map<string, number>();
  const required = requiredOnCreate(schema);

  /** A batch's keys as comparable slots: a later batch naming one of them waits for the earlier one's writes. */
  const slotOf = (key: RowKey): string =>
    key.kind === 'id' ? `${key.field}:${key.text}` : `${key.fields.join('+')}:${key.text}`;

  /**
   * One batch: its lookup, its rows matched to stored records (after the previous batch's, in file order),
   * then its writes. `before` resolves once the previous batch is matched; `waitFor`, when given, once the
   * previous batch is written (it creates or changes a record this batch names).
   */
  const runBatch = async (
    batch: PreparedRow[],
    keys: (RowKey | undefined)[],
    before: Promise<void>,
    waitFor: Promise<void> | undefined,
    classified: () => void,
  ): Promise<void> => {
    if (waitFor) await waitFor;
    let stored: StoredIndex;
    try {
      stored = new StoredIndex(schema, await lookup(keys.filter((key): key is RowKey => key !== undefined)));
    } catch (error) {
      await before;
      for (const row of batch) reject(row, [failureProblem('update', error)]);
      report();
      return;
    }
    // rows are matched to stored records in file order (the first row naming a record claims it)
    await before;
    const tasks: Task[] = [];
    const existingProducts: Row[] = [];
    batch.forEach((row, i) => {
      const key = keys[i];
      const record = key ? stored.find(key) : undefined;
      if (key?.kind === 'id' && !record) {
        const message = `Entity not found: ${schema.model} with id ${String(key.value)}`;
        reject(row, [{ column: columnOf(key.field), reason: notFoundMessage(message) }]);
        return;
      }
      if (record) {
        const recordKey = String(recordId(schema, record));
        const first = claimed.get(recordKey);
        if (first !== undefined) {
          reject(row, [
            {
              column: '',
              reason: `Fila duplicada: ${key ? describeKey(key) : 'la clave'} es el mismo registro que la línea ${first}`,
            },
          ]);
          return;
        }
        claimed.set(recordKey, row.line);
        if (isProduct) existingProducts.push(record);
        const changes = changedValues(schema, row.values, record);
        if (!Object.keys(changes).length) finish('unchanged');
        else
          tasks.push({
            row,
            operation: 'update',
            run: updateTask(record, changes),
            update: { id: recordId(schema, record) as Identifier, changes },
          });
        return;
      }
      const missing = required.filter((field) => isBlank(row.values[field.name]));
      if (missing.length) {
        reject(
          row,
          missing.map((field) => ({ column: columnOf(field.name), reason: requiredMessage(field.name) })),
        );
        return;
      }
      tasks.push({ row, operation: 'create', run: createTask(row, key) });
    });
    classified();
    report();

    // new rows in one request and one transaction when the API offers it, and changed rows in another; a
    // batch it undoes goes row by row (each row then gets its own reason), and so does one whose answer was
    // lost (once the rows it did create are found)
    const perRow = await createInBatch(tasks.filter((task) => task.operation === 'create'));
    const updatesLeft = await updateInBatch(tasks.filter((task) => task.operation === 'update'));
    const rest = tasks.filter((task) =>
      task.operation === 'create' ? perRow.has(task) : updatesLeft.has(task),
    );

    let stopped = false;
    await mapPool(rest, concurrency, async (task) => {
      if (signal?.aborted) {
        stopped = true;
        rejectedRows.push({
          line: task.row.line,
          problems: [{ column: '', reason: CANCELLED_REASON }],
          cancelled: true,
        });
        notProcessed++;
        return;
      }
      try {
        finish(await task.run());
      } catch (error) {
        reject(task.row, [failureProblem(task.operation, error)]);
      }
      report();
    });
    if (!stopped && !signal?.aborted) {
      try {
        await ensureGenerals(existingProducts);
      } catch (error) {
        // the products themselves are imported; a later run creates the missing general data
        notes.push(
          `No se pudieron completar los datos generales de algunos productos: ${importFailure('create', error).reason}`,
        );
      }
    }
  };

  // Two batches in flight: the next batch's lookup and request overlap the current one's writes (the API and
  // the database work meanwhile), unless it names a record the current one writes.
  let previous: { slots: Set<string>; matched: Promise<void>; done: Promise<void> } | undefined;
  const inFlight: Promise<void>[] = [];
  const batches = batchesOf(valid, batchSize);
  for (const [index, batch] of batches.entries()) {
    if (signal?.aborted) {
      for (const row of batches.slice(index).flat()) {
        rejectedRows.push({
          line: row.line,
          problems: [{ column: '', reason: CANCELLED_REASON }],
          cancelled: true,
        });
        notProcessed++;
      }
      break;
    }
    const keys = batch.map((row) => rowKey(schema, row.values));
    const slots = new Set(keys.flatMap((key) => (key ? [slotOf(key)] : [])));
    const earlier = previous;
    const overlaps = earlier ? [...slots].some((slot) => earlier.slots.has(slot)) : false;
    let classified = () => undefined as void;
    const matched = new Promise<void>((resolve) => (classified = resolve));
    const done = runBatch(
      batch,
      keys,
      earlier?.matched ?? Promise.resolve(),
      overlaps ? earlier?.done : undefined,
      () => classified(),
    ).finally(() => classified());
    previous = { slots, matched, done };
    inFlight.push(done);
    if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);

  rejectedRows.sort((a, b) => a.line - b.line);
  const final = progress();
  options.onProgress?.(final);
  return {
    ...final,
    table,
    rejectedRows,
    notProcessed,
    cancelled: notProcessed > 0,
    generalsCreated,
    notes,
  };
}
