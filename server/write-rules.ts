/**
 * Rules checked by the generic repository around writes, answered like LoopBack's own body validation
 * (422 with `details[].path` naming the field), so the app shows the message on the field:
 * - declarative (src/resources/rules.ts): a date field with `notBefore` may not be before that other date field;
 *   a field with a `format` (GTIN/EAN, GLN) must carry a valid check digit;
 * - pluggable: features add WriteHooks to a repository (e.g. the range-overlap check and the ERP call of
 *   ProductosPorRango in features/reference-data-ranges.ts).
 */
import type { Options } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import { dateOrderErrors, formatErrors } from '../src/resources/rules';
import type { ResourceSchema } from '../src/resources/types';
import type { PlainRow } from './repository-set';

/** One stored row before and after a write: no `before` for a create, no `after` for a delete. */
export interface WriteRecord<S extends object = PlainRow> {
  before?: S;
  after?: S;
}

/** One row before and after an update. */
export interface RowChange<S extends object = PlainRow> {
  before: S;
  after: S;
}

/**
 * `W`: a row as it will be written (a create has no id yet); `S`: a stored row. A typed repository
 * (repository-set.ts RepositoryOf) gives the types its declaration derives; untyped, both are plain rows.
 */
export interface WriteHooks<W extends object = PlainRow, S extends object = W> {
  /**
   * Before a create, replace or update: the row as it will be stored (an update's changes merged over the
   * stored row, with its id). Throw (e.g. `fieldError`) to refuse the write; nothing is written then.
   * A hook may normalise a field the write gives (e.g. 'sí' → 'S'): the value it leaves is the one stored.
   * `stored` is the row as it is now when the repository has already read it (an update or a replace), so a
   * hook need not read it again; absent on a create, or when the repository did not read it.
   */
  beforeWrite?(row: W, stored?: S): Promise<void>;
  /**
   * The same rule as `beforeWrite` for many rows at once (a batch write, the import's dry run), in a constant
   * number of queries: answers each row's refusal in order (undefined: the row passes), and may normalise rows
   * as `beforeWrite` does. When present, batches use it instead of calling `beforeWrite` row by row; a hook
   * must refuse exactly the rows `beforeWrite` would.
   */
  beforeWriteMany?(rows: PlainRow[], stored?: (PlainRow | undefined)[]): Promise<(unknown | undefined)[]>;
  /**
   * Before a delete, with the rows about to be removed: throw to refuse the delete (nothing is removed then),
   * or remove what depends on them first (a failure there refuses the delete).
   */
  beforeDelete?(rows: S[]): Promise<void>;
  /** After a create, with the stored row. Failures are logged, never undo the create. */
  afterCreate?(row: S): Promise<void>;
  /** After a delete, with the rows removed. Failures are logged, never undo the delete. */
  /**
   * After a delete. With `deleteInTransaction` (database-only work, such as deleting child rows) and a store
   * with transactions it runs in the delete's transaction (pass `options` on): a failure undoes the delete.
   * Otherwise (external calls) it runs after the delete and a failure is logged.
   */
  afterDelete?(rows: S[], options?: Options): Promise<void>;
  deleteInTransaction?: boolean;
  /**
   * After an update or replace, with each row as it was and as it is now. Failures are logged, never undo the
   * write. A hook that writes to the same repository sees its own write here too (compare before/after).
   */
  afterUpdate?(changes: RowChange<S>[]): Promise<void>;
  /**
   * A record of every create, update, replace and delete (the product history), run with the rows as they were
   * and as they are now, with `options` of the write's own transaction on a store with transactions: a failure
   * undoes the write. Runs before the other after-hooks.
   */
  recordWrites?(records: WriteRecord<S>[], options: Options): Promise<void>;
}

/** 422 in LoopBack's validation shape, with one message per field. */
export function fieldErrors(errors: Readonly<Record<string, string>>, code = 'invalid'): Error {
  const [first] = Object.values(errors);
  return Object.assign(new HttpErrors.UnprocessableEntity(first), {
    code: 'VALIDATION_FAILED',
    details: Object.entries(errors).map(([field, message]) => ({
      path: `/${field}`,
      code,
      message,
      info: {},
    })),
  });
}

/** Throws 422 when a row breaks the schema's declared rules (`notBefore` dates, `format` check digits). */
export function checkDeclaredRules(schema: ResourceSchema, row: PlainRow): void {
  const dates = dateOrderErrors(schema, row);
  if (Object.keys(dates).length) throw fieldErrors(dates, 'notBefore');
  const formats = formatErrors(schema, row);
  if (Object.keys(formats).length) throw fieldErrors(formats, 'format');
}

export const hasDeclaredRules = (schema: ResourceSchema): boolean =>
  schema.fields.some((f) => f.notBefore || f.format);
