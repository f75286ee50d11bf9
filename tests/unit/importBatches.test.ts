/**
 * How the import and its preview cut rows into requests (src/custom/importExport/batches.ts): at most the
 * given number of rows, fewer when their values outgrow the body size, a row too large alone on its own, and
 * every row once in its order.
 */
import { describe, expect, it } from 'vitest';
import { batchesOf } from '../../src/custom/importExport/batches';

const rows = (sizes: readonly number[]) =>
  sizes.map((size, line) => ({ line, values: { nombre: 'x'.repeat(size) } }));
// {"nombre":""} is 13 characters of JSON around the value
const json = (size: number) => size + 13;

describe('import batches', () => {
  it('cuts at the row limit when the rows are small', () => {
    const batches = batchesOf(rows(Array(12).fill(10)), 5);
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
  });

  it('cuts earlier when the values would outgrow the body size', () => {
    const batches = batchesOf(rows([100, 100, 100, 100]), 10, json(100) * 2);
    expect(batches.map((b) => b.map((r) => r.line))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('sends a row larger than the body size in a batch of its own', () => {
    const batches = batchesOf(rows([10, 500, 10]), 10, json(100));
    expect(batches.map((b) => b.map((r) => r.line))).toEqual([[0], [1], [2]]);
  });

  it('keeps every row once, in order, and makes no batch of nothing', () => {
    const all = rows(Array.from({ length: 23 }, (_, i) => (i * 37) % 90));
    const batches = batchesOf(all, 4, 200);
    expect(batches.flat()).toEqual(all);
    expect(batches.every((b) => b.length > 0 && b.length <= 4)).toBe(true);
    expect(batchesOf([], 4)).toEqual([]);
  });
});
