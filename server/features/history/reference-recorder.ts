/**
 * Writes the history of the reference data products depend on (categories, families, brands, attributes): a
 * recordWrites hook on each turns the row as it was and as it is now into `cambios` and stores them as a version
 * of the record (historial-referencias) — in the write's own transaction, so a change and its version are
 * stored together or not at all. As for products: the writes of one request join one version, consecutive
 * writes of one user from one origin within a minute merge, a version whose changes cancel out is removed, and
 * each record keeps at most its company's `versionesHistorial` versions. A removal is a version of its own and
 * the removed record keeps its history.
 */
import type { Options } from '@loopback/repository';
import {
  REFERENCE_HISTORY_RESOURCES,
  type ReferenceVersion,
} from '../../../src/core/history/referenceVersions';
import { mergeCambios, rowChanges, type Cambio } from '../../../src/core/history/versions';
import { schemaFor } from '../../../src/resources/registry';
import type { ResourceSchema } from '../../../src/resources/types';
import type { PlainRow, RepositorySet, StoredRecord } from '../../repository-set';
import type { WriteRecord } from '../../write-rules';
import { writeContext, type WriteContext } from './context';
import { parseCambios } from './recorder';
import { MERGE_WINDOW_MS, retentionOf } from './retention';

export const REFERENCE_HISTORY = 'historial-referencias' as const;

/** A stored version of a reference record. */
type VersionRow = StoredRecord<typeof REFERENCE_HISTORY>;

/** The fields a version follows: those people write (not the id, the company, stamps nor write-only ones). */
export function followedFields(schema: ResourceSchema): string[] {
  return schema.fields
    .filter(
      (field) =>
        field.name !== schema.idField &&
        field.name !== schema.companyField &&
        !field.readOnly &&
        !field.writeOnly,
    )
    .map((field) => field.name);
}

export const toReferenceVersion = (row: VersionRow): ReferenceVersion => ({
  id: Number(row.id),
  recurso: String(row.recurso ?? ''),
  registroId: Number(row.registroId),
  fecha: row.fecha instanceof Date ? row.fecha.toISOString() : String(row.fecha),
  usuario: String(row.usuario ?? ''),
  origen: row.origen as ReferenceVersion['origen'],
  cambios: parseCambios(row.cambios),
});

/** The versions a request writes into, per record (`recurso:id`), kept with the request's write context. */
const joined = new WeakMap<WriteContext, Map<string, number>>();
const joinedOf = (context: WriteContext): Map<string, number> => {
  let map = joined.get(context);
  if (!map) joined.set(context, (map = new Map()));
  return map;
};

/** Stores `cambios` as (part of) a version of record `registroId` of `recurso`. */
async function storeChanges(
  repos: RepositorySet,
  recurso: string,
  row: PlainRow,
  registroId: number,
  cambios: Cambio[],
  options: Options,
  /** A removal: a version of its own, never merged into an earlier one. */
  alone = false,
): Promise<void> {
  if (!cambios.length) return;
  const context = writeContext();
  const versions = joinedOf(context);
  const history = repos.repository(REFERENCE_HISTORY);
  const key = `${recurso}:${registroId}`;
  const now = new Date();
  let target: VersionRow | undefined;
  const joinedId = versions.get(key);
  if (!alone && joinedId !== undefined) {
    const [found] = await history.find({ where: { id: joinedId }, limit: 1 }, options);
    target = found?.toObject();
  } else if (!alone && !context.fresh) {
    const [last] = await history.find(
      { where: { recurso, registroId }, order: ['id DESC'], limit: 1 },
      options,
    );
    const candidate = last?.toObject();
    if (
      candidate &&
      candidate.usuario === context.usuario &&
      candidate.origen === context.origen &&
      now.getTime() - new Date(candidate.fecha ?? Number.NaN).getTime() < MERGE_WINDOW_MS
    )
      target = candidate;
  }
  if (target) {
    const merged = mergeCambios(parseCambios(target.cambios), cambios);
    if (!merged.length) {
      await history.deleteById(target.id, options);
      versions.delete(key);
      return;
    }
    await history.updateById(target.id, { cambios: JSON.stringify(merged), fecha: now }, options);
    versions.set(key, Number(target.id));
    return;
  }
  const created = await history.create(
    {
      empresaId: typeof row.empresaId === 'number' ? row.empresaId : null,
      recurso,
      registroId,
      fecha: now,
      usuario: context.usuario,
      origen: context.origen,
      cambios: JSON.stringify(cambios),
    },
    options,
  );
  versions.set(key, Number(created.id));
  const empresaId = Number(row.empresaId);
  if (!Number.isFinite(empresaId)) return;
  const keep = (await retentionOf(repos, empresaId)).versions;
  if (keep <= 0) return;
  const old = await history.find(
    { where: { recurso, registroId }, order: ['id DESC'], skip: keep, limit: 200, fields: { id: true } },
    options,
  );
  if (old.length) await history.deleteAll({ id: { inq: old.map((r) => r.id) } }, options);
}

/** The changes of one write of a record, with the fields' Spanish labels. */
export function recordChanges(schema: ResourceSchema, record: WriteRecord<PlainRow>): Cambio[] {
  const labels = new Map(schema.fields.map((field) => [field.name, field.label]));
  return rowChanges(record.before, record.after, followedFields(schema), {}, (field) =>
    field ? labels.get(field) : undefined,
  );
}

/** Adds the history hooks to the reference data resources. */
export function installReferenceRecorder(repos: RepositorySet): void {
  if (!repos.repositories.has(REFERENCE_HISTORY)) return;
  for (const recurso of Object.keys(REFERENCE_HISTORY_RESOURCES)) {
    const schema = schemaFor(recurso);
    if (!schema || !repos.repositories.has(recurso)) continue;
    const idField = schema.idField ?? 'id';
    repos.repository(recurso).addHooks({
      recordWrites: async (records, options) => {
        for (const record of records) {
          const row: PlainRow | undefined = record.after ?? record.before;
          const registroId = Number(row?.[idField]);
          if (!row || !Number.isInteger(registroId)) continue;
          const cambios = recordChanges(schema, record);
          await storeChanges(repos, recurso, row, registroId, cambios, options, !record.after);
        }
      },
    });
  }
}
