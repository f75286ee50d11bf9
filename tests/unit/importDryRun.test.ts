/**
 * The preview's dry run (src/custom/importExport/dryRun.ts) over an API stand-in that answers like
 * POST /importacion/comprobar/{resource}: only rows without problems are sent, in batches of DRY_RUN_BATCH with
 * at most DRY_RUN_IN_FLIGHT requests under way, every row refused by any batch gets the import's wording
 * whatever order the batches end in, progress counts the rows checked, and a failed request fails the check.
 */
import fakeRestDataProvider from 'ra-data-fakerest';
import { describe, expect, it } from 'vitest';
import { backendFromDataProvider, type CheckedRow } from '../../src/custom/importExport/backend';
import { checkOnServer, DRY_RUN_BATCH, DRY_RUN_IN_FLIGHT } from '../../src/custom/importExport/dryRun';
import { DUPLICATE_MESSAGE } from '../../src/custom/importExport/importErrors';
import type { PreparedRow } from '../../src/custom/importExport/prepare';

const rows = (count: number): PreparedRow[] =>
  Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    values: { nombre: `SKU-${i}` },
    problems: i % 100 === 7 ? [{ column: 'nombre', reason: 'ya con problema' }] : [],
  }));

/** The API stand-in: refuses the lines in `refuse` as a duplicate; later batches answer first. */
const api = (refuse: ReadonlySet<number>) => {
  const sent: number[][] = [];
  let running = 0;
  let most = 0;
  const backend = {
    ...backendFromDataProvider(fakeRestDataProvider({ productos: [] }, false), () => 1),
    async check(_resource: string, batch: readonly { line: number }[]): Promise<CheckedRow[]> {
      sent.push(batch.map((row) => row.line));
      running++;
      most = Math.max(most, running);
      // the first batches take longest: answers arrive out of order
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 6 - sent.length)));
      running--;
      return batch
        .filter((row) => refuse.has(row.line))
        .map((row) => ({
          line: row.line,
          operation: 'create',
          error: { statusCode: 422, code: 'ER_DUP_ENTRY', message: "Duplicate entry 'x' for key 'nombre'" },
        }));
    },
  };
  return { backend, sent, most: () => most };
};

describe('the preview dry run', () => {
  it('sends the rows without problems in batches, some at once, and marks each refused row', async () => {
    // five batches: more than DRY_RUN_IN_FLIGHT, so some wait for a place
    const all = rows(DRY_RUN_BATCH * 5);
    const { backend, sent, most } = api(new Set([5, 450, 1001]));
    const progress: number[] = [];
    const checked = await checkOnServer('productos', all, backend, {
      columnOf: { nombre: 'SKU' },
      onProgress: (done) => progress.push(done),
    });
    const candidates = all.filter((row) => !row.problems.length);
    expect(sent.flat()).toHaveLength(candidates.length);
    expect(new Set(sent.flat())).toEqual(new Set(candidates.map((row) => row.line)));
    expect(Math.max(...sent.map((batch) => batch.length))).toBe(DRY_RUN_BATCH);
    expect(most()).toBe(DRY_RUN_IN_FLIGHT);
    expect(progress.at(-1)).toBe(candidates.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const refused = checked.filter((row) => row.problems.some((p) => p.reason === DUPLICATE_MESSAGE));
    expect(refused.map((row) => row.line)).toEqual([5, 450, 1001]);
    expect(refused[0].problems).toEqual([{ column: 'SKU', reason: DUPLICATE_MESSAGE }]);
    // rows keep their order, and rows that had problems keep theirs
    expect(checked.map((row) => row.line)).toEqual(all.map((row) => row.line));
    expect(checked[7].problems).toEqual([{ column: 'nombre', reason: 'ya con problema' }]);
  });

  it('a request that fails fails the check', async () => {
    const { backend } = api(new Set());
    const failing = {
      ...backend,
      check: async () => Promise.reject(new Error('sin respuesta')),
    };
    await expect(checkOnServer('productos', rows(500), failing)).rejects.toThrow('sin respuesta');
  });
});
