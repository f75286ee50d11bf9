// @vitest-environment node
/**
 * Contract: the product history (GET /productos/{id}/versiones, POST …/{versionId}/restaurar). Every kind of
 * change — the app's form, mass edit and import (through the real data provider, which says where a write comes
 * from), the ERP and plain API calls — writes a version with who, when, the origin and each field old → new, for
 * the product and its parts; a restore writes a new version and leaves the product as it was; a restore naming
 * a deleted attribute is refused in Spanish with nothing changed; consecutive saves merge, old versions are
 * purged, and the history follows company isolation and permisos.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import type { Version } from '../../src/core/history/versions';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { testHttpClient } from '../support/appClient';
import { testUser } from '../support/access';
import { apiHelpers, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);

let server: StartedServer;
let admin: string;
let provider: DataProvider;
const { call } = apiHelpers(() => server.url);
const tag = `HI${Date.now() % 100000}`;
const EMPRESA = 1;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  const http = testHttpClient(() => admin);
  provider = loopbackDataProvider(server.url, http, { getEmpresaId: () => EMPRESA });
});

afterAll(async () => {
  await server?.stop();
});

/** A call with an X-Origen header. */
const callFrom = (origen: string, method: string, path: string, body?: unknown) =>
  call(admin, method, path, body, { 'X-Origen': origen });

const versions = async (id: unknown, token = admin, query = ''): Promise<Version[]> => {
  const res = await call(token, 'GET', `/productos/${String(id)}/versiones${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Version[];
};

const latest = async (id: unknown): Promise<Version> => (await versions(id))[0];

const change = (version: Version, campo: string) => version.cambios.find((c) => c.campo === campo);

const newProduct = async (suffix: string, origen = 'api'): Promise<Row> => {
  const res = await callFrom(origen, 'POST', '/productos', {
    empresaId: EMPRESA,
    nombre: `${tag}-${suffix}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const restore = (id: unknown, versionId: number, body: unknown = {}, token = admin) =>
  call(token, 'POST', `/productos/${String(id)}/versiones/${versionId}/restaurar`, body);

/** A restore refused with a Spanish 422 `message` that writes no version. */
const expectRestoreRefused = async (id: unknown, versionId: number, message: string) => {
  const before = await versions(id);
  const res = await restore(id, versionId);
  expect(res.status).toBe(422);
  expect(String(res.body.error?.message)).toBe(message);
  expect(await versions(id)).toEqual(before);
};

describe('each kind of change writes a version', () => {
  it('the form (the app): creation and a save, one user within a minute: one version, old → new', async () => {
    const { data } = await provider.create('productos', { data: { nombre: `${tag}-FORM`, finalizado: 'N' } });
    await provider.update('productos', { id: data.id, data: { finalizado: 'S' }, previousData: data });
    const list = await versions(data.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ origen: 'formulario', usuario: demoLogins().admin.email });
    expect(change(list[0], 'nombre')).toMatchObject({ anterior: null, nuevo: `${tag}-FORM` });
    // merged: the first value before the creation, the last one saved
    expect(change(list[0], 'finalizado')).toMatchObject({ anterior: null, nuevo: 'S' });
    expect(Date.parse(list[0].fecha)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a mass edit (updateMany) and an import (meta.origen) through the data provider', async () => {
    const product = await newProduct('MASS');
    await provider.updateMany('productos', { ids: [product.id as number], data: { enviarAecoc: 'S' } });
    const mass = await latest(product.id);
    expect(mass.origen).toBe('edicion_masiva');
    expect(mass.cambios).toEqual([
      expect.objectContaining({ campo: 'enviarAecoc', anterior: 'N', nuevo: 'S' }),
    ]);

    await provider.create('producto-generals', {
      data: { productoId: product.id, titulo: 'Importado' },
      meta: { origen: 'importacion' },
    });
    const imported = await latest(product.id);
    expect(imported.origen).toBe('importacion');
    expect(change(imported, 'general')).toMatchObject({
      anterior: null,
      nuevo: expect.objectContaining({ titulo: 'Importado' }),
    });
  });

  it('general data, catalogue and cost data, attributes, icons and media: each part by its campo', async () => {
    const product = await newProduct('PARTS');
    const id = product.id;
    const general = await callFrom('api', 'POST', '/producto-generals', { productoId: id, titulo: 'Uno' });
    await callFrom('formulario', 'PATCH', `/producto-generals/${String(general.body.id)}`, { titulo: 'Dos' });
    expect(change(await latest(id), 'general.titulo')).toMatchObject({ anterior: 'Uno', nuevo: 'Dos' });

    const datos = await callFrom('api', 'POST', '/producto-datos-catalogo', {
      productoId: id,
      precioFabrica: 10,
    });
    await callFrom('sincronizacion_erp', 'PATCH', `/producto-datos-catalogo/${String(datos.body.id)}`, {
      precioFabrica: 12.5,
    });
    const erp = await latest(id);
    expect(erp.origen).toBe('sincronizacion_erp');
    expect(change(erp, 'catalogo.precioFabrica')).toMatchObject({ anterior: 10, nuevo: 12.5 });

    const atributo = (
      await call(admin, 'POST', '/atributos', { empresaId: EMPRESA, nombre: `${tag} Color`, tipo: 'texto' })
    ).body;
    const attr = await callFrom('formulario', 'POST', '/producto-atributos', {
      productoId: id,
      atributoId: atributo.id,
      nombre: atributo.nombre,
      valor: 'rojo',
    });
    expect(attr.status, JSON.stringify(attr.body)).toBe(200);
    await callFrom('importacion', 'PATCH', `/producto-atributos/${String(attr.body.id)}`, { valor: 'azul' });
    const attrVersion = await latest(id);
    expect(attrVersion.origen).toBe('importacion');
    expect(change(attrVersion, `atributos[${String(atributo.id)}].valor`)).toMatchObject({
      anterior: 'rojo',
      nuevo: 'azul',
    });

    const [icono] = (
      await call(
        admin,
        'GET',
        `/Iconos?filter=${encodeURIComponent(JSON.stringify({ where: { empresaId: EMPRESA }, limit: 1 }))}`,
      )
    ).body;
    const icon = await callFrom('edicion_masiva', 'POST', '/ProductoIconos', {
      idProducto: id,
      idIcono: icono.id,
    });
    expect(icon.status, JSON.stringify(icon.body)).toBe(200);
    expect(change(await latest(id), `iconos[${String(icono.id)}]`)).toMatchObject({ anterior: null });

    const media = await callFrom('api', 'POST', '/producto-multimedias', {
      productoId: id,
      nombre: 'ficha.pdf',
      tipo: 'Documento',
    });
    expect(media.status, JSON.stringify(media.body)).toBe(200);
    await callFrom('formulario', 'DELETE', `/producto-multimedias/${String(media.body.id)}`);
    const removed = await latest(id);
    expect(change(removed, 'multimedia[ficha.pdf]')).toMatchObject({
      anterior: expect.objectContaining({ nombre: 'ficha.pdf', tipo: 'Documento' }),
      nuevo: null,
    });
  });

  it('generated texts: generated, edited and reviewed are versions, per marketplace, language and field', async () => {
    const product = await newProduct('TEXTS');
    const id = product.id;
    const marketplace = (await call(admin, 'POST', '/MarketPlaces', { codigo: `${tag}-TXT` })).body;
    const key = `textos[${String(marketplace.id)}|es|titulo]`;
    const texto = await callFrom('api', 'POST', '/TextosGenerados', {
      productoId: id,
      marketplaceId: marketplace.id,
      idioma: 'es',
      campo: 'titulo',
      texto: 'Taladro 750 W',
      revisado_sn: 'N',
    });
    expect(texto.status, JSON.stringify(texto.body)).toBe(200);
    const created = change(await latest(id), key);
    expect(created).toMatchObject({
      anterior: null,
      nuevo: expect.objectContaining({ campo: 'titulo', texto: 'Taladro 750 W', revisado_sn: 'N' }),
    });
    expect(created?.etiqueta).toBe(`Texto generado «${String(marketplace.id)} · es · titulo»`);
    await callFrom('formulario', 'PATCH', `/TextosGenerados/${String(texto.body.id)}`, {
      texto: 'Taladro percutor 750 W',
      revisado_sn: 'S',
    });
    const reviewed = await latest(id);
    expect(change(reviewed, `${key}.texto`)).toMatchObject({
      anterior: 'Taladro 750 W',
      nuevo: 'Taladro percutor 750 W',
    });
    expect(change(reviewed, `${key}.revisado_sn`)).toMatchObject({ anterior: 'N', nuevo: 'S' });

    // the text as it was before the review: restored, as a new version
    const res = await restore(id, reviewed.id, { campo: `${key}.texto`, momento: 'antes' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await call(admin, 'GET', `/TextosGenerados/${String(texto.body.id)}`);
    expect(stored.body).toMatchObject({ texto: 'Taladro 750 W', revisado_sn: 'S' });
    expect(change(await latest(id), `${key}.texto`)).toMatchObject({
      anterior: 'Taladro percutor 750 W',
      nuevo: 'Taladro 750 W',
    });
  });

  it('a call without X-Origen is the API; every version names the user', async () => {
    const product = await newProduct('API');
    await call(admin, 'PATCH', `/productos/${String(product.id)}`, { ensamblado: 'S' });
    const [version] = await versions(product.id);
    expect(version).toMatchObject({ origen: 'api', usuario: demoLogins().admin.email });
  });
});

describe('restore', () => {
  it('one field to its value before a change: a new version (origen restauracion), nothing rewritten', async () => {
    const product = await newProduct('PRICE');
    const datos = await callFrom('formulario', 'POST', '/producto-datos-catalogo', {
      productoId: product.id,
      precioFabrica: 10,
    });
    await callFrom('api', 'PATCH', `/producto-datos-catalogo/${String(datos.body.id)}`, {
      precioFabrica: 14,
    });
    const before = await versions(product.id);
    const priceChange = before[0];
    const res = await restore(product.id, priceChange.id, {
      campo: 'catalogo.precioFabrica',
      momento: 'antes',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await call(admin, 'GET', `/producto-datos-catalogo/${String(datos.body.id)}`);
    expect(stored.body.precioFabrica).toBe(10);
    const after = await versions(product.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toMatchObject({ origen: 'restauracion', id: (res.body.version as Row).id });
    expect(after[0].cambios).toEqual([
      expect.objectContaining({ campo: 'catalogo.precioFabrica', anterior: 14, nuevo: 10 }),
    ]);
  });

  it('the whole product to a version: the product and its parts equal what they were then', async () => {
    const product = await newProduct('WHOLE', 'formulario');
    const id = product.id;
    const general = await callFrom('formulario', 'POST', '/producto-generals', {
      productoId: id,
      titulo: 'Primero',
    });
    const snapshot = async () => ({
      product: (await call(admin, 'GET', `/productos/${String(id)}`)).body,
      general: (
        await call(
          admin,
          'GET',
          `/producto-generals?filter=${encodeURIComponent(JSON.stringify({ where: { productoId: id } }))}`,
        )
      ).body,
    });
    const then = await snapshot();
    const [version] = await versions(id);

    await callFrom('api', 'PATCH', `/productos/${String(id)}`, { finalizado: 'S', categorias: null });
    await callFrom('importacion', 'PATCH', `/producto-generals/${String(general.body.id)}`, {
      titulo: 'Segundo',
    });
    await callFrom('edicion_masiva', 'POST', '/producto-caracteristicas', {
      productoId: id,
      nombre: 'Peso',
      valor: '2 kg',
    });

    const res = await restore(id, version.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = await snapshot();
    // as stored: the modification stamp moves on; a field never set reads like one set to null
    const strip = (row: Row) =>
      Object.fromEntries(Object.entries(row).filter(([k, v]) => k !== 'fechaModificacion' && v !== null));
    expect(strip(now.product)).toEqual(strip(then.product));
    expect(now.general.map(strip)).toEqual(then.general.map(strip));
    const caracteristicas = await call(
      admin,
      'GET',
      `/producto-caracteristicas?filter=${encodeURIComponent(JSON.stringify({ where: { productoId: id } }))}`,
    );
    expect(caracteristicas.body).toEqual([]);
    const [written] = await versions(id);
    expect(written.origen).toBe('restauracion');
    expect(change(written, 'finalizado')).toMatchObject({ anterior: 'S', nuevo: 'N' });
    expect(change(written, 'caracteristicas[Peso]')).toMatchObject({ nuevo: null });
  });

  it('a version naming a deleted attribute: a Spanish 422, nothing restored, no version written', async () => {
    const product = await newProduct('GONE');
    const atributo = await call(admin, 'POST', '/atributos', {
      empresaId: EMPRESA,
      nombre: `${tag} Efímero`,
    });
    expect(atributo.status, JSON.stringify(atributo.body)).toBe(200);
    const row = await callFrom('formulario', 'POST', '/producto-atributos', {
      productoId: product.id,
      atributoId: atributo.body.id,
      nombre: `${tag} Efímero`,
      valor: '5',
    });
    const [withAttribute] = await versions(product.id);
    await callFrom('api', 'DELETE', `/producto-atributos/${String(row.body.id)}`);
    const gone = await call(admin, 'DELETE', `/atributos/${String(atributo.body.id)}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    await expectRestoreRefused(
      product.id,
      withAttribute.id,
      `No se puede restaurar esta versión: el atributo «${tag} Efímero» ya no existe.`,
    );
    const rows = await call(
      admin,
      'GET',
      `/producto-atributos?filter=${encodeURIComponent(JSON.stringify({ where: { productoId: product.id } }))}`,
    );
    expect(rows.body).toEqual([]);
  });

  it('a version naming a deleted category: a Spanish 422, nothing restored, no version written', async () => {
    const product = await newProduct('GONECAT');
    const nombre = `${tag} Temporal`;
    const categoria = await call(admin, 'POST', '/categorias', {
      empresaId: EMPRESA,
      codigo: `${tag}-TMP`,
      nombre,
    });
    expect(categoria.status, JSON.stringify(categoria.body)).toBe(200);
    await callFrom('formulario', 'PATCH', `/productos/${String(product.id)}`, { categorias: nombre });
    const [classified] = await versions(product.id);
    await callFrom('api', 'PATCH', `/productos/${String(product.id)}`, { categorias: null });
    const gone = await call(admin, 'DELETE', `/categorias/${String(categoria.body.id)}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    await expectRestoreRefused(
      product.id,
      classified.id,
      `No se puede restaurar esta versión: la categoría «${nombre}» ya no existe.`,
    );
    expect((await call(admin, 'GET', `/productos/${String(product.id)}`)).body.categorias ?? null).toBeNull();
  });

  it('two users restoring at once: each restore is whole and a version; the product is one of the two states', async () => {
    const product = await newProduct('TWICE');
    const id = String(product.id);
    const states = [
      { finalizado: 'S', ordenAtributos: '1' },
      { finalizado: 'N', ordenAtributos: '2' },
      { finalizado: 'S', ordenAtributos: '3' },
    ];
    // three origins, so no two saves merge into one version
    for (const [i, origen] of ['formulario', 'importacion', 'api'].entries())
      await callFrom(origen, 'PATCH', `/productos/${id}`, states[i]);
    const before = await versions(product.id);
    const [, second, first] = before;
    const other = await testUser(server.url, admin, EMPRESA, [
      'read|historial',
      'restore|historial',
      'update|productos',
    ]);
    const answers = await Promise.all([
      restore(product.id, first.id),
      restore(product.id, second.id, {}, other.token),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stored = (await call(admin, 'GET', `/productos/${id}`)).body;
    const now = { finalizado: stored.finalizado, ordenAtributos: stored.ordenAtributos };
    expect([states[0], states[1]]).toContainEqual(now);
    const after = await versions(product.id);
    expect(after).toHaveLength(before.length + 2);
    expect(after.slice(2)).toEqual(before);
    expect(after.slice(0, 2).map((v) => v.origen)).toEqual(['restauracion', 'restauracion']);
    // the newest restore undid what the other one wrote: its old values are the other restore's new ones
    const [last, earlier] = after;
    expect(change(last, 'ordenAtributos')?.anterior).toBe(change(earlier, 'ordenAtributos')?.nuevo);
    expect(change(last, 'ordenAtributos')?.nuevo).toBe(now.ordenAtributos);
  });

  it('a version of another product answers 404; an unknown campo 422', async () => {
    const a = await newProduct('A404');
    const b = await newProduct('B404');
    const [versionOfB] = await versions(b.id);
    expect((await restore(a.id, versionOfB.id)).status).toBe(404);
    const [versionOfA] = await versions(a.id);
    expect((await restore(a.id, versionOfA.id, { campo: 'noExiste[1' })).status).toBe(422);
  });
});

interface HistoryModule {
  purgeHistory(
    repos: unknown,
    opts?: { batch?: number; maxBatches?: number; now?: Date; stopped?: () => boolean },
  ): Promise<number>;
  forgetRetention(): void;
}

describe('retention', () => {
  const retention = () => require('../../dist-server/server/features/history/retention.js') as HistoryModule;
  const repos = () =>
    (
      server as unknown as {
        repositories: {
          repository(n: string): { create(r: Row): Promise<Row>; count(w: Row): Promise<{ count: number }> };
        };
      }
    ).repositories;

  it('saves of one user and origin within a minute merge; another origin starts a new version', async () => {
    const product = await newProduct('MERGE', 'formulario');
    await callFrom('formulario', 'PATCH', `/productos/${String(product.id)}`, { finalizado: 'S' });
    await callFrom('formulario', 'PATCH', `/productos/${String(product.id)}`, { finalizadoSAT: 'S' });
    expect(await versions(product.id)).toHaveLength(1);
    await callFrom('importacion', 'PATCH', `/productos/${String(product.id)}`, { finalizado: 'N' });
    // back to where it started within the merge: the change disappears from the merged version
    await callFrom('importacion', 'PATCH', `/productos/${String(product.id)}`, { finalizado: 'S' });
    const list = await versions(product.id);
    expect(list).toHaveLength(1);
  });

  it('keeps the newest N versions of a product (company settings)', async () => {
    const settings = await call(
      admin,
      'GET',
      `/parametrosGlobales?filter=${encodeURIComponent(JSON.stringify({ where: { empresaId: 2 } }))}`,
    );
    const row = settings.body[0];
    if (row) await call(admin, 'PATCH', `/parametrosGlobales/${String(row.id)}`, { versionesHistorial: 2 });
    else await call(admin, 'POST', '/parametrosGlobales', { empresaId: 2, versionesHistorial: 2 });
    retention().forgetRetention();
    const created = await callFrom('api', 'POST', '/productos', { empresaId: 2, nombre: `${tag}-CAP` });
    for (const [origen, value] of [
      ['formulario', 'S'],
      ['importacion', 'N'],
      ['edicion_masiva', 'S'],
    ] as const)
      await callFrom(origen, 'PATCH', `/productos/${String(created.body.id)}`, { finalizado: value });
    const list = await versions(created.body.id);
    expect(list.map((v) => v.origen)).toEqual(['edicion_masiva', 'importacion']);
  });

  it('the purge removes versions older than the days kept, in batches, and nothing newer', async () => {
    const product = await newProduct('PURGE');
    const history = repos().repository('historial');
    // 30 days old now, 370 days old at the purge's `now` below: the server's own purge (5 s after its start, on
    // today's date) leaves them, and the counts below are this test's alone
    const DAY = 24 * 3600 * 1000;
    const old = new Date(Date.now() - 30 * DAY);
    const later = new Date(Date.now() + 340 * DAY);
    for (let i = 0; i < 5; i += 1)
      await history.create({
        empresaId: EMPRESA,
        productoId: product.id,
        fecha: old,
        usuario: 'x',
        origen: 'api',
        cambios: '[]',
      });
    expect((await history.count({ productoId: product.id })).count).toBe(6);
    // a stopping server: the purge starts no statement, the rows wait for the next run
    expect(await retention().purgeHistory(repos(), { batch: 50, now: later, stopped: () => true })).toBe(0);
    expect((await history.count({ productoId: product.id })).count).toBe(6);
    const removed = await retention().purgeHistory(repos(), {
      batch: 50,
      maxBatches: Number.MAX_SAFE_INTEGER,
      now: later,
    });
    expect(removed).toBeGreaterThanOrEqual(5);
    const left = await versions(product.id);
    expect(left).toHaveLength(1);
    expect(left[0].usuario).toBe(demoLogins().admin.email);
  });
});

describe('company isolation and permisos', () => {
  it("another company's product answers 404, for reading and restoring", async () => {
    const product = await newProduct('ISO');
    const [version] = await versions(product.id);
    const other = await testUser(server.url, admin, 2);
    expect((await call(other.token, 'GET', `/productos/${String(product.id)}/versiones`)).status).toBe(404);
    expect((await restore(product.id, version.id, {}, other.token)).status).toBe(404);
    const own = await testUser(server.url, admin, EMPRESA);
    expect(await versions(product.id, own.token)).toHaveLength(1);
  });

  it('read historial lets a user read, restore historial restore; without them 403', async () => {
    const product = await newProduct('PERM');
    const [version] = await versions(product.id);
    const none = await testUser(server.url, admin, EMPRESA, ['read|productos']);
    const reader = await testUser(server.url, admin, EMPRESA, ['read|productos', 'read|historial']);
    const restorer = await testUser(server.url, admin, EMPRESA, [
      'read|historial',
      'restore|historial',
      'update|productos',
    ]);
    expect((await call(none.token, 'GET', `/productos/${String(product.id)}/versiones`)).status).toBe(403);
    expect((await call(reader.token, 'GET', `/productos/${String(product.id)}/versiones`)).status).toBe(200);
    expect((await restore(product.id, version.id, {}, reader.token)).status).toBe(403);
    expect((await restore(product.id, version.id, {}, restorer.token)).status).toBe(200);
  });
});
