/**
 * The preview's dry run on the API: the rows without problems are sent in batches (one request per batch of
 * DRY_RUN_BATCH, DRY_RUN_IN_FLIGHT requests under way at once) to POST /importacion/comprobar/{resource}
 * (server/features/import-dry-run.ts), which answers what a write would refuse — references, typed values, the
 * record a key names, uniqueness. A refused row gets the problem the import would report for that answer
 * (importFailure, the same wording and column), so the rows the preview marks «Correcta» are the rows the
 * import writes. Without a dry run (a provider without one) the rows are left as they are.
 */
import { mapPool } from '../../core/pool';
import type { ImportBackend } from './backend';
import { batchesOf } from './batches';
import { importFailure } from './importErrors';
import type { PreparedRow } from './prepare';

/** Rows per request at most (the API accepts at most this many; fewer when they are large: batches.ts). */
export const DRY_RUN_BATCH = 500;
/** Requests under way at once: the API checks one batch while the next travels. */
export const DRY_RUN_IN_FLIGHT = 3;

export async function checkOnServer(
  resource: string,
  rows: readonly PreparedRow[],
  backend: ImportBackend,
  options: {
    columnOf?: Readonly<Record<string, string>>;
    signal?: AbortSignal;
    /** Rows checked so far (of those sent), after each batch. */
    onProgress?: (checked: number) => void;
  } = {},
): Promise<PreparedRow[]> {
  if (!backend.check) return [...rows];
  const check = backend.check.bind(backend);
  const candidates = rows.filter((row) => !row.problems.length);
  const batches = batchesOf(candidates, DRY_RUN_BATCH);
  const refused = new Map<number, PreparedRow['problems']>();
  let checked = 0;
  await mapPool(
    batches,
    DRY_RUN_IN_FLIGHT,
    async (batch) => {
      const answers = await check(
        resource,
        batch.map((row) => ({ line: row.line, values: row.values })),
        options.signal,
      );
      for (const answer of answers) {
        const failure = importFailure(answer.operation, { error: answer.error });
        const column = failure.field ? (options.columnOf?.[failure.field] ?? failure.field) : '';
        refused.set(answer.line, [{ column, reason: failure.reason }]);
      }
      checked += batch.length;
      options.onProgress?.(checked);
    },
    options.signal,
  );
  if (!refused.size) return [...rows];
  return rows.map((row) => {
    const problems = row.problems.length ? undefined : refused.get(row.line);
    return problems ? { ...row, problems } : row;
  });
}
