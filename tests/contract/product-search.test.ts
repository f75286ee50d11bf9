// @vitest-environment node
/**
 * Contract: «find any product» (issue 16). `where.buscar` on GET /productos and /productos/count matches the SKU
 * and the general data's title, EAN and brand, case- and accent-insensitive, with `%`, `_`, `'`, `\` and emoji
 * literal (half an emoji finds nothing) and a bounded length (a longer text is a 400 saying so); another
 * company's products are never found. `where.categoria` (a category id) finds the products of the category and
 * of its subcategories. The data provider maps the list's filters there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../src/core/gtin';
import { SEARCH_LIMIT, SEARCH_MAX_LENGTH, SEARCH_TEXT_COLUMN } from '../../src/core/productSearch';
import { filterToWhere } from '../../src/dataProvider/where';
import { productos } from '../../src/resources/productos/schema';
import { testUser } from '../support/access';
import { apiHelpers, q, type Row } from '../support/api';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
const { call } = apiHelpers(() => server.url);
const tag = `BQ${Date.now() % 100000}`;
const EAN = withCheckDigit(`84${String(Date.now() % 10_000_000_000).padStart(10, '0')}`);
const ids: Record<string, number> = {};
let parentId: number;

const ok = async (token: string, method: string, path: string, body?: unknown): Promise<Row> => {
  const res = await call(token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

const product = async (key: string, empresaId: number, general: Row, categorias?: string): Promise<void> => {
  const created = await ok(admin, 'POST', '/productos', {
    empresaId,
    nombre: `${tag}-${key}`,
    ...(categorias ? { categorias } : {}),
  });
  ids[key] = Number(created.id);
  await ok(admin, 'POST', '/producto-generals', { productoId: created.id, ...general });
};

/** The keys of the products found by `where` (only this test's products), and the count agrees. */
const found = async (where: Row, token = admin): Promise<string[]> => {
  // the admin sees every company: scoped to company 1 as the data provider does for the selected company
  const company = token === admin ? [{ empresaId: 1 }] : [];
  const scoped = { and: [...company, where, { nombre: { like: `${tag}-%` } }] };
  const rows = (await ok(token, 'GET', `/productos?filter=${q({ where: scoped })}`)) as unknown as Row[];
  const count = await ok(token, 'GET', `/productos/count?where=${q(scoped)}`);
  expect(count.count).toBe(rows.length);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return rows.map((row) => byId.get(Number(row.id)) ?? String(row.nombre)).sort();
};
const search = (text: string, token?: string) => found({ buscar: text }, token);

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url);
  const parent = await ok(admin, 'POST', '/categorias', {
    empresaId: 1,
    codigo: `${tag}-P`,
    padre: 'master',
    nombre: `Iluminación ${tag}`,
  });
  parentId = Number(parent.id);
  await ok(admin, 'POST', '/Marca', { empresaId: 1, nombre: `Bricomarca ${tag}`, codigo: tag });
  await ok(admin, 'POST', '/categorias', {
    empresaId: 1,
    codigo: `${tag}-C`,
    padre: `${tag}-P`,
    nombre: `Lámparas ${tag}`,
  });
  await ok(admin, 'POST', '/categorias', {
    empresaId: 1,
    codigo: `${tag}-O`,
    padre: 'master',
    nombre: `Lámparas ${tag} exterior`,
  });
  await product('lampara', 1, { titulo: 'Lámpara de Iluminación LED', ean: EAN }, `Lámparas ${tag}`);
  await product('taladro', 1, { titulo: 'Taladro 100% potencia' }, `Iluminación ${tag}`);
  await product(
    'guion',
    1,
    { titulo: 'Broca_10 mm', marca: `Bricomarca ${tag}` },
    `Lámparas ${tag} exterior`,
  );
  await product('comilla', 1, { titulo: "Llave d'Or 🔧 inglesa" });
  await product('barra', 1, { titulo: 'Racor 1\\2 pulgada' });
  await product('otra', 2, { titulo: 'Lámpara de Iluminación LED ajena', ean: EAN });
});

afterAll(async () => {
  await server?.stop();
});

describe('one search box over SKU, title, EAN and brand', () => {
  it('finds by a title word, ignoring case and accents', async () => {
    expect(await search('iluminacion')).toEqual(['lampara']);
    expect(await search('LÁMPARA')).toEqual(['lampara']);
    expect(await search('  taladro ')).toEqual(['taladro']);
  });

  it('finds by the EAN, a part of the SKU, and the brand', async () => {
    expect(await search(EAN)).toEqual(['lampara']);
    expect(await search(`${tag}-COMI`.toLowerCase())).toEqual(['comilla']);
    expect(await search(`bricomarca ${tag}`)).toEqual(['guion']);
  });

  it('takes %, _, quote, backslash and emoji literally', async () => {
    expect(await search('100%')).toEqual(['taladro']);
    expect(await search('%')).toEqual(['taladro']);
    expect(await search('_')).toEqual(['guion']);
    expect(await search('a_1')).toEqual(['guion']);
    expect(await search("d'or")).toEqual(['comilla']);
    expect(await search('🔧')).toEqual(['comilla']);
    expect(await search('\\')).toEqual(['barra']);
    expect(await search('1\\2')).toEqual(['barra']);
    // half an emoji (a lone surrogate) is no error; what it matches is the engine's reading of it (MySQL's
    // collations weigh every character past U+FFFF as U+FFFD, so there it finds the product with an emoji)
    const half = await call(admin, 'GET', `/productos?filter=${q({ where: { buscar: '\uD83D' } })}`);
    expect(half.status).toBe(200);
  });

  it('never finds another company’s products', async () => {
    const other = await testUser(server.url, admin, 2, ['read|productos']);
    const mine = await testUser(server.url, admin, 1, ['read|productos']);
    expect(await search('ajena', mine.token)).toEqual([]);
    expect(await search('ajena', other.token)).toEqual(['otra']);
    expect(await search(EAN, other.token)).toEqual(['otra']);
    expect(await search(EAN, mine.token)).toEqual(['lampara']);
  });

  it('refuses a text longer than the limit, or no text, with a clear 400', async () => {
    for (const length of [500, 5000]) {
      const long = await call(
        admin,
        'GET',
        `/productos?filter=${q({ where: { buscar: 'x'.repeat(length) } })}`,
      );
      expect(long.status).toBe(400);
      expect(long.body.error?.message).toBe(`${SEARCH_LIMIT} (recibidos ${length}).`);
    }
    const count = await call(admin, 'GET', `/productos/count?where=${q({ buscar: { like: '%' } })}`);
    expect(count.status).toBe(400);
    expect(await search('x'.repeat(SEARCH_MAX_LENGTH))).toEqual([]);
  });

  it('the data provider sends the list’s search box and category as these filters', () => {
    expect(filterToWhere(productos, { q: ' iluminación ', categoria: parentId })).toEqual({
      buscar: 'iluminación',
      categoria: parentId,
    });
    expect(filterToWhere(productos, { preparado: '1:listo' })).toEqual({ preparado: '1:listo' });
  });
});

describe('the search follows every write of the product and its general data', () => {
  it('a new title, SKU or brand is found, the former one no longer; deleted general data is not found', async () => {
    await product('cambia', 1, { titulo: 'Martillo de carpintero', ean: null });
    expect(await search('carpintero')).toEqual(['cambia']);
    const [general] = (await ok(
      admin,
      'GET',
      `/producto-generals?filter=${q({ where: { productoId: ids.cambia } })}`,
    )) as unknown as Row[];
    await ok(admin, 'PATCH', `/producto-generals/${general.id}`, { titulo: 'Martillo de ebanista' });
    expect(await search('carpintero')).toEqual([]);
    expect(await search('EBANISTA')).toEqual(['cambia']);
    await ok(admin, 'PATCH', `/productos/${ids.cambia}`, { nombre: `${tag}-renombrado` });
    expect(await search(`${tag}-cambia`)).toEqual([]);
    expect(await search(`${tag}-renombr`)).toEqual(['cambia']);
    await ok(admin, 'DELETE', `/producto-generals/${general.id}`);
    expect(await search('ebanista')).toEqual([]);
    expect(await search(`${tag}-renombr`)).toEqual(['cambia']);
  });

  it('a product imported with empty general data is found by its SKU, then by the title it gains, then no longer', async () => {
    // the import's batch: the product and its general data with none of the searched fields
    const created = await ok(admin, 'POST', '/importacion/crear/productos', {
      empresaId: 1,
      rows: [{ line: 2, values: { nombre: `${tag}-vacio` } }],
    });
    expect(created.failed).toBeUndefined();
    ids.vacio = Number((created.rows as Row[])[0].id);
    expect(await search(`${tag}-vac`)).toEqual(['vacio']);
    const [general] = (await ok(
      admin,
      'GET',
      `/producto-generals?filter=${q({ where: { productoId: ids.vacio } })}`,
    )) as unknown as Row[];
    expect(general).toBeDefined();
    await ok(admin, 'PATCH', `/producto-generals/${general.id}`, { titulo: 'Serrucho japonés' });
    expect(await search('japones')).toEqual(['vacio']);
    await ok(admin, 'PATCH', `/producto-generals/${general.id}`, { titulo: null });
    expect(await search('japones')).toEqual([]);
    expect(await search(`${tag}-vac`)).toEqual(['vacio']);
  });

  it('a term never matches across two fields', async () => {
    // title «Lámpara de Iluminación LED» and its EAN: the one text the database keeps holds both
    expect(await search(`LED ${EAN}`)).toEqual([]);
    expect(await search(`LED${EAN.slice(0, 3)}`)).toEqual([]);
  });

  it('the kept search text is never answered, filtered on nor written', async () => {
    const row = await ok(admin, 'GET', `/productos/${ids.lampara}`);
    expect(row.nombre).toBe(`${tag}-lampara`);
    expect(Object.keys(row)).not.toContain(SEARCH_TEXT_COLUMN);
    const list = (await ok(
      admin,
      'GET',
      `/productos?filter=${q({ where: { id: ids.lampara } })}`,
    )) as unknown as Row[];
    expect(Object.keys(list[0])).not.toContain(SEARCH_TEXT_COLUMN);
    const filtered = await call(
      admin,
      'GET',
      `/productos?filter=${q({ where: { [SEARCH_TEXT_COLUMN]: { like: '%lampara%' } } })}`,
    );
    expect(filtered.status).toBe(400);
    const written = await call(admin, 'PATCH', `/productos/${ids.lampara}`, { [SEARCH_TEXT_COLUMN]: 'zzz' });
    expect(written.status).toBe(422);
    expect(await search('zzz')).toEqual([]);
    expect(await search('iluminacion')).toEqual(['lampara']);
  });
});

describe('category filter from the tree', () => {
  it('a parent category finds the products of its subcategories, and no look-alike names', async () => {
    expect(await found({ categoria: parentId })).toEqual(['lampara', 'taladro']);
  });

  it('a subcategory finds its own products only; an unknown category none', async () => {
    const [child] = (await ok(
      admin,
      'GET',
      `/categorias?filter=${q({ where: { codigo: `${tag}-C` } })}`,
    )) as unknown as Row[];
    expect(await found({ categoria: child.id })).toEqual(['lampara']);
    expect(await found({ categoria: 99_999_999 })).toEqual([]);
    expect((await call(admin, 'GET', `/productos?filter=${q({ where: { categoria: 'x' } })}`)).status).toBe(
      400,
    );
  });
});
