// @vitest-environment node
/**
 * The embedded database's count cache (server/store/count-cache.ts): a count is answered again until a write
 * that may change it starts, and a count that raced a write is never kept.
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

  it('keeps a plain count of a table over writes that cannot change it', () => {
    const cache = new CountCache();
    const finished =
      'SELECT count(*) as "cnt" FROM "public"."producto" WHERE "empresaid"=$1 AND "finalizado"=$2';
    counted(cache, 5);
    cache.sending(finished, [1, 'S'])(true, rows(2));
    // a save of the product's name and date, and its history (a new version, then the merge into it)
    cache.sending(
      'UPDATE "public"."producto" SET "nombre"=$1,"fechamodificacion"=$2::TIMESTAMP WITH TIME ZONE WHERE "id"=$3',
      ['x', new Date(), 5],
    )(true);
    cache.sending(
      '(SELECT 0 AS pim_which, "id" FROM "public"."productoversion" WHERE "productoid" = $1 ORDER BY "id" DESC LIMIT 1) ' +
        'UNION ALL (SELECT 1 AS pim_which, "id" FROM "public"."productoversion" WHERE "productoid" = $2 LIMIT 1)',
      [5, 5],
    )(true);
    cache.sending('INSERT INTO "public"."productoversion"("productoid","cambios") VALUES ($1,$2)', [5, '{}'])(
      true,
    );
    cache.sending(
      'UPDATE "public"."productoversion" SET "cambios" = CASE "id" WHEN $1 THEN $2 END, ' +
        '"fecha" = $3::TIMESTAMP WITH TIME ZONE WHERE "id" IN ($4)',
      [9, '{}', new Date(), 9],
    )(true);
    expect(cache.lookup(COUNT, [1])).toEqual(rows(5));
    expect(cache.lookup(finished, [1, 'S'])).toEqual(rows(2));
    // a column one of them names: that one goes
    cache.sending('UPDATE "public"."producto" SET "finalizado"=$1 WHERE "id"=$2', ['N', 5])(true);
    expect(cache.lookup(finished, [1, 'S'])).toBeUndefined();
    expect(cache.lookup(COUNT, [1])).toEqual(rows(5));
    // a company moved, then a new row of the table: every count of it goes
    cache.sending(finished, [1, 'S'])(true, rows(1));
    cache.sending('UPDATE "public"."producto" SET "empresaid"=$1 WHERE "id"=$2', [2, 5])(true);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
    expect(cache.lookup(finished, [1, 'S'])).toBeUndefined();
    counted(cache, 4);
    cache.sending('INSERT INTO "public"."producto"("empresaid","nombre") VALUES ($1,$2)', [1, 'y'])(true);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
  });

  it('drops counts it cannot read, and every count after a write it cannot read', () => {
    const cache = new CountCache();
    const folded =
      'SELECT count(*) as "cnt" FROM "public"."producto" WHERE pim_unaccent(("nombre")::text) ILIKE pim_unaccent($1)';
    const scoped =
      'SELECT count(*) as "cnt" FROM "public"."productogeneral" WHERE "productoid" IN ' +
      '(SELECT "id" FROM "public"."producto" WHERE "empresaid"=$1)';
    cache.sending(folded, ['%a%'])(true, rows(3));
    cache.sending(scoped, [1])(true, rows(7));
    counted(cache, 5);
    cache.sending('INSERT INTO "public"."marca"("nombre") VALUES ($1)', ['m'])(true);
    expect(cache.lookup(folded, ['%a%'])).toBeUndefined();
    expect(cache.lookup(scoped, [1])).toBeUndefined();
    expect(cache.lookup(COUNT, [1])).toEqual(rows(5));
    // an assignment that is not a parameter (it may read other columns or tables)
    cache.sending('UPDATE "public"."marca" SET "nombre"="nombre" || $1 WHERE "id"=$2', ['x', 1])(true);
    expect(cache.lookup(COUNT, [1])).toBeUndefined();
  });

  it('drops a count naming a column the database writes by itself at any write', () => {
    const cache = new CountCache();
    const searched = 'SELECT count(*) as "cnt" FROM "public"."producto" WHERE "busqueda"=$1';
    cache.derivedColumn('busqueda');
    cache.sending(searched, ['x'])(true, rows(1));
    counted(cache, 5);
    // the general data's triggers write the products' search text
    cache.sending('UPDATE "public"."productogeneral" SET "titulo"=$1 WHERE "id"=$2', ['t', 1])(true);
    expect(cache.lookup(searched, ['x'])).toBeUndefined();
    expect(cache.lookup(COUNT, [1])).toEqual(rows(5));
  });
});
