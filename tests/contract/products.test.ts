// @vitest-environment node
/**
 * Contract: the product screens' data access (the real data provider + the product API over the app's HTTP
 * client) against the reference API: creation chain, save, replication, uploads, manual ERP sync with the
 * volume check, lookups, review texts in one request, B2B, company isolation and bad input.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { createHttpProductApi, type ProductApi } from '../../src/custom/productEditor/api';
import type { CatalogueAttribute } from '../../src/custom/productEditor/attributeSync';
import { NextIdError, createProductChain } from '../../src/custom/productEditor/createProduct';
import { ProductSaveError, saveProduct, toFormValues } from '../../src/custom/productEditor/saveProduct';
import { loadProductBundle } from '../../src/custom/productEditor/useProductBundle';
import type { HttpClient } from '../../src/dataProvider/http';
import { productUpdateErrorMessage } from '../../src/dataProvider/errors';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { fieldErrorsFromServer } from '../../src/resources/generic/serverErrors';
import { testHttpClient } from '../support/appClient';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';
import { withCheckDigit } from '../../src/core/gtin';

// Read by the simulated Business Central when the server starts: items whose payload names this fail.
process.env.ERP_SIMULATED_FAILURES = 'ERPFALLA';

let server: StartedServer;
let adminToken: string;
let editorToken: string;
let provider: DataProvider;
let api: ProductApi;
let editorApi: ProductApi;
let requests: string[] = [];
const tag = `PT${Date.now() % 100000}`;

const clientFor = (token: () => string): HttpClient => {
  const client = testHttpClient(token);
  return (url, options) => {
    requests.push(`${options?.method ?? 'GET'} ${url.replace(server.url, '')}`);
    return client(url, options);
  };
};

type Json = Record<string, unknown>;

const call = async (path: string, init: RequestInit = {}, token = adminToken) => {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // binary
  }
  return { status: res.status, body: body as Json & Json[], headers: res.headers };
};

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const rows = async (path: string, where: unknown) =>
  (await call(`${path}?filter=${q({ where })}`)).body as Json[];

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

const multipart = (
  data: Buffer | Uint8Array,
  name: string,
  type = 'application/octet-stream',
  field = 'file',
) => {
  const form = new FormData();
  form.append(field, new Blob([Uint8Array.from(data)], { type }), name);
  return form;
};

const attributeCatalogue = async (): Promise<CatalogueAttribute[]> =>
  (
    await provider.getList('atributos', {
      pagination: { page: 1, perPage: 5000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    })
  ).data as unknown as CatalogueAttribute[];

const createDeps = () => ({
  getNextId: () => api.getNextId(),
  create: async (resource: string, data: Json) => (await provider.create(resource, { data })).data as Json,
  attributeCatalogue,
});

const saveDeps = (target: ProductApi = api) => ({
  update: (resource: string, id: unknown, data: Json, previous: Json) =>
    provider.update(resource, { id: id as number, data, previousData: { ...previous, id: id as number } }),
  create: (resource: string, data: Json) => provider.create(resource, { data }),
  remove: (resource: string, id: unknown, previous: Json) =>
    provider.delete(resource, { id: id as number, previousData: { ...previous, id: id as number } }),
  resetIcons: (id: unknown) => target.resetIcons(id as number),
  syncManual: (id: unknown) => target.syncManual(id as number),
});

let producto2: Json;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  adminToken = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editorToken = (await testUser(server.url, adminToken, 1)).token;
  const client = clientFor(() => adminToken);
  provider = loopbackDataProvider(server.url, client, { getEmpresaId: () => 1 });
  api = createHttpProductApi(server.url, client);
  editorApi = createHttpProductApi(
    server.url,
    clientFor(() => editorToken),
  );
  [producto2] = await rows('/productos', { empresaId: 2 });
});

afterAll(async () => {
  await server?.stop();
});

describe('creation chain (docs/requirements.md#r4-states, #r5-validation)', () => {
  it('GET /productos/getNextId answers the highest id + 1', async () => {
    const { data } = await provider.getList('productos', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    const highest = Math.max(Number(data[0].id), Number(producto2.id));
    expect(await api.getNextId()).toBeGreaterThanOrEqual(highest + 1);
  });

  it('next id, product, main image imagen_principal, empty general record and the category attributes', async () => {
    requests = [];
    const nombre = `${tag}-NEW`;
    const { product, warning } = await createProductChain(createDeps(), {
      nombre,
      categorias: 'Taladros',
      finalizado: 'N',
      sincronizarConBC: 'S',
    });
    expect(warning).toBeUndefined();
    expect(requests[0]).toBe('GET /productos/getNextId');
    expect(product).toMatchObject({
      nombre,
      empresaId: 1,
      imagen: `multimedia/${nombre}/800x600_${nombre}.png`,
    });
    const media = await rows('/producto-multimedias', { productoId: product.id });
    expect(media).toEqual([
      expect.objectContaining({
        nombre: 'imagen_principal',
        tipo: 'Imagen',
        principalSN: 'S',
        fichero: `multimedia/${nombre}/800x600_${nombre}.png`,
      }),
    ]);
    const generals = await rows('/producto-generals', { productoId: product.id });
    expect(generals).toEqual([expect.objectContaining({ productoId: product.id, mercados: '724' })]);
    const atributos = await rows('/producto-atributos', { productoId: product.id });
    expect(atributos.map((a) => a.nombre)).toEqual(
      expect.arrayContaining(['Largo', 'Ancho', 'Alto', 'Potencia']),
    );
    expect(atributos.every((a) => a.valor === '')).toBe(true);
  });

  it('no next id: NextIdError and no product', async () => {
    const failing = createHttpProductApi(server.url, async (url, options) => {
      if (url.endsWith('/productos/getNextId'))
        throw new Error('Ocurrió un error inesperado. Intente nuevamente.');
      return clientFor(() => adminToken)(url, options);
    });
    const nombre = `${tag}-NOID`;
    const error = await createProductChain(
      { ...createDeps(), getNextId: () => failing.getNextId() },
      { nombre },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NextIdError);
    expect((error as Error).message).toBe('Error obteniendo data de próximo id');
    expect(await rows('/productos', { nombre })).toEqual([]);
  });

  it('a name that already exists: 422 ER_DUP_ENTRY marked on nombre, nothing else created', async () => {
    const nombre = `${tag}-NEW`;
    const before = (await call(`/producto-generals/count`)).body.count;
    const error = await createProductChain(createDeps(), { nombre }).catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(422);
    expect(fieldErrorsFromServer(error, ['nombre'])).toEqual({ nombre: 'ra.validation.unique' });
    expect((await call(`/producto-generals/count`)).body.count).toBe(before);
  });
});

/** Waits until the clock is at least one second past `stamp` (no wait when it already is). */
const untilSecondAfter = async (stamp: string) => {
  const wait = Date.parse(stamp) + 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 10));
};

describe('editor save (docs/requirements.md#r4-states "Saving a product", #r5-validation, #r8-errors)', () => {
  it('saves product, general, catalogue, attribute values and icons; loads them back', async () => {
    const [product] = await rows('/productos', { nombre: `${tag}-NEW` });
    const bundle = await loadProductBundle(provider, api, product.id as number);
    expect(bundle.general?.mercados).toBe('724');
    const values = toFormValues(bundle);
    values.finalizado = 'S';
    values.general = { ...values.general, titulo: 'Taladro de prueba', ean: '8437000000006' };
    values.datosCatalogo = { codigoFabricante: 'FAB-1', precioFabrica: 12.5 };
    values.atributos = (values.atributos ?? []).map((row) =>
      row.nombre === 'Potencia' ? { ...row, valor: '750' } : row,
    );
    const [icono] = (
      await provider.getList('Iconos', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
    ).data;
    values.iconos = [{ idIcono: Number(icono.id), texto: '2 años' }];
    values.sincronizarConBC = 'N';
    // MySQL DATETIME keeps whole seconds: save in a later second than the stored stamp so a change is visible
    await untilSecondAfter(String(bundle.product.fechaModificacion));
    await saveProduct(saveDeps(), bundle, values);

    const again = await loadProductBundle(provider, api, product.id as number);
    expect(again.product.finalizado).toBe('S');
    expect(again.general).toMatchObject({
      titulo: 'Taladro de prueba',
      ean: '8437000000006',
      mercados: '724',
    });
    expect(again.datosCatalogo).toMatchObject({ codigoFabricante: 'FAB-1', precioFabrica: 12.5 });
    expect(again.atributos.find((a) => a.nombre === 'Potencia')?.valor).toBe('750');
    expect(again.iconos).toEqual([expect.objectContaining({ idIcono: Number(icono.id), texto: '2 años' })]);
    // the modification date moved
    expect(String(again.product.fechaModificacion)).not.toBe(String(bundle.product.fechaModificacion));
  });

  it('a server 422 names the step and the field; the stored record is unchanged', async () => {
    const [product] = await rows('/productos', { nombre: `${tag}-NEW` });
    const bundle = await loadProductBundle(provider, api, product.id as number);
    const values = toFormValues(bundle);
    values.general = { ...values.general, ean: 'X'.repeat(30) };
    const error = await saveProduct(saveDeps(), bundle, values).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProductSaveError);
    expect((error as ProductSaveError).step).toBe('general');
    expect(productUpdateErrorMessage((error as ProductSaveError).original)).toMatch(
      /^No se pudo actualizar el producto\. Por favor, revisa los datos e inténtalo de nuevo: El campo 'ean' tiene un valor no válido \(/,
    );
    expect((await loadProductBundle(provider, api, product.id as number)).general?.ean).toBe('8437000000006');
  });
});

describe('manual ERP sync with the volume check (docs/requirements.md#r7-api, #r8-errors)', () => {
  it("no volume: 'volumen NO', nothing sent, the refusal logged on the product", async () => {
    const [product] = await rows('/productos', { nombre: `${tag}-NEW` });
    await call(`/productos/${product.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sincronizarConBC: 'S' }),
    });
    const answer = await api.syncManual(product.id as number);
    expect(answer.respuesta).toBe('volumen NO');
    const stored = (await call(`/productos/${product.id}`)).body;
    expect(stored.fechaEjecucionDeProcesoSincroBC).toBeTruthy();
    expect(stored.fechaSincronizacionConBC ?? null).toBeNull();
    expect(String(stored.motivoErrorSincroConBC)).toMatch(/volumen/);
  });

  it('with Largo, Ancho and Alto: sent to BC, fechaSincronizacionConBC set and the error cleared', async () => {
    const [product] = await rows('/productos', { nombre: `${tag}-NEW` });
    for (const [nombre, valor] of [
      ['Largo', '30'],
      ['Ancho', '20'],
      ['Alto', '10'],
    ]) {
      const [row] = await rows('/producto-atributos', { productoId: product.id, nombre });
      await call(`/producto-atributos/${row.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ valor }),
      });
    }
    const answer = await api.syncManual(product.id as number);
    expect(answer.respuesta).toBe('OK');
    const stored = (await call(`/productos/${product.id}`)).body;
    expect(stored.fechaSincronizacionConBC).toBeTruthy();
    expect(stored.motivoErrorSincroConBC ?? null).toBeNull();
  });

  it('the ERP refusing: 424 with its reason, logged on the product; a product not marked is skipped', async () => {
    const { product } = await createProductChain(createDeps(), {
      nombre: `${tag}-ERPFALLA`,
      categorias: 'Taladros',
    });
    await call(`/producto-generals?where=${q({ productoId: product.id })}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ dimensiones: '10 x 10 x 10 cm' }),
    });
    expect((await api.syncManual(product.id as number)).respuesta).toBe('OMITIDO');
    await call(`/productos/${product.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sincronizarConBC: 'S' }),
    });
    const res = await call(`/sincronizaProductosManual?idProducto=${product.id}`);
    expect(res.status).toBe(424);
    expect(String(res.body.error && (res.body.error as Json).message)).toMatch(
      /^No se pudo sincronizar el producto con BC: /,
    );
    expect(String((await call(`/productos/${product.id}`)).body.motivoErrorSincroConBC)).toMatch(/ERPFALLA/);
  });

  it('another company’s product is 404 for the editor; a missing idProducto is 400', async () => {
    expect(
      (await call(`/sincronizaProductosManual?idProducto=${producto2.id}`, {}, editorToken)).status,
    ).toBe(404);
    expect((await call(`/sincronizaProductosManual`)).status).toBe(400);
  });
});

describe('uploads (docs/requirements.md#r7-api "Files"): multipart field file, stored, served back, 800x600 PNG', () => {
  const nombre = () => `${tag}-NEW`;

  it('an image is stored with its 800x600 PNG rendition, both served back', async () => {
    const answer = await api.upload({
      kind: 'images',
      empresaId: 1,
      nombre: nombre(),
      fileName: 'foto_lateral.png',
      file: new Blob([await png(1200, 400)], { type: 'image/png' }),
    });
    expect(answer).toMatchObject({
      fichero: `multimedia/${nombre()}/foto_lateral.png`,
      principal: `multimedia/${nombre()}/800x600_foto_lateral.png`,
      tipo: 'Imagen',
      formato: 'png',
    });
    // the files need a token like every endpoint (header, or access_token for an <img>)
    const served = await fetch(`${server.url}/${answer.principal}?access_token=${adminToken}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/image\/png/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([800, 600, 'png']);
    expect((await call(`/${answer.fichero}`)).status).toBe(200);
    expect((await fetch(`${server.url}/${answer.fichero}`)).status).toBe(401);
  });

  it('a document goes to /files-upload as Documento', async () => {
    const answer = await api.upload({
      kind: 'files',
      empresaId: 1,
      nombre: nombre(),
      fileName: 'ficha_tecnica.pdf',
      file: new Blob([Buffer.from('%PDF-1.4 prueba')], { type: 'application/pdf' }),
    });
    expect(answer).toMatchObject({ fichero: `multimedia/${nombre()}/ficha_tecnica.pdf`, tipo: 'Documento' });
    expect(answer.principal).toBeUndefined();
  });

  it('50 MB: 413 with a clear Spanish message, nothing stored', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 1);
    const res = await call(`/images-upload/1/${nombre()}/enorme.png`, {
      method: 'POST',
      body: multipart(big, 'enorme.png'),
    });
    expect(res.status).toBe(413);
    expect((res.body.error as Json).message).toBe(
      'El fichero «enorme.png» supera el tamaño máximo de 20 MB.',
    );
    expect((await call(`/multimedia/${nombre()}/enorme.png`)).status).toBe(404);
  });

  it('just over 20 MB (read by multer): 413 too, the connection answers', async () => {
    const over = Buffer.alloc(20 * 1024 * 1024 + 300 * 1024, 1);
    const res = await call(`/files-upload/1/${nombre()}/grande.pdf`, {
      method: 'POST',
      body: multipart(over, 'grande.pdf'),
    });
    expect(res.status).toBe(413);
    expect((res.body.error as Json).message).toBe(
      'El fichero «grande.pdf» supera el tamaño máximo de 20 MB.',
    );
    expect((await call(`/multimedia/${nombre()}/grande.pdf`)).status).toBe(404);
  });

  it('wrong types and broken images are refused with Spanish messages', async () => {
    const html = await call(`/files-upload/1/${nombre()}/pagina.html`, {
      method: 'POST',
      body: multipart(Buffer.from('<script>alert(1)</script>'), 'pagina.html'),
    });
    expect(html.status).toBe(415);
    expect((html.body.error as Json).message).toMatch(
      /^El tipo de fichero «\.html» de «pagina\.html» no está permitido/,
    );
    const pdfAsImage = await call(`/images-upload/1/${nombre()}/manual.pdf`, {
      method: 'POST',
      body: multipart(Buffer.from('x'), 'manual.pdf'),
    });
    expect(pdfAsImage.status).toBe(415);
    const broken = await call(`/images-upload/1/${nombre()}/rota.png`, {
      method: 'POST',
      body: multipart(Buffer.from('no soy png'), 'rota.png'),
    });
    expect(broken.status).toBe(422);
    expect((broken.body.error as Json).message).toBe(
      'El fichero «rota.png» no es una imagen PNG o JPEG válida.',
    );
    const noFile = await call(`/images-upload/1/${nombre()}/x.png`, {
      method: 'POST',
      body: multipart(await png(10, 10), 'x.png', 'image/png', 'otro'),
    });
    expect(noFile.status).toBe(400);
  });

  it('company isolation: another company is 403, an unknown product 404, no token 401', async () => {
    const body = () => multipart(Buffer.from('x'), 'a.pdf');
    expect(
      (
        await call(
          `/files-upload/2/${String(producto2.nombre)}/a.pdf`,
          { method: 'POST', body: body() },
          editorToken,
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(`/files-upload/1/NO-EXISTE-${tag}/a.pdf`, { method: 'POST', body: body() })).status,
    ).toBe(404);
    expect(
      (await fetch(`${server.url}/files-upload/1/${nombre()}/a.pdf`, { method: 'POST', body: body() }))
        .status,
    ).toBe(401);
  });

  it('GET /procesar-imagenes renders the main image again from the principal record', async () => {
    const [product] = await rows('/productos', { nombre: nombre() });
    const [main] = await rows('/producto-multimedias', {
      productoId: product.id,
      nombre: 'imagen_principal',
    });
    await call(`/producto-multimedias/${main.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fichero: `multimedia/${nombre()}/foto_lateral.png` }),
    });
    const answer = await api.processImages([nombre(), `NO-EXISTE-${tag}`]);
    expect(answer.procesados).toEqual([nombre()]);
    expect(answer.errores).toEqual([{ producto: `NO-EXISTE-${tag}`, motivo: 'Producto no encontrado' }]);
    expect((await call(`/productos/${product.id}`)).body.imagen).toBe(
      `multimedia/${nombre()}/800x600_foto_lateral.png`,
    );
  });
});

describe('replica (docs/requirements.md#r7-api GET /productos/replica/{id})', () => {
  it('copies the product and every part under a new unique name, files included', async () => {
    const [source] = await rows('/productos', { nombre: `${tag}-NEW` });
    const copy = await api.replicate(source.id as number);
    expect(copy.nombre).toBe(`${tag}-NEW-COPIA`);
    expect(copy.id).not.toBe(source.id);
    const count = async (path: string, field: string, id: unknown) =>
      (await rows(path, { [field]: id })).length;
    for (const [path, field] of [
      ['/producto-generals', 'productoId'],
      ['/producto-atributos', 'productoId'],
      ['/producto-multimedias', 'productoId'],
      ['/ProductoIconos', 'idProducto'],
      ['/producto-datos-catalogo', 'productoId'],
    ]) {
      expect(await count(path, field, copy.id)).toBe(await count(path, field, source.id));
      expect(await count(path, field, copy.id)).toBeGreaterThan(0);
    }
    const media = await rows('/producto-multimedias', { productoId: copy.id });
    expect(media.every((m) => String(m.fichero).startsWith(`multimedia/${tag}-NEW-COPIA/`))).toBe(true);
    expect((await call(`/multimedia/${tag}-NEW-COPIA/foto_lateral.png`)).status).toBe(200);
    expect((await api.replicate(source.id as number)).nombre).toBe(`${tag}-NEW-COPIA-2`);
  });

  it("another company's product is 404 for the editor", async () => {
    await expect(editorApi.replicate(producto2.id as number)).rejects.toMatchObject({ status: 404 });
  });
});

describe('lookups and the list', () => {
  it('por-producto lookups answer the product’s rows, 404 for another company', async () => {
    const [product] = await rows('/productos', { nombre: `${tag}-NEW` });
    const attributes = await api.attributesOf(product.id as number);
    const orders = attributes.map((a) => Number(a.ordenEnGrupo));
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect((await api.mediaOf(product.id as number))[0]).toMatchObject({ principalSN: 'S' });
    await expect(editorApi.attributesOf(producto2.id as number)).rejects.toMatchObject({ status: 404 });
    await expect(editorApi.mediaOf(producto2.id as number)).rejects.toMatchObject({ status: 404 });
    const [atributo] = await rows('/atributos', { empresaId: 2 });
    expect((await call(`/producto-atributos/por-atributo/${atributo.id}`, {}, editorToken)).status).toBe(404);
    expect(
      ((await call(`/producto-atributos/por-atributo/${atributo.id}`)).body as Json[]).length,
    ).toBeGreaterThan(0);
  });

  it('a list page costs list + count, then ONE request for the texts of the whole page', async () => {
    requests = [];
    const { data } = await provider.getList('productos', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: {},
    });
    const texts = await api.reviewTexts(data.map((p) => p.id));
    expect(requests).toHaveLength(3);
    expect(requests[2]).toMatch(/^GET \/TextosGenerados\?filter=/);
    expect(decodeURIComponent(requests[2])).toContain('"productoId":{"inq":[');
    const ids = new Set(data.map((p) => p.id));
    expect(texts.every((t) => ids.has(t.productoId))).toBe(true);
  });
});

describe('B2B products (docs/requirements.md#r7-api)', () => {
  it('obtenerProductosFiltrados: marketplace products of the company, filtered; multiempresas for all', async () => {
    const { data: all, total } = await api.b2bProducts({});
    expect(all.length).toBeGreaterThan(2);
    expect(all.every((row) => row.empresaId === 1)).toBe(true);
    const active = await rows('/productos', { empresaId: 1, activoEnMarketplace: 'S' });
    expect(all).toHaveLength(active.length);
    expect(total).toBe(active.length);
    // Paged on the server with limit/skip, in the same order; the total counts every matching row.
    const page = await api.b2bProducts({ limit: 2, skip: 1 });
    expect(page.data.map((row) => row.id)).toEqual(all.slice(1, 3).map((row) => row.id));
    expect(page.total).toBe(active.length);
    const taladros = await api.b2bProducts({ filtro2: 'taladros', limit: 1 });
    expect(taladros.data).toHaveLength(1);
    expect(taladros.total).toBeGreaterThan(0);
    expect(taladros.data.every((row) => /taladros/i.test(String(row.categorias)))).toBe(true);
    const allTaladros = (await api.b2bProducts({ filtro2: 'taladros' })).data;
    expect(allTaladros).toHaveLength(taladros.total);
    const multi = (await api.b2bProducts({ multiempresas: 'S' })).data;
    expect(new Set(multi.map((row) => row.empresaId))).toEqual(new Set([1, 2]));
    await expect(editorApi.b2bProducts({ cliente: 2 })).rejects.toMatchObject({ status: 403 });
    const own = await editorApi.b2bProducts({ multiempresas: 'S' });
    expect(own.data.every((row) => row.empresaId === 1)).toBe(true);
    expect(own.total).toBe(active.length);
  });

  it('obtenerProductosFiltrados filtro1: a part of the SKU, title or brand, case- and accent-insensitive; not the EAN', async () => {
    const post = async (path: string, body: Json) => {
      const res = await call(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const ean = withCheckDigit(`84${String(Date.now() % 1e10).padStart(10, '0')}`);
    await post('/Marca', { empresaId: 1, nombre: `Lumenor${tag}` });
    const product = await post('/productos', {
      empresaId: 1,
      nombre: `${tag}-B2BQ`,
      activoEnMarketplace: 'S',
    });
    await post('/producto-generals', {
      productoId: product.id,
      titulo: `Lámpara colgante Ñandú ${tag}`,
      marca: `Lumenor${tag}`,
      ean,
    });
    const found = async (filtro1: string) => {
      const { data, total } = await api.b2bProducts({ filtro1 });
      expect(total).toBe(data.length);
      return data.map((row) => row.id);
    };
    expect(await found(`${tag}-b2bq`)).toEqual([product.id]);
    expect(await found(`COLGANTE nandu ${tag}`)).toEqual([product.id]);
    expect(await found(`lumenor${tag}`)).toEqual([product.id]);
    // the EAN is in the products' search text, not among filtro1's fields
    expect(await found(ean)).toEqual([]);
    // wildcards are literal
    expect(await found(`Lámpara%${tag}`)).toEqual([]);
  });

  it('/B2bProductos/{nombre}: the product with its public media, attributes and icons; 404 when not active', async () => {
    const {
      data: [first],
    } = await api.b2bProducts({});
    const detail = await api.b2bProduct(first.nombre);
    expect(detail.nombre).toBe(first.nombre);
    expect(
      Array.isArray(detail.atributos) && Array.isArray(detail.multimedia) && Array.isArray(detail.iconos),
    ).toBe(true);
    await expect(api.b2bProduct(`${tag}-NEW`)).rejects.toMatchObject({ status: 404 });
  });
});

describe('delete (docs/requirements.md#r7-api: 204)', () => {
  it('deleting a product answers 204 and removes its parts', async () => {
    const [copy] = await rows('/productos', { nombre: `${tag}-NEW-COPIA-2` });
    const res = await call(`/productos/${copy.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await rows('/producto-generals', { productoId: copy.id })).toEqual([]);
    expect(await rows('/producto-atributos', { productoId: copy.id })).toEqual([]);
    expect(await rows('/ProductoIconos', { idProducto: copy.id })).toEqual([]);
  });
});
