// @vitest-environment node
/**
 * The embedded database's count cache (server/store/count-cache.ts): a count is answered again until a write
 * starts, and a count that raced a write is never kept.
 */
import { describe, expect, it } from 'vitest';
import { CountCache } from '../../server/store/count-cache';

const COUNT = 'SELECT count(*) as "cnt" FROM "public"."producto" WHERE "empresaid"=$1';
const rows = (n: number) => [{ cnt: String(n) }];

function counted(cache: CountCache, n: number, params: unknown[] = [1]) {
  cache.sending(COUNT, params)(true, rows(n));
}

describe('count cache', () => {
  it('answers a count again with the same statement and parameters only', () => {
    const cache = new CountCache();
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
    counted(cache, 5);
    expect(cache.lookup(COUNT, [1])).toEqual(rows(5));
    expect(cache.lookup(COUNT, [2])).toBeUndefined();
  });

  it('drops every count when a write is sent', () => {
    const cache = new CountCache();
    counted(cache, 5);
    const done = cache.sending('INSERT INTO "public"."producto" ("nombre") VALUES ($1)', ['x']);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
    done(true);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
  });

  it('keeps no count answered while a write was under way', () => {
    const cache = new CountCache();
    const write = cache.sending('UPDATE "public"."producto" SET "nombre"=$1', ['x']);
    counted(cache, 5);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
    write(true);
    // A count sent before a write and answered after it started may predate the write.
    const answer = cache.sending(COUNT, [1]);
    cache.sending('DELETE FROM "public"."producto"', [])(true);
    answer(true, rows(5));
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
  });

  it('treats locking reads and other statements as writes, and leaves transactions alone', () => {
    const cache = new CountCache();
    counted(cache, 5);
    cache.sending('SELECT "id" FROM "public"."tarea" WHERE "estado"=$1 FOR UPDATE SKIP LOCKED', ['x'])(true);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
    counted(cache, 6);
    cache.sending('SELECT "id" FROM "public"."producto" LIMIT 1', [])(true);
    expect(cache.lookup(COUNT, [1])).toEqual(rows(6));
    cache.sending('WITH x AS (DELETE FROM "public"."producto" RETURNING 1) SELECT 1', [])(true);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
    cache.sending(COUNT, [1], true)(true, rows(7));
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
  });

  it('keeps no failed count', () => {
    const cache = new CountCache();
    cache.sending(COUNT, [1])(false);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
  });
});
