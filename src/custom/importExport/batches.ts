/**
 * How the import and its preview cut rows into requests: up to `maxRows` rows each, and fewer when their
 * values would make the request body larger than `maxChars` characters of JSON (the API refuses bodies over
 * 1 MB, and a refused batch would go row by row). A row larger than that alone still makes a batch of its own.
 * Rows keep their order.
 */
export const BATCH_BODY_CHARS = 512 * 1024;

export function batchesOf<T extends { values: unknown }>(
  rows: readonly T[],
  maxRows: number,
  maxChars = BATCH_BODY_CHARS,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let chars = 0;
  for (const row of rows) {
    const size = JSON.stringify(row.values)?.length ?? 0;
    if (batch.length && (batch.length >= maxRows || chars + size > maxChars)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(row);
    chars += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}
