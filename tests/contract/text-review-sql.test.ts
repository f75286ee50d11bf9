// @vitest-environment node
/**
 * The review view of generated texts (GET /obtenerRegistrosVistaMarketPlaceProductoGeneral) is grouped, counted,
 * filtered and paged by the database: its rows agree with the texts themselves, pages with limit/skip are the
 * slices of the whole list with X-Total-Count the whole count, the category filters follow the rule of
 * src/core/aiTexts/categories.ts (parents, codes and names, a company's own categories), and a non-admin sees
 * the rows of their company only. The reviewed-texts list follows the same filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryKeys,
  matchesCategory,
  subcategoryKeys,
  type CategoriaRow,
} from '../../src/core/aiTexts/categories';
import { splitCategorias } from '../../src/core/aiTexts/categories';
import { estadoRevisionDeConteo } from '../../src/core/reviewStatus';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';
import { apiCaller, q } from '../support/api';

type Body = Record<string, unknown>;

let server: StartedServer;
let admin: string;
let editor: string;
const call = apiCaller(() => server.url);
const VISTA = '/obtenerRegistrosVistaMarketPlaceProductoGeneral';

const get = async (token: string, path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return { rows: (await res.json()) as Body[], total: Number(res.headers.get('X-Total-Count')) };
};
const list = async (token: string, path: string) =>
  (await call(token, 'GET', path)).body as unknown as Body[];

let products: Body[] = [];
let categorias: CategoriaRow[] = [];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  editor = (await testUser(server.url, admin, 1)).token;
  products = await list(admin, `/productos?filter=${q({ order: ['id ASC'], limit: 5000 })}`);
  categorias = (await list(admin, `/categorias?filter=${q({ limit: 5000 })}`)) as CategoriaRow[];
  const prompts = await list(admin, `/MarketPlacePrompts?filter=${q({ order: ['id ASC'], limit: 10 })}`);
  expect(prompts.length).toBeGreaterThan(1);
  // Texts for every 7th product of each company, in two marketplaces, some reviewed.
  const chosen = products.filter((_, i) => i % 7 === 0);
  let n = 0;
  for (const product of chosen) {
    for (const prompt of prompts.slice(0, 2)) {
      for (const campo of ['titulo', 'descripcion']) {
        const created = await call(admin, 'POST', '/TextosGenerados', {
          productoId: product.id,
          marketplacePromptId: prompt.id,
          marketplaceId: prompt.marketplaceId,
          idioma: 'es',
          campo,
          texto: `Texto ${n}`,
          revisado_sn: n++ % 3 === 0 ? 'S' : 'N',
        });
        expect(created.status).toBe(200);
      }
    }
  }
  // And generated ones (with their generation date) for two products.
  const queued = await call(
    admin,
    'POST',
    '/ProductosGeneracionTextos/createMany',
    products.slice(1, 3).map((p) => ({ productoId: p.id, marketplacePromptId: prompts[0].id })),
  );
  expect(queued.status).toBe(200);
  const ran = await call(
    admin,
    'GET',
    `/generarTextosIAPorProcesoManual?ids=${queued.body.map((row) => row.id).join(',')}`,
  );
  expect(ran.body).toMatchObject({ ejecutados: 2 });
});

afterAll(async () => {
  await server?.stop();
});

const key = (row: Body) => `${row.productoId}|${row.marketplaceId}`;

describe('review view in SQL', () => {
  it('rows agree with the texts: counts, state, ids, newest date; sorted by product name', async () => {
    const { rows, total } = await get(admin, VISTA);
    expect(rows.length).toBeGreaterThan(20);
    expect(total).toBe(rows.length);
    const texts = await list(admin, `/TextosGenerados?filter=${q({ order: ['id ASC'], limit: 10000 })}`);
    const groups = new Map<string, Body[]>();
    for (const text of texts) groups.set(key(text), [...(groups.get(key(text)) ?? []), text]);
    expect(new Set(rows.map(key))).toEqual(new Set(groups.keys()));
    const byId = new Map(products.map((p) => [p.id, p]));
    let dated = 0;
    for (const row of rows) {
      const group = groups.get(key(row))!;
      const reviewed = group.filter((t) => t.revisado_sn === 'S').length;
      expect(row).toMatchObject({
        nombre: byId.get(row.productoId)?.nombre,
        total: group.length,
        revisados: reviewed,
        estado: estadoRevisionDeConteo(group.length, reviewed),
        textIds: group.map((t) => t.id),
        marketplacePromptId: group[0].marketplacePromptId,
      });
      const dates = group
        .map((t) => t.fechaGeneracion)
        .filter(Boolean)
        .map((d) => new Date(String(d)).toISOString())
        .sort();
      expect(row.fechaGeneracion).toBe(dates.at(-1));
      if (dates.length) dated++;
    }
    expect(dated).toBeGreaterThan(0);
    const names = rows.map((row) => String(row.nombre));
    expect(
      names.filter(
        (name, i) => i > 0 && name.toLowerCase() < names[i - 1].toLowerCase() && !/[^\x20-\x7e]/.test(name),
      ),
    ).toEqual([]);
  });

  it('limit/skip pages are slices of the whole list; X-Total-Count is the whole count', async () => {
    const whole = await get(admin, `${VISTA}?revision=${encodeURIComponent('No revisado')}`);
    expect(whole.rows.length).toBeGreaterThan(6);
    expect(whole.rows.every((row) => row.estado === 'No revisado')).toBe(true);
    const pages: Body[] = [];
    for (let skip = 0; skip < whole.rows.length; skip += 4) {
      const page = await get(
        admin,
        `${VISTA}?revision=${encodeURIComponent('No revisado')}&limit=4&skip=${skip}`,
      );
      expect(page.total).toBe(whole.rows.length);
      expect(page.rows.length).toBeLessThanOrEqual(4);
      pages.push(...page.rows);
    }
    expect(pages).toEqual(whole.rows);
  });

  it('texto matches part of the product name or of the title shown, case-insensitive, with the total', async () => {
    const whole = await get(admin, VISTA);
    const withTitle = whole.rows.find(
      (row) => typeof row.titulo === 'string' && String(row.titulo).length > 3,
    );
    expect(withTitle).toBeDefined();
    const matches = (term: string) =>
      whole.rows.filter(
        (row) =>
          String(row.nombre).toLowerCase().includes(term.toLowerCase()) ||
          String(row.titulo ?? '')
            .toLowerCase()
            .includes(term.toLowerCase()),
      );
    const name = String(whole.rows[0].nombre);
    const nameTerm = name.slice(1, -1).toUpperCase();
    const title = String(withTitle!.titulo);
    const titleTerm = title.slice(1, Math.min(title.length, 8)).toUpperCase();
    for (const term of [nameTerm, titleTerm]) {
      const found = await get(admin, `${VISTA}?texto=${encodeURIComponent(` ${term} `)}`);
      expect(found.rows.map(key)).toEqual(matches(term).map(key));
      expect(found.total).toBe(found.rows.length);
      const first = await get(admin, `${VISTA}?texto=${encodeURIComponent(term)}&limit=1`);
      expect(first.total).toBe(found.rows.length);
      expect(first.rows.map(key)).toEqual(found.rows.slice(0, 1).map(key));
    }
    // LIKE's wildcards are the characters themselves
    expect((await get(admin, `${VISTA}?texto=${encodeURIComponent('%_%')}`)).total).toBe(
      matches('%_%').length,
    );
  });

  it('category and subcategory filters follow the categories rule (codes, names, parents, case)', async () => {
    const { rows } = await get(admin, VISTA);
    const byId = new Map(products.map((p) => [p.id, p]));
    const listed = rows.flatMap((row) => splitCategorias(byId.get(row.productoId)?.categorias));
    const own = categorias.filter((c) =>
      listed.some((l) => l.toLowerCase() === String(c.nombre).toLowerCase()),
    );
    expect(own.length).toBeGreaterThan(0);
    const parents = categorias.filter((c) => own.some((o) => o.padre === c.codigo));
    const filters = [
      own[0].nombre,
      String(own[0].codigo).toUpperCase(),
      parents[0]?.codigo,
      parents[0]?.nombre?.toLowerCase(),
      'no-existe',
    ].filter((f): f is string => Boolean(f));
    let narrowed = 0;
    for (const filter of filters) {
      for (const [param, keysOf] of [
        ['categoria', categoryKeys],
        ['subcategoria', subcategoryKeys],
      ] as const) {
        const found = await get(admin, `${VISTA}?${param}=${encodeURIComponent(filter)}`);
        const expected = rows.filter((row) => {
          const product = byId.get(row.productoId)!;
          return matchesCategory(keysOf(product.categorias, categorias, product.empresaId as number), filter);
        });
        if (expected.length && expected.length < rows.length) narrowed++;
        expect({ filter, param, rows: found.rows.map(key) }).toEqual({
          filter,
          param,
          rows: expected.map(key),
        });
      }
    }
    expect(narrowed).toBeGreaterThan(3);
  });

  it("a non-admin sees their company's rows only, and the reviewed texts of them", async () => {
    const all = await get(admin, VISTA);
    const company1 = new Set(products.filter((p) => p.empresaId === 1).map((p) => p.id));
    const expected = all.rows.filter((row) => company1.has(row.productoId));
    expect(expected.length).toBeLessThan(all.rows.length);
    const mine = await get(editor, VISTA);
    expect(mine.rows).toEqual(expected);
    expect(mine.total).toBe(expected.length);
    const reviewed = await list(editor, '/obtenerTodosLosTextosGeneradosEnRevisadoParaTodosLosProductos');
    const texts = await list(admin, `/TextosGenerados?filter=${q({ order: ['id ASC'], limit: 10000 })}`);
    expect(reviewed.map((t) => t.id)).toEqual(
      texts.filter((t) => t.revisado_sn === 'S' && company1.has(t.productoId)).map((t) => t.id),
    );
    const named = new Map(products.map((p) => [p.id, p.nombre]));
    expect(reviewed.every((t) => t.productoNombre === named.get(t.productoId))).toBe(true);
  });
});
