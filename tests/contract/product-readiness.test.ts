// @vitest-environment node
/**
 * Contract: readiness per marketplace (GET /productos/{id}/preparacion). A marketplace's rules (principal
 * image, valid GTIN, reviewed generated texts of its prompts, required fields and attributes per category or
 * family) give each product a score and the list of what is missing; each fix moves the score in the same
 * request; a rule change recomputes every product through a tracked job, and so does a category change —
 * never a stale score (rule, then category, then family, as Akeneo's completeness bugs happened). The product
 * list filters on it; company isolation and the permiso hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessEntry } from '../../src/core/readiness/score';
import { withCheckDigit } from '../../src/core/gtin';
import { testUser } from '../support/access';
import { apiHelpers, q, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
const { call } = apiHelpers(() => server.url);
const tag = `RD${Date.now() % 100000}`;
const EMPRESA = 1;
let marketplaceId: number;
const CATEGORY = `${tag}-herramientas`;
const PARENT = `${tag}-bricolaje`;
const VALID_EAN = withCheckDigit('841234567890');

const ok = async (token: string, method: string, path: string, body?: unknown): Promise<Row> => {
  const res = await call(token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

/** Every recomputation job finished, and none of them failed. */
const jobsDone = async (): Promise<void> => {
  for (let i = 0; i < 200; i++) {
    const open = await ok(
      admin,
      'GET',
      `/trabajos-preparacion/count?where=${q({ estado: { inq: ['pendiente', 'en curso'] } })}`,
    );
    if (Number(open.count) === 0) {
      const failed = await ok(admin, 'GET', `/trabajos-preparacion/count?where=${q({ estado: 'error' })}`);
      expect(failed.count).toBe(0);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the recomputation did not finish');
};

const readiness = async (id: unknown, token = admin, market = marketplaceId): Promise<ReadinessEntry> => {
  const res = await call(token, 'GET', `/productos/${String(id)}/preparacion`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const entries = res.body as unknown as ReadinessEntry[];
  const entry = entries.find((e) => e.marketplaceId === market);
  expect(entry).toBeDefined();
  return entry!;
};

const missingTypes = (entry: ReadinessEntry) => entry.faltan.map((f) => `${f.tipo}:${f.campo}`).sort();

/** A product in CATEGORY without an EAN (the API refuses a wrong check digit), and its general data row. */
const newProduct = async (suffix: string, extra: Row = {}): Promise<{ product: Row; general: Row }> => {
  const product = await ok(admin, 'POST', '/productos', {
    empresaId: EMPRESA,
    nombre: `${tag}-${suffix}`,
    categorias: CATEGORY,
    ...extra,
  });
  const general = await ok(admin, 'POST', '/producto-generals', {
    productoId: product.id,
    titulo: `Taladro ${suffix}`,
  });
  return { product, general };
};

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  await ok(admin, 'POST', '/categorias', { empresaId: EMPRESA, codigo: PARENT, nombre: PARENT });
  await ok(admin, 'POST', '/categorias', { empresaId: EMPRESA, codigo: CATEGORY, nombre: CATEGORY });
  const marketplace = await ok(admin, 'POST', '/MarketPlaces', { codigo: tag, descripcion: 'Pruebas' });
  marketplaceId = Number(marketplace.id);
  await ok(admin, 'POST', '/MarketPlacePrompts', {
    marketplaceId,
    categoriaCodigo: CATEGORY,
    campoUno: 'titulo',
    promptCampoUno: 'Escribe un título',
  });
  for (const tipo of ['imagen', 'gtin', 'textos'])
    await ok(admin, 'POST', '/reglas-preparacion', { marketplaceId, tipo });
  await jobsDone();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the score before and after each fix', () => {
  it('add the image, fix the GTIN, review the texts: 0 → 33 → 66 → 66 → 100, each in the same request', async () => {
    const { product, general } = await newProduct('FIX');
    let entry = await readiness(product.id);
    expect(entry.porcentaje).toBe(0);
    expect(missingTypes(entry)).toEqual(['gtin:ean', 'imagen:multimedia', 'textos:titulo']);
    const gtin = entry.faltan.find((f) => f.tipo === 'gtin')!;
    expect(gtin.mensaje).toBe('Falta el código EAN (GTIN).');
    // a wrong check digit is refused by the API itself, with the digit expected
    const wrong = `${VALID_EAN.slice(0, -1)}${(Number(VALID_EAN.slice(-1)) + 1) % 10}`;
    expect(
      (await call(admin, 'PATCH', `/producto-generals/${String(general.id)}`, { ean: wrong })).status,
    ).toBe(422);
    expect(gtin.enlace).toBe(`/productos/${String(product.id)}`);
    expect(entry.faltan.find((f) => f.tipo === 'imagen')!.enlace).toBe(`/productos/${String(product.id)}/2`);

    await ok(admin, 'POST', '/producto-multimedias', {
      productoId: product.id,
      nombre: `${tag}-foto.jpg`,
      tipo: 'Imagen',
      principalSN: 'S',
    });
    entry = await readiness(product.id);
    expect(entry.porcentaje).toBe(33);
    expect(missingTypes(entry)).toEqual(['gtin:ean', 'textos:titulo']);

    await ok(admin, 'PATCH', `/producto-generals/${String(general.id)}`, { ean: VALID_EAN });
    entry = await readiness(product.id);
    expect(entry.porcentaje).toBe(66);
    expect(missingTypes(entry)).toEqual(['textos:titulo']);
    expect(entry.faltan[0].mensaje).toBe('Falta generar y revisar el texto «titulo».');

    const texto = await ok(admin, 'POST', '/TextosGenerados', {
      productoId: product.id,
      marketplaceId,
      campo: 'titulo',
      texto: 'Taladro percutor',
      revisado_sn: 'N',
    });
    entry = await readiness(product.id);
    expect(entry.porcentaje).toBe(66);
    expect(entry.faltan[0].mensaje).toBe('El texto generado «titulo» está sin revisar.');

    await ok(admin, 'PATCH', `/TextosGenerados/${String(texto.id)}`, { revisado_sn: 'S' });
    entry = await readiness(product.id);
    expect(entry).toMatchObject({ porcentaje: 100, faltan: [] });

    // the list's filter, served by the API: «listo para» the marketplace, and «< 80 %»
    const ready = await ok(
      admin,
      'GET',
      `/productos?filter=${q({ where: { preparado: `${marketplaceId}:listo`, nombre: { like: `${tag}%` } } })}`,
    );
    expect((ready as unknown as Row[]).map((r) => r.id)).toContain(product.id);
    const low = await ok(
      admin,
      'GET',
      `/productos/count?where=${q({ preparado: `${marketplaceId}:bajo`, id: product.id })}`,
    );
    expect(low.count).toBe(0);
    const bad = await call(admin, 'GET', `/productos?filter=${q({ where: { preparado: 'todo' } })}`);
    expect(bad.status).toBe(400);
  });
});

describe('no stale score: a rule, then a category, then a family', () => {
  it('each change recomputes every affected product', async () => {
    const a = await newProduct('STALE-A');
    const b = await newProduct('STALE-B');
    await ok(admin, 'PATCH', `/producto-generals/${String(a.general.id)}`, { ean: VALID_EAN });
    expect((await readiness(a.product.id)).porcentaje).toBe(33);
    expect((await readiness(b.product.id)).porcentaje).toBe(0);

    // 1. a rule: the description becomes required — a tracked job rescoring every product
    const rule = await ok(admin, 'POST', '/reglas-preparacion', {
      marketplaceId,
      tipo: 'campo',
      campo: 'descripcion',
    });
    await jobsDone();
    const jobs = (await ok(
      admin,
      'GET',
      `/trabajos-preparacion?filter=${q({ order: ['id DESC'], limit: 1 })}`,
    )) as unknown as Row[];
    expect(jobs[0]).toMatchObject({ estado: 'terminado' });
    expect(Number(jobs[0].hechos)).toBe(Number(jobs[0].total));
    expect(Number(jobs[0].total)).toBeGreaterThanOrEqual(2);
    let entry = await readiness(a.product.id);
    expect(entry.porcentaje).toBe(25);
    expect(missingTypes(entry)).toContain('campo:descripcion');
    expect((await readiness(b.product.id)).porcentaje).toBe(0);

    // 2. a category: a rule for PARENT's products; then CATEGORY becomes PARENT's subcategory (a change of
    // the category itself, not of the product)
    await ok(admin, 'POST', '/reglas-preparacion', {
      marketplaceId,
      tipo: 'atributo',
      campo: `${tag}-Potencia`,
      categoriaCodigo: PARENT,
    });
    await jobsDone();
    expect((await readiness(a.product.id)).porcentaje).toBe(25);
    const [category] = (await ok(
      admin,
      'GET',
      `/categorias?filter=${q({ where: { codigo: CATEGORY } })}`,
    )) as unknown as Row[];
    await ok(admin, 'PATCH', `/categorias/${String(category.id)}`, { padre: PARENT });
    await jobsDone();
    entry = await readiness(a.product.id);
    expect(missingTypes(entry)).toContain(`atributo:${tag}-Potencia`);
    expect(entry.porcentaje).toBe(20);
    expect(entry.faltan.find((f) => f.tipo === 'atributo')!.enlace).toBe(
      `/productos/${String(a.product.id)}/1`,
    );

    // 3. a family: the brand is required for the family's products; the product joins the family
    const familia = `${tag}-Profesional`;
    await ok(admin, 'POST', '/familias', { empresaId: EMPRESA, nombre: familia, codigo: `${tag}F` });
    await ok(admin, 'POST', '/reglas-preparacion', { marketplaceId, tipo: 'campo', campo: 'marca', familia });
    await jobsDone();
    expect((await readiness(a.product.id)).porcentaje).toBe(20);
    await ok(admin, 'PATCH', `/productos/${String(a.product.id)}`, { familias: familia });
    entry = await readiness(a.product.id);
    expect(missingTypes(entry)).toContain('campo:marca');
    expect(entry.porcentaje).toBe(16);

    // the rule goes away: everything it asked for goes with it
    await ok(admin, 'DELETE', `/reglas-preparacion/${String(rule.id)}`);
    await jobsDone();
    entry = await readiness(a.product.id);
    expect(missingTypes(entry)).not.toContain('campo:descripcion');
    expect(entry.porcentaje).toBe(20);
  });

  // On MySQL/MariaDB this once failed 2 runs in 3: a rename's records were rewritten after it committed, and a job
  // scheduled inside a transaction read the rows before they were committed (both fixed: transaction.ts
  // afterCommit, the renames in the rename's transaction).
  it('a rule changed, then a category renamed, then a family renamed: the rules follow, never a stale score', async () => {
    const market = Number((await ok(admin, 'POST', '/MarketPlaces', { codigo: `${tag}-FAM` })).id);
    const categoria = `${tag}-Jardin`;
    const codigo = `${tag}-JAR`;
    const familia = `${tag}-Gama`;
    const category = await ok(admin, 'POST', '/categorias', {
      empresaId: EMPRESA,
      codigo,
      nombre: categoria,
    });
    const family = await ok(admin, 'POST', '/familias', {
      empresaId: EMPRESA,
      nombre: familia,
      codigo: `${tag}G`,
    });
    const product = await ok(admin, 'POST', '/productos', {
      empresaId: EMPRESA,
      nombre: `${tag}-FAMILY`,
      categorias: categoria,
      familias: familia,
    });
    // a product of the same company outside the family: the family's rule never applies to it
    const outside = await ok(admin, 'POST', '/productos', { empresaId: EMPRESA, nombre: `${tag}-OUTSIDE` });
    const familyRule = await ok(admin, 'POST', '/reglas-preparacion', {
      marketplaceId: market,
      tipo: 'campo',
      campo: 'marca',
      familia,
    });
    await ok(admin, 'POST', '/reglas-preparacion', {
      marketplaceId: market,
      tipo: 'atributo',
      campo: `${tag}-Caudal`,
      categoriaCodigo: codigo,
    });
    await jobsDone();
    let entry = await readiness(product.id, admin, market);
    expect(missingTypes(entry)).toEqual([`atributo:${tag}-Caudal`, 'campo:marca']);
    expect(entry.porcentaje).toBe(0);
    expect(await readiness(outside.id, admin, market)).toMatchObject({ porcentaje: 100, faltan: [] });

    // 1. the rule: the family now needs the description instead of the brand
    await ok(admin, 'PATCH', `/reglas-preparacion/${String(familyRule.id)}`, { campo: 'descripcion' });
    await jobsDone();
    entry = await readiness(product.id, admin, market);
    expect(missingTypes(entry)).toEqual([`atributo:${tag}-Caudal`, 'campo:descripcion']);

    // 2. the category renamed: the product's categorías follow, the rule (by code) still applies
    await ok(admin, 'PATCH', `/categorias/${String(category.id)}`, { nombre: `${categoria}-Exterior` });
    await jobsDone();
    expect((await ok(admin, 'GET', `/productos/${String(product.id)}`)).categorias).toBe(
      `${categoria}-Exterior`,
    );
    entry = await readiness(product.id, admin, market);
    expect(missingTypes(entry)).toEqual([`atributo:${tag}-Caudal`, 'campo:descripcion']);

    // 3. the family renamed: the product's familias and the rule's familia follow it
    const renamed = `${tag}-Gama Pro`;
    await ok(admin, 'PATCH', `/familias/${String(family.id)}`, { nombre: renamed });
    await jobsDone();
    expect((await ok(admin, 'GET', `/productos/${String(product.id)}`)).familias).toBe(renamed);
    expect((await ok(admin, 'GET', `/reglas-preparacion/${String(familyRule.id)}`)).familia).toBe(renamed);
    entry = await readiness(product.id, admin, market);
    expect(missingTypes(entry)).toEqual([`atributo:${tag}-Caudal`, 'campo:descripcion']);
    expect(entry.porcentaje).toBe(0);
    expect(await readiness(outside.id, admin, market)).toMatchObject({ porcentaje: 100, faltan: [] });

    // fixed: the description given, then the attribute's value — 50 %, then «listo»
    await ok(admin, 'POST', '/producto-generals', {
      productoId: product.id,
      descripcion: 'Manguera de riego',
    });
    expect((await readiness(product.id, admin, market)).porcentaje).toBe(50);
  });

  it("renames carry to the renaming company's rules only: a rule changed, then a category code, an attribute and a family renamed", async () => {
    const market = Number((await ok(admin, 'POST', '/MarketPlaces', { codigo: `${tag}-CO` })).id);
    const codigo = `${tag}-ELE`;
    const familia = `${tag}-Linea`;
    const atributo = `${tag}-Voltaje`;
    // two companies, each with a category of the same code, a family and an attribute of the same names
    const own: Record<string, Row> = {};
    const products: Record<number, Row> = {};
    for (const empresaId of [EMPRESA, 2]) {
      const category = await ok(admin, 'POST', '/categorias', {
        empresaId,
        codigo,
        nombre: `${codigo}-nombre`,
      });
      const family = await ok(admin, 'POST', '/familias', { empresaId, nombre: familia });
      const attribute = await ok(admin, 'POST', '/atributos', { empresaId, nombre: atributo });
      if (empresaId === EMPRESA) Object.assign(own, { category, family, attribute });
      products[empresaId] = await ok(admin, 'POST', '/productos', {
        empresaId,
        nombre: `${tag}-CO-${empresaId}`,
        categorias: `${codigo}-nombre`,
        familias: familia,
      });
    }
    const companyRule = await ok(admin, 'POST', '/reglas-preparacion', {
      empresaId: EMPRESA,
      marketplaceId: market,
      tipo: 'atributo',
      campo: atributo,
      categoriaCodigo: codigo,
    });
    const otherRule = await ok(admin, 'POST', '/reglas-preparacion', {
      empresaId: 2,
      marketplaceId: market,
      tipo: 'campo',
      campo: 'marca',
      familia,
    });
    // an admin's rule for every company
    const shared = await ok(admin, 'POST', '/reglas-preparacion', {
      empresaId: null,
      marketplaceId: market,
      tipo: 'campo',
      campo: 'descripcion',
      familia,
    });
    await jobsDone();
    // a company's rule applies to its own products only
    expect(missingTypes(await readiness(products[EMPRESA].id, admin, market))).toEqual([
      `atributo:${atributo}`,
      'campo:descripcion',
    ]);
    expect(missingTypes(await readiness(products[2].id, admin, market))).toEqual([
      'campo:descripcion',
      'campo:marca',
    ]);

    // 1. a rule changed: the shared rule now asks for the title
    await ok(admin, 'PATCH', `/reglas-preparacion/${String(shared.id)}`, { campo: 'titulo' });
    await jobsDone();
    expect(missingTypes(await readiness(products[EMPRESA].id, admin, market))).toEqual([
      `atributo:${atributo}`,
      'campo:titulo',
    ]);

    // 2. company 1 changes its category's code: its rule follows, the category's products still match it
    await ok(admin, 'PATCH', `/categorias/${String(own.category.id)}`, { codigo: `${codigo}2` });
    await jobsDone();
    expect((await ok(admin, 'GET', `/reglas-preparacion/${String(companyRule.id)}`)).categoriaCodigo).toBe(
      `${codigo}2`,
    );
    expect(missingTypes(await readiness(products[EMPRESA].id, admin, market))).toContain(
      `atributo:${atributo}`,
    );

    // 3. company 1 renames its attribute: its rule asks for the attribute by its new name
    await ok(admin, 'PATCH', `/atributos/${String(own.attribute.id)}`, { nombre: `${atributo}-V` });
    await jobsDone();
    expect((await ok(admin, 'GET', `/reglas-preparacion/${String(companyRule.id)}`)).campo).toBe(
      `${atributo}-V`,
    );
    expect(missingTypes(await readiness(products[EMPRESA].id, admin, market))).toEqual([
      `atributo:${atributo}-V`,
      'campo:titulo',
    ]);

    // 4. company 1 renames its family: company 2's rule and the shared rule are left as they are; company 1
    // gets its own copy of the shared rule under the new name, so nothing it asked for is lost
    await ok(admin, 'PATCH', `/familias/${String(own.family.id)}`, { nombre: `${familia}-Pro` });
    await jobsDone();
    expect(await ok(admin, 'GET', `/reglas-preparacion/${String(otherRule.id)}`)).toMatchObject({
      familia,
      empresaId: 2,
    });
    expect(await ok(admin, 'GET', `/reglas-preparacion/${String(shared.id)}`)).toMatchObject({
      familia,
      empresaId: null,
    });
    const rules = (await ok(
      admin,
      'GET',
      `/reglas-preparacion?filter=${q({ where: { marketplaceId: market, empresaId: EMPRESA } })}`,
    )) as unknown as Row[];
    expect(rules.map((r) => [r.tipo, r.campo, r.familia ?? null]).sort()).toEqual([
      ['atributo', `${atributo}-V`, null],
      ['campo', 'titulo', `${familia}-Pro`],
    ]);
    expect(missingTypes(await readiness(products[EMPRESA].id, admin, market))).toEqual([
      `atributo:${atributo}-V`,
      'campo:titulo',
    ]);
    expect(missingTypes(await readiness(products[2].id, admin, market))).toEqual([
      'campo:marca',
      'campo:titulo',
    ]);
    // company 2's own names are untouched
    const [family2] = (await ok(
      admin,
      'GET',
      `/familias?filter=${q({ where: { empresaId: 2, nombre: familia } })}`,
    )) as unknown as Row[];
    expect(family2).toBeDefined();
  });

  it("a rule change recomputes its marketplace's scores only; a prompt nobody asks for, none", async () => {
    const other = Number((await ok(admin, 'POST', '/MarketPlaces', { codigo: `${tag}-SCOPE` })).id);
    await ok(admin, 'POST', '/reglas-preparacion', { marketplaceId: other, tipo: 'imagen' });
    await jobsDone();
    const { product } = await newProduct('SCOPE');
    const before = await readiness(product.id);
    expect(missingTypes(await readiness(product.id, admin, other))).toEqual(['imagen:multimedia']);

    await ok(admin, 'POST', '/reglas-preparacion', { marketplaceId: other, tipo: 'gtin' });
    await jobsDone();
    const [job] = (await ok(
      admin,
      'GET',
      `/trabajos-preparacion?filter=${q({ order: ['id DESC'], limit: 1 })}`,
    )) as unknown as Row[];
    expect(job).toMatchObject({ estado: 'terminado', marketplaceId: other });
    expect(missingTypes(await readiness(product.id, admin, other))).toEqual([
      'gtin:ean',
      'imagen:multimedia',
    ]);
    // the other marketplace's score was not rewritten
    expect((await readiness(product.id)).fecha).toBe(before.fecha);

    // a prompt of a marketplace without a «textos» rule moves no score: no job
    const jobs = Number((await ok(admin, 'GET', '/trabajos-preparacion/count')).count);
    await ok(admin, 'POST', '/MarketPlacePrompts', {
      marketplaceId: other,
      categoriaCodigo: CATEGORY,
      campoUno: 'titulo',
      promptCampoUno: 'Escribe un título',
    });
    expect(Number((await ok(admin, 'GET', '/trabajos-preparacion/count')).count)).toBe(jobs);
    // once it asks for reviewed texts, the prompt counts (the cached rules were read again)
    await ok(admin, 'POST', '/reglas-preparacion', { marketplaceId: other, tipo: 'textos' });
    await jobsDone();
    expect(missingTypes(await readiness(product.id, admin, other))).toEqual([
      'gtin:ean',
      'imagen:multimedia',
      'textos:titulo',
    ]);
  });

  it('a rule naming a field that does not exist: a Spanish message pointing at the rule', async () => {
    const { product } = await newProduct('BADRULE');
    const rule = await ok(admin, 'POST', '/reglas-preparacion', {
      marketplaceId,
      tipo: 'campo',
      campo: 'colorX',
    });
    await jobsDone();
    const entry = await readiness(product.id);
    const wrong = entry.faltan.find((f) => f.tipo === 'regla');
    expect(wrong).toMatchObject({
      campo: 'colorX',
      mensaje: 'La regla pide el campo «colorX», que no existe en el producto: corrija la regla.',
      enlace: `/reglas-preparacion/${String(rule.id)}`,
    });
    await ok(admin, 'DELETE', `/reglas-preparacion/${String(rule.id)}`);
    await jobsDone();
    expect((await readiness(product.id)).faltan.some((f) => f.tipo === 'regla')).toBe(false);
  });

  it('saves while a recomputation job runs: every score matches its product once the jobs are done', async () => {
    const market = Number((await ok(admin, 'POST', '/MarketPlaces', { codigo: `${tag}-RACE` })).id);
    await ok(admin, 'POST', '/reglas-preparacion', { marketplaceId: market, tipo: 'campo', campo: 'imagen' });
    const ids: number[] = [];
    for (let i = 0; i < 120; i += 6) {
      const batch = await Promise.all(
        Array.from({ length: 6 }, (_, j) =>
          ok(admin, 'POST', '/productos', { empresaId: EMPRESA, nombre: `${tag}-RACE-${i + j}` }),
        ),
      );
      ids.push(...batch.map((row) => Number(row.id)));
    }
    await jobsDone();
    const images = new Map<number, string>();
    for (let round = 0; round < 3; round++) {
      // a rule change (a job over the marketplace's scores) while a third of the products change their image
      const rule = ok(admin, 'POST', '/reglas-preparacion', {
        marketplaceId: market,
        tipo: 'campo',
        campo: 'nombre',
      });
      const changed = ids.filter((_, i) => i % 3 === round);
      for (let i = 0; i < changed.length; i += 6) {
        await Promise.all(
          changed.slice(i, i + 6).map((id) => {
            const imagen = round % 2 ? '' : `${tag}-${id}.jpg`;
            images.set(id, imagen);
            return ok(admin, 'PATCH', `/productos/${id}`, { imagen });
          }),
        );
      }
      await rule;
    }
    await jobsDone();
    const stale: number[] = [];
    for (const id of ids) {
      const missing = missingTypes(await readiness(id, admin, market)).includes('campo:imagen');
      if (missing !== !images.get(id)) stale.push(id);
    }
    expect(stale).toEqual([]);
  }, 120_000);
});

describe('company isolation and permiso', () => {
  it("another company's product answers 404; without «read preparacion» 403", async () => {
    const { product } = await newProduct('ISO');
    const other = await testUser(server.url, admin, 2);
    expect((await call(other.token, 'GET', `/productos/${String(product.id)}/preparacion`)).status).toBe(404);
    const none = await testUser(server.url, admin, EMPRESA, ['read|productos']);
    expect((await call(none.token, 'GET', `/productos/${String(product.id)}/preparacion`)).status).toBe(403);
    const reader = await testUser(server.url, admin, EMPRESA, ['read|productos', 'read|preparacion']);
    expect((await readiness(product.id, reader.token)).porcentaje).toBe(0);
  });

  it('the summary counts per marketplace, only the caller’s company', async () => {
    const rows = (await ok(admin, 'GET', `/preparacion/resumen?empresaId=${EMPRESA}`)) as unknown as Row[];
    const mine = rows.find((r) => r.marketplaceId === marketplaceId)!;
    expect(Number(mine.productos)).toBeGreaterThanOrEqual(5);
    expect(Number(mine.listos)).toBeGreaterThanOrEqual(1);
    // its rules (imagen, gtin, textos and the ones the tests above left)
    expect(Number(mine.reglas)).toBeGreaterThanOrEqual(3);
    const other = await testUser(server.url, admin, 2, ['read|preparacion']);
    // a user of company 2 sees company 2's counts, whatever empresaId it asks for
    const theirs = (await ok(
      other.token,
      'GET',
      `/preparacion/resumen?empresaId=${EMPRESA}`,
    )) as unknown as Row[];
    const company2 = (await ok(admin, 'GET', '/preparacion/resumen?empresaId=2')) as unknown as Row[];
    expect(theirs).toEqual(company2);
    expect(theirs).not.toEqual(rows);
  });
});
