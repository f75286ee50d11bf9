/**
 * One generic repository class for every schema. On top of LoopBack's DefaultCrudRepository it:
 * - stamps fechaCreacion/fechaGeneracion/fecha on create and fechaModificacion on every write (when declared);
 * - hashes `password` (bcrypt, server/passwords.ts) and never lets an empty one overwrite the stored hash;
 * - keeps server-managed fields (stamps, sync columns, write-only fields) on PUT, which replaces the rest;
 * - drops joined columns before writing and fills them on read (EmpresasBC ← Marca, see joins.ts);
 * - drops conditions on write-only fields from every `where` (where.ts);
 * - checks the schema's declared rules (date order, check digits) and runs the WriteHooks features add (write-rules.ts) on every
 *   create, update, replace and delete, beforeDelete hooks included (createAll, the seed's bulk insert, only checks unique keys);
 *   afterUpdate hooks get each row as it was and as it is now; recordWrites hooks (history) run in the write's transaction;
 * - writes many rows as one (createMany, updateMany: the import's batches) with the same rules, set-based where a hook offers
 *   beforeWriteMany, one INSERT per batch, and the recordWrites hooks called once for the batch;
 * - writes the POST route's creates that wait for one under way as one createMany (group commit: create-batch.ts), where
 *   a create is recorded in a transaction.
 * Unique keys, case-insensitive `like` and ER_DUP_ENTRY are the database's (indexes from the declarations; on
 * PostgreSQL see store/postgres-connector.ts).
 */
import { hashPassword } from './passwords';
import {
  DefaultCrudRepository,
  Entity,
  EntityNotFoundError,
  juggler,
  type AnyObject,
  type Count,
  type DataObject,
  type EntityCrudRepository,
  type Filter,
  type FilterExcludingWhere,
  type Options,
  type Where,
} from '@loopback/repository';
import type { Getter } from '@loopback/core';
import type { RelationSchema, ResourceSchema } from '../src/resources/types';
import type { PlainRow } from './repository-set';
import { serverManagedFields, writeOnlyFields } from './models';
import { createBatcher } from './create-batch';
import { PlainRowReader, rowsAsFound } from './plain-rows';
import { inTransaction, supportsTransactions } from './transaction';
import { rewriteWhere, type WhereRewriteOptions } from './where';
import {
  checkDeclaredRules,
  hasDeclaredRules,
  type RowChange,
  type WriteHooks,
  type WriteRecord,
} from './write-rules';

export type Row = Entity & AnyObject;
export type IdType = number | string;
export type RowClass = typeof Entity & { prototype: Row };

/** Read-side decoration of rows (joined columns); returns nothing, mutates the rows. */
export type RowDecorator = (rows: Row[]) => Promise<void>;

const CREATE_STAMPS = ['fechaCreacion', 'fechaGeneracion', 'fecha'];
const WRITE_STAMP = 'fechaModificacion';
const PASSWORD = 'password';

/**
 * A row as a plain object (hooks work on data, not entities): its own properties, which LoopBack types as
 * `Object`.
 */
export const plainRow = (row: Pick<Entity, 'toObject'>): PlainRow => row.toObject() as PlainRow;
const plain = plainRow;

export { hashPassword };

export interface SchemaRepositoryOptions {
  /** Columns computed on read, never stored. */
  joinedFields?: readonly string[];
  decorate?: RowDecorator;
}

export class SchemaRepository extends DefaultCrudRepository<Row, IdType, AnyObject> {
  private readonly whereOptions: WhereRewriteOptions;
  private readonly createStamps: string[];
  private readonly hasWriteStamp: boolean;
  private readonly preservedOnReplace: string[];
  private readonly joined: Set<string>;
  private readonly idProp: string;
  private readonly hooks: WriteHooks[] = [];
  private readonly declaredRules: boolean;
  /** Lists without model instances (null: this model is not one that path is certain of). */
  private plainReader?: PlainRowReader | null;
  private readonly batch = createBatcher<Row>({
    one: (data) => this.createOne(data),
    many: (data) => this.createMany(data),
  });

  constructor(
    entityClass: RowClass,
    dataSource: juggler.DataSource,
    readonly schema: ResourceSchema,
    private readonly options: SchemaRepositoryOptions,
  ) {
    super(entityClass, dataSource);
    const readOnlyDates = new Set(
      schema.fields
        .filter((f) => f.readOnly && (f.type === 'datetime' || f.type === 'date'))
        .map((f) => f.name),
    );
    this.whereOptions = { hidden: new Set(writeOnlyFields(schema)) };
    this.createStamps = CREATE_STAMPS.filter((f) => readOnlyDates.has(f));
    this.hasWriteStamp = readOnlyDates.has(WRITE_STAMP);
    this.joined = new Set(options.joinedFields ?? []);
    this.preservedOnReplace = [...serverManagedFields(schema), ...writeOnlyFields(schema)].filter(
      (f) => !this.joined.has(f) && f !== WRITE_STAMP,
    );
    this.idProp = entityClass.definition.idProperties()[0];
    this.declaredRules = hasDeclaredRules(schema);
  }

  /**
   * This repository with its untyped signatures: for code driven by a schema at run time (field names read from
   * the declaration, e.g. the generic checks over any resource). A repository typed from its declaration
   * (repository-set.ts RepositoryOf) answers the same object here.
   */
  get untyped(): SchemaRepository {
    return this;
  }

  // ---- write rules ----

  /** Adds rules run around this resource's writes (server features: overlap checks, ERP calls). */
  addHooks(hooks: WriteHooks): void {
    this.hooks.push(hooks);
  }

  private get checksWrites(): boolean {
    return this.declaredRules || this.hooks.some((h) => h.beforeWrite);
  }

  /** Refuses (throws) before anything is written when a row breaks a rule. */
  private async checkRows(rows: readonly PlainRow[], stored?: readonly PlainRow[]): Promise<void> {
    for (const [i, row] of rows.entries()) {
      if (this.declaredRules) checkDeclaredRules(this.schema, row);
      for (const hook of this.hooks) if (hook.beforeWrite) await hook.beforeWrite(row, stored?.[i]);
    }
  }

  /**
   * The write rules (declared rules and beforeWrite hooks) on a row as it would be stored, without writing it
   * (the import's dry run): throws what the write would; answers the row as the hooks normalised it.
   */
  async checkWrite(row: PlainRow): Promise<PlainRow> {
    const checked = { ...row };
    if (this.checksWrites) await this.checkRows([checked]);
    return checked;
  }

  /**
   * The write rules on many rows at once (a batch): each row gets the refusal `checkRows` would throw for it
   * alone (undefined: it passes), in order; a row a rule refuses is not shown to the next rules. Hooks with
   * `beforeWriteMany` check the whole batch in a constant number of queries, the others row by row. The rows
   * are normalised in place as the hooks leave them.
   */
  private async checkMany(
    rows: PlainRow[],
    stored?: readonly (PlainRow | undefined)[],
  ): Promise<(unknown | undefined)[]> {
    const errors: (unknown | undefined)[] = rows.map(() => undefined);
    if (this.declaredRules) {
      rows.forEach((row, i) => {
        try {
          checkDeclaredRules(this.schema, row);
        } catch (error) {
          errors[i] = error;
        }
      });
    }
    for (const hook of this.hooks) {
      const open = rows.flatMap((_, i) => (errors[i] === undefined ? [i] : []));
      if (!open.length) break;
      if (hook.beforeWriteMany) {
        const refused = await hook.beforeWriteMany(
          open.map((i) => rows[i]),
          stored && open.map((i) => stored[i]),
        );
        open.forEach((i, k) => {
          if (refused[k] !== undefined) errors[i] = refused[k];
        });
      } else if (hook.beforeWrite) {
        for (const i of open) {
          try {
            await hook.beforeWrite(rows[i], stored?.[i]);
          } catch (error) {
            errors[i] = error;
          }
        }
      }
    }
    return errors;
  }

  /**
   * The write rules on many rows as they would be stored, without writing them (the import's dry run of a
   * batch): for each row, as the hooks normalised it, or the refusal its write would answer. `stored`: the
   * rows as they are now, for updates.
   */
  async checkWriteMany(
    rows: readonly PlainRow[],
    stored?: readonly (PlainRow | undefined)[],
  ): Promise<{ row: PlainRow; error?: unknown }[]> {
    const checked = rows.map((row) => ({ ...row }));
    const errors = this.checksWrites ? await this.checkMany(checked, stored) : [];
    return checked.map((row, i) => (errors[i] === undefined ? { row } : { row, error: errors[i] }));
  }

  /** The first refusal of a batch, marked with the position of its row (`rowIndex`). */
  private static firstRefusal(errors: readonly (unknown | undefined)[]): unknown {
    const index = errors.findIndex((error) => error !== undefined);
    if (index < 0) return undefined;
    const error = errors[index];
    if (error && typeof error === 'object') Object.assign(error, { rowIndex: index });
    return error ?? new Error(`row ${index} refused`);
  }

  /** Runs the hooks of `kind` (with `transactional` false: the delete hooks not already run in its transaction). */
  private async after(
    kind: 'afterCreate' | 'afterDelete',
    rows: PlainRow[],
    transactional = true,
  ): Promise<void> {
    if (!rows.length) return;
    for (const hook of this.hooks) {
      if (!transactional && hook.deleteInTransaction) continue;
      try {
        if (kind === 'afterCreate') for (const row of rows) await hook.afterCreate?.(row);
        else await hook.afterDelete?.(rows);
      } catch (err) {
        console.error(`${this.schema.name}: ${kind} failed`, err);
      }
    }
  }

  private get checksDeletes(): boolean {
    return this.hooks.some((h) => h.beforeDelete);
  }

  /** Runs the beforeDelete hooks (they refuse by throwing, or remove what depends on the rows). */
  private async checkDeletes(rows: PlainRow[]): Promise<void> {
    if (!rows.length) return;
    for (const hook of this.hooks) if (hook.beforeDelete) await hook.beforeDelete(rows);
  }

  private get observesDeletes(): boolean {
    return this.hooks.some((h) => h.afterDelete);
  }

  private get observesUpdates(): boolean {
    return this.hooks.some((h) => h.afterUpdate);
  }

  private get recordsWrites(): boolean {
    return this.hooks.some((h) => h.recordWrites);
  }

  /** Runs the recordWrites hooks (a failure fails the write, and undoes it inside a transaction). */
  private async record(records: WriteRecord[], options: Options | undefined): Promise<void> {
    if (!records.length) return;
    for (const hook of this.hooks) if (hook.recordWrites) await hook.recordWrites(records, options ?? {});
  }

  /** A write and its record, in one transaction on a store with transactions (the caller's when given). */
  private recorded<T>(
    options: Options | undefined,
    work: (tx: Options | undefined) => Promise<T>,
  ): Promise<T> {
    if (!this.recordsWrites) return work(options);
    return inTransaction(this.dataSource, (tx) => work(tx), options);
  }

  // ---- reads ----

  private where<W>(where: W): W {
    return rewriteWhere(where, this.whereOptions);
  }

  private async decorated<R extends Row>(rows: R[]): Promise<R[]> {
    if (this.options.decorate && rows.length) await this.options.decorate(rows);
    return rows;
  }

  async find(filter?: Filter<Row>, options?: Options): Promise<Row[]> {
    const rows = await super.find(filter && { ...filter, where: this.where(filter.where) }, options);
    return this.decorated(rows);
  }

  /**
   * The rows of `filter` as the API answers them: plain objects (plain-rows.ts) where that path is certain to
   * give the same body, else LoopBack's entities (which JSON.stringify writes the same).
   */
  async findAnswer(filter?: Filter<Row>): Promise<object[]> {
    if (!this.options.decorate) {
      this.plainReader ??= PlainRowReader.for(this.modelClass, this.entityClass) ?? null;
      const plain = await this.plainReader?.find(filter && { ...filter, where: this.where(filter.where) });
      if (plain) return plain;
    }
    return this.find(filter);
  }

  async findOne(filter?: Filter<Row>, options?: Options): Promise<Row | null> {
    const row = await super.findOne(filter && { ...filter, where: this.where(filter.where) }, options);
    if (row) await this.decorated([row]);
    return row;
  }

  async findById(id: IdType, filter?: FilterExcludingWhere<Row>, options?: Options): Promise<Row> {
    const row = await super.findById(id, filter, options);
    await this.decorated([row]);
    return row;
  }

  async count(where?: Where<Row>, options?: Options): Promise<Count> {
    return super.count(this.where(where), options);
  }

  // ---- writes ----

  private async prepare(data: DataObject<Row>, mode: 'create' | 'update'): Promise<PlainRow> {
    const row: PlainRow = { ...data };
    for (const field of this.joined) delete row[field];
    const now = new Date();
    if (mode === 'create') {
      for (const stamp of this.createStamps) if (row[stamp] == null) row[stamp] = now;
      if (this.hasWriteStamp && row[WRITE_STAMP] == null) row[WRITE_STAMP] = now;
    } else {
      delete row[this.idProp];
      if (this.hasWriteStamp) row[WRITE_STAMP] = now;
    }
    if (PASSWORD in row && this.whereOptions.hidden.has(PASSWORD)) {
      const plain = row[PASSWORD];
      if (typeof plain === 'string' && plain !== '') row[PASSWORD] = await hashPassword(plain);
      else delete row[PASSWORD];
    }
    return row;
  }

  /**
   * A route's create may join the creates under way (create-batch.ts) where a create is a transaction already
   * (its write is recorded): a batch that fails then leaves nothing behind to be written again. Any other runs
   * alone.
   */
  async create(data: DataObject<Row>, options?: Options): Promise<Row> {
    const batchable = options === undefined && this.recordsWrites && supportsTransactions(this.dataSource);
    return batchable ? this.batch.create(data) : this.createOne(data, options);
  }

  private async createOne(data: DataObject<Row>, options?: Options): Promise<Row> {
    const row = await this.prepare(data, 'create');
    if (this.checksWrites) await this.checkRows([row]);
    const created = await this.recorded(options, async (tx) => {
      const stored = await super.create(row as DataObject<Row>, tx);
      if (this.recordsWrites) await this.record([{ after: plain(stored) }], tx);
      return stored;
    });
    await this.after('afterCreate', [plain(created)]);
    return created;
  }

  /**
   * Many new rows as one write (the import's batch): the same rules and hooks as `create` row by row — set-based
   * where a hook offers it (beforeWriteMany), recordWrites hooks once with every row — in one transaction, with
   * one INSERT per set of columns. A refusal throws before anything is written, marked with its row's position
   * in `data` (`rowIndex`); unique keys are the database's (a duplicate fails the whole INSERT).
   */
  async createMany(data: DataObject<Row>[], options?: Options): Promise<Row[]> {
    if (!data.length) return [];
    const rows = await Promise.all(data.map((d) => this.prepare(d, 'create')));
    if (this.checksWrites) {
      const refusal = SchemaRepository.firstRefusal(await this.checkMany(rows));
      if (refusal !== undefined) throw refusal;
    }
    const created = await this.recorded(options, async (tx) => {
      const stored = await this.insertMany(rows, tx);
      if (this.recordsWrites)
        await this.record(
          stored.map((row) => ({ after: plain(row) })),
          tx,
        );
      return stored;
    });
    await this.after('afterCreate', created.map(plain));
    return created;
  }

  /**
   * Multi-row INSERTs, one per set of given columns (the connectors list the columns of the first row: a row
   * without a column another has would get NULL instead of its default), answered in the order of `rows`.
   */
  private async insertMany(rows: PlainRow[], options: Options | undefined): Promise<Row[]> {
    const groups = new Map<string, number[]>();
    rows.forEach((row, i) => {
      const signature = Object.keys(row)
        .filter((key) => row[key] !== undefined)
        .sort()
        .join(',');
      groups.set(signature, [...(groups.get(signature) ?? []), i]);
    });
    const out: Row[] = new Array<Row>(rows.length);
    for (const indices of groups.values()) {
      const stored = await super.createAll(indices.map((i) => rows[i]) as DataObject<Row>[], options);
      indices.forEach((i, k) => (out[i] = stored[k]));
    }
    return out;
  }

  /**
   * Changes to many stored rows as one write (the import's batch of updates): each `{ id, data }` as a PATCH of
   * that row — the same rules (set-based where a hook offers it), in one transaction with its record. The rows
   * are read once; a row that does not exist throws 404, a refusal throws marked with its position
   * (`rowIndex`) before anything is written.
   */
  async updateMany(
    changes: readonly { id: IdType; data: DataObject<Row> }[],
    options?: Options,
  ): Promise<void> {
    if (!changes.length) return;
    const prepared = await Promise.all(changes.map((c) => this.prepare(c.data, 'update')));
    // one write, one modification time
    const stamp = new Date();
    if (this.hasWriteStamp) for (const row of prepared) row[WRITE_STAMP] = stamp;
    const ids = changes.map((c) => c.id);
    const changed = await inTransaction(
      this.dataSource,
      async (tx) => {
        const found = new Map(
          (await super.find({ where: { [this.idProp]: { inq: ids } } }, tx))
            .map(plain)
            .map((row) => [String(row[this.idProp]), row]),
        );
        const before = changes.map((c, index) => {
          const row = found.get(String(c.id));
          if (!row) throw Object.assign(new EntityNotFoundError(this.entityClass, c.id), { rowIndex: index });
          return row;
        });
        if (this.checksWrites) {
          const checked = before.map((row, i) => ({
            ...row,
            ...prepared[i],
            [this.idProp]: row[this.idProp],
          }));
          const refusal = SchemaRepository.firstRefusal(await this.checkMany(checked, before));
          if (refusal !== undefined) throw refusal;
          // a field the hooks normalised is written as they left it
          prepared.forEach((row, i) => {
            for (const name of Object.keys(row)) row[name] = checked[i][name];
          });
        }
        // rows given the same changes are written by one UPDATE
        const groups = new Map<string, { row: PlainRow; ids: IdType[] }>();
        for (const [i, row] of prepared.entries()) {
          if (!Object.keys(row).some((k) => k in this.entityClass.definition.properties)) continue;
          const key = JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1)));
          const group = groups.get(key) ?? { row, ids: [] };
          group.ids.push(changes[i].id);
          groups.set(key, group);
        }
        for (const { row, ids: same } of groups.values()) {
          const where = { [this.idProp]: same.length === 1 ? same[0] : { inq: same } };
          await super.updateAll(row as DataObject<Row>, where, tx);
        }
        const changed = this.recordsWrites || this.observesUpdates ? await this.readBack(before, tx) : [];
        if (this.recordsWrites) await this.record(changed, tx);
        return changed;
      },
      options,
    );
    if (this.observesUpdates) await this.runAfterUpdate(changed);
  }

  /** Bulk insert (the demo seed): unique keys are checked (by the database), write rules and hooks are not. */
  async createAll(data: DataObject<Row>[], options?: Options): Promise<Row[]> {
    const rows = await Promise.all(data.map((d) => this.prepare(d, 'create')));
    return super.createAll(rows as DataObject<Row>[], options);
  }

  async updateAll(data: DataObject<Row>, where?: Where<Row>, options?: Options): Promise<Count> {
    // Nothing to change changes nothing (an empty SET is a syntax error on SQL engines).
    if (!Object.keys(data ?? {}).length) return { count: 0 };
    const changes = await this.prepare(data, 'update');
    const w = this.where(where);
    // Nothing to write (`PATCH ?where` with {}): the rows that matched, as the memory store answered; SQL has
    // no UPDATE without columns.
    if (!Object.keys(changes).some((k) => k in this.entityClass.definition.properties)) {
      return super.count(w, options);
    }
    const recording = this.recordsWrites;
    const observing = this.observesUpdates;
    // the rows are read once before the write (for the rules, the record and the hooks) and once after it
    const { result, changed } = await this.recorded(options, async (tx) => {
      const previous =
        this.checksWrites || observing || recording ? (await super.find({ where: w }, tx)).map(plain) : [];
      if (this.checksWrites) {
        const checked = previous.map((r) => ({ ...r, ...changes, [this.idProp]: r[this.idProp] }));
        const refusal = (await this.checkMany(checked, previous)).find((error) => error !== undefined);
        if (refusal !== undefined) throw refusal;
        // a field the hooks normalised (the same way on every matched row) is written as they left it
        for (const name of Object.keys(changes)) {
          const values = new Set(checked.map((r) => r[name]));
          if (values.size === 1) changes[name] = [...values][0];
        }
      }
      // on PostgreSQL the UPDATE answers the rows as they are now (store/postgres-connector.ts): no second read
      const wanted = (recording || observing) && previous.length > 0;
      const returned: Record<string, unknown>[] | undefined =
        wanted && this.returnsUpdatedRows ? [] : undefined;
      const result = await super.updateAll(
        changes as DataObject<Row>,
        w,
        returned ? { ...tx, returnedRows: returned } : tx,
      );
      const changed = !wanted
        ? []
        : ((returned && this.changesFrom(previous, returned)) ?? (await this.readBack(previous, tx)));
      if (recording) await this.record(changed, tx);
      return { result, changed };
    });
    if (observing) await this.runAfterUpdate(changed);
    return result;
  }

  private get returnsUpdatedRows(): boolean {
    return (
      (this.dataSource.connector as { returnsUpdatedRows?: boolean } | undefined)?.returnsUpdatedRows === true
    );
  }

  /** The rows as they were and as an UPDATE returned them; undefined where they must be read (rowsAsFound). */
  private changesFrom(before: PlainRow[], returned: Record<string, unknown>[]): RowChange[] | undefined {
    const rows = rowsAsFound(this.modelClass, this.entityClass, returned);
    if (!rows) return undefined;
    return SchemaRepository.paired(before, rows, this.idProp);
  }

  /** Each row as it was with the same row as it is now (by id); rows gone meanwhile are left out. */
  private static paired(before: PlainRow[], now: PlainRow[], idProp: string): RowChange[] {
    const byId = new Map(now.map((row) => [row[idProp], row]));
    return before.flatMap((row) => {
      const after = byId.get(row[idProp]);
      return after ? [{ before: row, after }] : [];
    });
  }

  /** The rows as they were and as they are now (read back in `options`' transaction). */
  private async readBack(before: PlainRow[], options: Options | undefined): Promise<RowChange[]> {
    const ids = before.map((row) => row[this.idProp]);
    const now = (
      await super.find({ where: { [this.idProp]: ids.length === 1 ? ids[0] : { inq: ids } } }, options)
    ).map(plain);
    return SchemaRepository.paired(before, now, this.idProp);
  }

  /** Runs the afterUpdate hooks (failures are logged). */
  private async runAfterUpdate(changes: RowChange[]): Promise<void> {
    if (!changes.length) return;
    for (const hook of this.hooks) {
      try {
        await hook.afterUpdate?.(changes);
      } catch (err) {
        console.error(`${this.schema.name}: afterUpdate failed`, err);
      }
    }
  }

  // updateById: DefaultCrudRepository checks for an empty body, then calls this.updateAll({id}).

  async replaceById(id: IdType, data: DataObject<Row>, options?: Options): Promise<void> {
    const changed = await this.recorded(options, async (tx) => {
      const existing = plain(await super.findById(id, undefined, tx));
      await this.replaceFrom(existing, id, data, tx);
      const changed = this.recordsWrites || this.observesUpdates ? await this.readBack([existing], tx) : [];
      if (this.recordsWrites) await this.record(changed, tx);
      return changed;
    });
    if (this.observesUpdates) await this.runAfterUpdate(changed);
  }

  private async replaceFrom(
    existing: PlainRow,
    id: IdType,
    data: DataObject<Row>,
    options: Options | undefined,
  ): Promise<void> {
    const row: PlainRow = { ...data };
    for (const field of this.joined) delete row[field];
    for (const field of this.preservedOnReplace) {
      if (field === PASSWORD) continue;
      if (existing[field] !== undefined) row[field] = existing[field];
    }
    if (this.whereOptions.hidden.has(PASSWORD)) {
      const plainPassword = row[PASSWORD];
      if (typeof plainPassword === 'string' && plainPassword !== '')
        row[PASSWORD] = await hashPassword(plainPassword);
      else if (existing[PASSWORD] !== undefined) row[PASSWORD] = existing[PASSWORD];
      else delete row[PASSWORD];
    }
    if (this.hasWriteStamp) row[WRITE_STAMP] = new Date();
    if (this.checksWrites) {
      const checked = { ...row, [this.idProp]: id };
      await this.checkRows([checked], [existing]);
      // a field the hooks normalised is written as they left it
      for (const name of Object.keys(row)) row[name] = checked[name];
    }
    await super.replaceById(id, row as DataObject<Row>, options);
  }

  /**
   * On a store with transactions a delete observed by hooks runs with them in one transaction (a product and
   * its child rows, a catalogue and its links): a failing hook undoes everything.
   */
  private get deletesInTransaction(): boolean {
    return (
      (this.recordsWrites || this.hooks.some((h) => h.afterDelete && h.deleteInTransaction)) &&
      supportsTransactions(this.dataSource)
    );
  }

  private async afterDeleteInTransaction(rows: PlainRow[], options: Options): Promise<void> {
    if (!rows.length) return;
    for (const hook of this.hooks) if (hook.deleteInTransaction) await hook.afterDelete?.(rows, options);
    await this.record(
      rows.map((before) => ({ before })),
      options,
    );
  }

  async deleteAll(where?: Where<Row>, options?: Options): Promise<Count> {
    const w = this.where(where);
    if (this.checksDeletes) await this.checkDeletes((await super.find({ where: w })).map(plain));
    if (this.deletesInTransaction) {
      return inTransaction(
        this.dataSource,
        async (tx) => {
          const rows = (await super.find({ where: w }, tx)).map(plain);
          const count = await super.deleteAll(w, tx);
          await this.afterDeleteInTransaction(rows, tx);
          return { count, rows };
        },
        options,
      ).then(async ({ count, rows }) => {
        await this.after('afterDelete', rows, false);
        return count;
      });
    }
    if (!this.observesDeletes && !this.recordsWrites) return super.deleteAll(w, options);
    const removed = (await super.find({ where: w }, options)).map(plain);
    const result = await super.deleteAll(w, options);
    await this.record(
      removed.map((before) => ({ before })),
      options,
    );
    await this.after('afterDelete', removed);
    return result;
  }

  async deleteById(id: IdType, options?: Options): Promise<void> {
    if (this.checksDeletes)
      await this.checkDeletes((await super.find({ where: { [this.idProp]: id } })).map(plain));
    if (this.deletesInTransaction) {
      return inTransaction(
        this.dataSource,
        async (tx) => {
          const rows = (await super.find({ where: { [this.idProp]: id } }, tx)).map(plain);
          await super.deleteById(id, tx);
          await this.afterDeleteInTransaction(rows, tx);
          return rows;
        },
        options,
      ).then((rows) => this.after('afterDelete', rows, false));
    }
    if (!this.observesDeletes && !this.recordsWrites) return super.deleteById(id, options);
    const removed = (await super.find({ where: { [this.idProp]: id } }, options)).map(plain);
    await super.deleteById(id, options);
    await this.record(
      removed.map((before) => ({ before })),
      options,
    );
    await this.after('afterDelete', removed);
  }

  // ---- relations (the factories are protected in DefaultCrudRepository) ----

  /** Registers the inclusion resolver of a declared relation, so `include` works on it. */
  registerRelation(
    relation: RelationSchema,
    target: Getter<AnyRepository>,
    through?: Getter<AnyRepository>,
  ): void {
    if (relation.kind === 'hasManyThrough') {
      if (!through) throw new Error(`${this.schema.name}.${relation.name}: missing through repository`);
      const factory = this.createHasManyThroughRepositoryFactoryFor(relation.name, target, through);
      this.registerInclusionResolver(relation.name, factory.inclusionResolver);
    } else if (relation.kind === 'hasMany') {
      const factory = this.createHasManyRepositoryFactoryFor(relation.name, target);
      this.registerInclusionResolver(relation.name, factory.inclusionResolver);
    } else {
      const accessor = this.createBelongsToAccessorFor(relation.name, target);
      this.registerInclusionResolver(relation.name, accessor.inclusionResolver);
    }
  }
}

type AnyRepository = EntityCrudRepository<Row, IdType>;

/** Repository of a server-internal model (join models, refresh tokens). */
export class InternalRepository extends DefaultCrudRepository<Row, IdType, AnyObject> {
  constructor(entityClass: RowClass, dataSource: juggler.DataSource) {
    super(entityClass, dataSource);
  }
}
