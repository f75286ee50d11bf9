// @vitest-environment node
/**
 * Mass edit of products as a job (server/features/mass-edit.ts) through the reference API: by the list's
 * filter or by ids, always within the company; a value the field refuses (a name the company does not have, a
 * text longer than the field keeps) is 422 in Spanish and starts nothing; a product whose new value the field
 * refuses is reported with the reason; cancel stops between batches; the report has the import
 * report's shape; the product history records the change with origin «edición masiva». An attribute's value
 * is read and normalised by the attribute's type (src/core/attributeValues.ts): a value the type refuses, or an
 * attribute of another company, is 422 and starts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { massEditReport } from '../../src/core/massEdit';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { apiHelpers, type Row } from '../support/api';

const PATH = '/trabajos-edicion-masiva';
let server: StartedServer;
let admin: string;
const { call, rows, count } = apiHelpers(() => server.url);

beforeAll(async () => {
  // small batches, so that a cancel lands between two of them
  process.env.MASS_EDIT_BATCH = '5';
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  delete process.env.MASS_EDIT_BATCH;
  await server?.stop();
});

const start = async (body: Row) => {
  const res = await call(admin, 'POST', PATH, { empresaId: 1, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const finished = async (id: unknown): Promise<Row> => {
  for (let i = 0; i < 600; i += 1) {
    const job = (await call(admin, 'GET', `${PATH}/${id}`)).body;
    if (['terminado', 'cancelado', 'error'].includes(String(job.estado))) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${String(id)} did not finish`);
};

describe('mass edit jobs', () => {
  it('sets a flag on every product the filter finds, in the company only, with the report', async () => {
    const where = { buscar: 'taladro' };
    const matching = await rows(admin, '/productos', {
      where: { and: [where, { empresaId: 1 }] },
      limit: 1000,
    });
    expect(matching.length).toBeGreaterThan(5);
    const otherCompany = await rows(admin, '/productos', {
      where: { empresaId: 2 },
      fields: { id: true, finalizado: true },
    });
    const job = await start({ campo: 'finalizado', valor: 'S', filtro: JSON.stringify(where) });
    expect(job.usuarioId).toBeTruthy();
    const done = await finished(job.id);
    expect(done.estado).toBe('terminado');
    const report = massEditReport(done);
    expect(report.total).toBe(matching.length);
    expect(report.done).toBe(matching.length);
    expect(report.updated + report.unchanged).toBe(matching.length);
    expect(report.updated).toBe(matching.filter((p) => p.finalizado !== 'S').length);
    expect(report.rejected).toBe(0);
    expect(report.cancelled).toBe(false);
    const after = await rows(admin, '/productos', {
      where: { id: { inq: matching.map((p) => p.id) } },
      limit: 1000,
    });
    expect(after.every((p) => p.finalizado === 'S')).toBe(true);
    const otherAfter = await rows(admin, '/productos', {
      where: { empresaId: 2 },
      fields: { id: true, finalizado: true },
    });
    expect(otherAfter).toEqual(otherCompany);
    // the history names the change's origin
    const changed = matching.find((p) => p.finalizado !== 'S');
    if (changed) {
      const versions = await rows(admin, '/historial', {
        where: { productoId: changed.id },
        order: ['id DESC'],
        limit: 1,
      });
      expect(versions[0]?.origen).toBe('edicion_masiva');
    }
  });

  it('a value the field refuses is 422 on the field and starts nothing', async () => {
    const before = await count(admin, PATH);
    for (const [body, path] of [
      [{ campo: 'finalizado', valor: 'X', ids: '[1]' }, '/valor'],
      [{ campo: 'nombre', valor: 'SKU', ids: '[1]' }, '/campo'],
      [{ campo: 'finalizado', valor: 'S' }, '/ids'],
      [{ campo: 'finalizado', valor: 'S', filtro: '{"noExiste":1}' }, undefined],
    ] as const) {
      const res = await call(admin, 'POST', PATH, { empresaId: 1, ...body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      if (path) expect((res.body.error?.details as Row[])[0].path).toBe(path);
    }
    expect(await count(admin, PATH)).toBe(before);
  });

  it('a name the company does not have, or a text longer than the field keeps, is 422 in Spanish up front', async () => {
    const before = await count(admin, PATH);
    const [product] = await rows(admin, '/productos', {
      where: { empresaId: 1 },
      order: ['id ASC'],
      limit: 1,
    });
    const ids = JSON.stringify([product.id]);
    for (const [body, message] of [
      [
        { campo: 'categorias', valor: 'Categoría que no existe', ids },
        '«Categoría que no existe» no existe entre las categorías de la empresa.',
      ],
      [
        { campo: 'familias', operacion: 'añadir', valor: 'Familia fantasma', ids },
        '«Familia fantasma» no existe entre las familias de la empresa.',
      ],
      // a string declared without a length keeps what its column keeps (the API's own PATCH refuses more)
      [
        { campo: 'ordenAtributos', valor: 'x'.repeat(600), ids },
        '«Orden de atributos» admite como máximo 512 caracteres.',
      ],
    ] as const) {
      const res = await call(admin, 'POST', PATH, { empresaId: 1, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error?.details).toEqual([expect.objectContaining({ path: '/valor', message })]);
    }
    expect(await count(admin, PATH)).toBe(before);
    const [after] = await rows(admin, '/productos', { where: { id: product.id } });
    expect(after).toMatchObject({ categorias: product.categorias, ordenAtributos: product.ordenAtributos });
    // removing a name no product could hold needs no such name
    const removal = await start({ campo: 'familias', operacion: 'quitar', valor: 'Familia fantasma', ids });
    expect(massEditReport(await finished(removal.id))).toMatchObject({ unchanged: 1, rejected: 0 });
  });

  it('a product whose new value the field refuses (a name added past its length) is reported; the others change', async () => {
    const tag = `ME${Date.now() % 100000}`;
    // six categories of 96 characters: five fill a list to 488 of its 500, a sixth does not fit
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const nombre = `${tag} ${i} `.padEnd(96, 'n');
      const created = await call(admin, 'POST', '/categorias', {
        empresaId: 1,
        codigo: `${tag}-${i}`,
        padre: 'master',
        nombre,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      names.push(nombre);
    }
    const full = names.slice(0, 5).join('; ');
    const made: Row[] = [];
    for (const [key, categorias] of [
      ['lleno', full],
      ['vacio-1', ''],
      ['vacio-2', ''],
    ]) {
      const created = await call(admin, 'POST', '/productos', {
        empresaId: 1,
        nombre: `${tag}-${key}`,
        categorias,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      made.push(created.body);
    }
    const job = await start({
      campo: 'categorias',
      operacion: 'añadir',
      valor: names[5],
      ids: JSON.stringify(made.map((p) => p.id)),
    });
    const done = await finished(job.id);
    expect(done.estado).toBe('terminado');
    const report = massEditReport(done);
    expect(report).toMatchObject({ total: 3, done: 3, updated: 2, unchanged: 0, rejected: 1 });
    expect(report.rejectedRows).toEqual([
      {
        line: made[0].id,
        problems: [{ column: `${tag}-lleno`, reason: '«Categorías» admite como máximo 500 caracteres.' }],
      },
    ]);
    const after = await rows(admin, '/productos', {
      where: { id: { inq: made.map((p) => p.id) } },
      order: ['id ASC'],
    });
    expect(after.map((p) => p.categorias)).toEqual([full, names[5], names[5]]);
  });

  it('cancel stops the job between batches; what was not reached stays as it was', async () => {
    const total = await count(admin, '/productos', { empresaId: 1 });
    const job = await start({ campo: 'enviarAecoc', valor: 'S', filtro: '{}' });
    expect((await call(admin, 'PATCH', `${PATH}/${job.id}`, { cancelarSN: 'S' })).status).toBe(204);
    const done = await finished(job.id);
    expect(done.estado).toBe('cancelado');
    const report = massEditReport(done);
    expect(report.cancelled).toBe(true);
    expect(report.total).toBe(total);
    expect(report.done).toBeLessThan(total);
    expect(report.notProcessed).toBe(total - report.done);
    expect(await count(admin, '/productos', { empresaId: 1, enviarAecoc: 'S' })).toBeLessThan(total);
  });

  it("sets an attribute's value, normalised by its type: rows updated or created, each product once", async () => {
    const created = await call(admin, 'POST', '/atributos', {
      empresaId: 1,
      nombre: `Potencia masiva ${Date.now()}`,
      tipo: 'numero',
      unidad: 'W',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const attribute = created.body;
    const some = await rows(admin, '/productos', { where: { empresaId: 1 }, order: ['id ASC'], limit: 7 });
    // two of them already hold a value of the attribute: one the same, one another
    const [same, other] = some;
    for (const [product, valor] of [
      [same, '1234,5'],
      [other, '12'],
    ] as const) {
      const res = await call(admin, 'POST', '/producto-atributos', {
        productoId: product.id,
        atributoId: attribute.id,
        nombre: attribute.nombre,
        valor,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const job = await start({
      campo: 'atributo',
      atributoId: attribute.id,
      valor: '1.234,50',
      ids: JSON.stringify(some.map((p) => p.id)),
    });
    expect(job.valor).toBe('1234,5');
    const done = await finished(job.id);
    expect(done.estado).toBe('terminado');
    const report = massEditReport(done);
    expect(report).toMatchObject({ total: 7, done: 7, updated: 6, unchanged: 1, rejected: 0 });
    const values = await rows(admin, '/producto-atributos', {
      where: { atributoId: attribute.id },
      limit: 100,
    });
    expect(values.map((v) => v.productoId).sort()).toEqual(some.map((p) => p.id).sort());
    expect(new Set(values.map((v) => v.valor))).toEqual(new Set(['1234,5']));
    expect(values.find((v) => v.productoId === some[3].id)).toMatchObject({
      nombre: attribute.nombre,
      unidad: 'W',
    });
  });

  it("an attribute's value its type refuses, or another company's attribute, is 422 and starts nothing", async () => {
    const flag = await call(admin, 'POST', '/atributos', {
      empresaId: 1,
      nombre: `Apto exterior ${Date.now()}`,
      tipo: 'sino',
    });
    const foreign = await call(admin, 'POST', '/atributos', {
      empresaId: 2,
      nombre: `Ajeno ${Date.now()}`,
      tipo: 'texto',
    });
    expect(flag.status).toBe(200);
    expect(foreign.status).toBe(200);
    const before = await count(admin, PATH);
    for (const [body, path, message] of [
      [{ atributoId: flag.body.id, valor: 'quizás' }, '/valor', /sí o no/],
      [{ atributoId: flag.body.id, valor: '' }, '/valor', /Escriba el valor/],
      [{ atributoId: foreign.body.id, valor: 'x' }, '/atributoId', /otra empresa|no existe/],
      [{ valor: 'S' }, '/atributoId', /Elija el atributo/],
    ] as const) {
      const res = await call(admin, 'POST', PATH, { empresaId: 1, campo: 'atributo', ids: '[1]', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const detail = (res.body.error?.details as Row[])[0];
      expect(detail.path).toBe(path);
      expect(String(detail.message)).toMatch(message);
    }
    expect(await count(admin, PATH)).toBe(before);
    // «sí» is read as the flag's S
    const job = await start({ campo: 'atributo', atributoId: flag.body.id, valor: 'sí', ids: '[]' });
    expect(job.valor).toBe('S');
    await finished(job.id);
  });

  it('another user does not see the job', async () => {
    const { editor } = demoLogins();
    const token = await loginToken(server.url, editor).catch(() => undefined);
    if (!token) return;
    expect((await call(token, 'GET', PATH)).status).toBe(403);
  });
});
