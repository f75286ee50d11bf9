// @vitest-environment node
/**
 * Contract: a product's data over its life in the reference API — only pictures can be principal media,
 * renaming moves its files and rewrites their paths, and deleting it leaves nothing behind in any child table
 * (generated texts, generation queue and catalogue links included) nor its files.
 */
import { possibleValues } from '../../src/core/iconValues';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productChildTables } from '../../server/features/products/children';
import { PRINCIPAL_ONLY_IMAGES } from '../../src/core/productEditor/mediaRecords';
import { registry } from '../../src/resources/registry';
import { apiHelpers, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
const { call, rows } = apiHelpers(() => server.url);
const tag = `PL${Date.now() % 100000}`;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

const create = async (path: string, body: Row): Promise<Row> => {
  const res = await call(admin, 'POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

const newProduct = (nombre: string) =>
  create('/productos', { empresaId: 1, nombre, imagen: `multimedia/${nombre}/800x600_${nombre}.png` });

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();

const uploadImage = async (nombre: string, fileName: string) => {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(await png())], { type: 'image/png' }), fileName);
  const res = await fetch(`${server.url}/images-upload/1/${encodeURIComponent(nombre)}/${fileName}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { fichero: string; principal: string };
};

/** The status of a stored file fetched as the admin (files need a token like every endpoint). */
const served = async (path: string) =>
  (await fetch(`${server.url}/${path}`, { headers: { Authorization: `Bearer ${admin}` } })).status;

describe('only pictures can be principal media', () => {
  it('a document marked principal is refused (422 on principalSN, Spanish); a picture is accepted', async () => {
    const product = await newProduct(`${tag}-PRINC`);
    const refused = await call(admin, 'POST', '/producto-multimedias', {
      productoId: product.id,
      nombre: 'ficha',
      tipo: 'Documento',
      principalSN: 'S',
      fichero: `multimedia/${tag}-PRINC/ficha.pdf`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      statusCode: 422,
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: '/principalSN', message: PRINCIPAL_ONLY_IMAGES })],
    });
    const document = await create('/producto-multimedias', {
      productoId: product.id,
      nombre: 'ficha',
      tipo: 'Documento',
      principalSN: 'N',
    });
    const patched = await call(admin, 'PATCH', `/producto-multimedias/${document.id}`, { principalSN: 'S' });
    expect(patched.status).toBe(422);
    expect((await call(admin, 'GET', `/producto-multimedias/${document.id}`)).body.principalSN).toBe('N');
    const picture = await call(admin, 'POST', '/producto-multimedias', {
      productoId: product.id,
      nombre: 'foto',
      tipo: 'Imagen',
      principalSN: 'S',
    });
    expect(picture.status).toBe(200);
  });
});

describe('renaming a product moves its files', () => {
  it('the folder moves to the new name and the media paths and imagen follow; a refused rename moves nothing', async () => {
    const from = `${tag}-REN`;
    const to = `${tag}-RENOMBRADO`;
    const product = await newProduct(from);
    const answer = await uploadImage(from, 'vista_frontal.png');
    await call(admin, 'PATCH', `/productos/${product.id}`, { imagen: answer.principal });
    const media = await create('/producto-multimedias', {
      productoId: product.id,
      nombre: 'vista frontal',
      tipo: 'Imagen',
      principalSN: 'S',
      fichero: answer.fichero,
    });
    const external = await create('/producto-multimedias', {
      productoId: product.id,
      nombre: 'web',
      tipo: 'Imagen',
      principalSN: 'N',
      fichero: 'https://example.com/foto.png',
    });
    expect(await served(answer.fichero)).toBe(200);

    // a rename the server refuses (the name exists) moves nothing
    const other = await newProduct(`${tag}-OCUPADO`);
    const duplicate = await call(admin, 'PATCH', `/productos/${product.id}`, { nombre: other.nombre });
    expect(duplicate.status).toBe(422);
    // the same name in other letter case is the same name (found through the products' search text)
    const variant = await call(admin, 'PATCH', `/productos/${product.id}`, {
      nombre: String(other.nombre).toLowerCase(),
    });
    expect(variant.status).toBe(422);
    expect(JSON.stringify(variant.body)).toContain('Ya existe');
    expect(await served(answer.fichero)).toBe(200);

    expect((await call(admin, 'PATCH', `/productos/${product.id}`, { nombre: to })).status).toBe(204);
    const stored = (await call(admin, 'GET', `/productos/${product.id}`)).body;
    expect(stored.nombre).toBe(to);
    expect(stored.imagen).toBe(`multimedia/${to}/800x600_vista_frontal.png`);
    expect((await call(admin, 'GET', `/producto-multimedias/${media.id}`)).body.fichero).toBe(
      `multimedia/${to}/vista_frontal.png`,
    );
    expect((await call(admin, 'GET', `/producto-multimedias/${external.id}`)).body.fichero).toBe(
      'https://example.com/foto.png',
    );
    expect(await served(`multimedia/${to}/vista_frontal.png`)).toBe(200);
    expect(await served(`multimedia/${to}/800x600_vista_frontal.png`)).toBe(200);
    expect(await served(answer.fichero)).toBe(404);
    // new uploads go to the new folder
    expect((await uploadImage(to, 'lateral.png')).fichero).toBe(`multimedia/${to}/lateral.png`);
  });
});

describe('deleting a product removes all its data', () => {
  it('every child table is empty for it afterwards, generated texts, queue and catalogue links included, and its files are gone', async () => {
    const nombre = `${tag}-DEL`;
    const product = await newProduct(nombre);
    const id = product.id;
    const [catalogo] = await rows(admin, '/catalogos', { where: { empresaId: 1 }, limit: 1 });
    const [prompt] = await rows(admin, '/MarketPlacePrompts', { limit: 1 });
    expect(catalogo && prompt).toBeTruthy();
    const [icono] = await rows(admin, '/Iconos', { where: { empresaId: 1 }, limit: 1 });
    const [atributo] = await rows(admin, '/atributos', { where: { empresaId: 1 }, limit: 1 });
    await create('/producto-generals', { productoId: id, titulo: 'x', mercados: '724' });
    await create('/producto-atributos', {
      productoId: id,
      atributoId: atributo.id,
      nombre: 'Largo',
      valor: '1',
    });
    await create('/producto-multimedias', { productoId: id, nombre: 'imagen_principal', tipo: 'Imagen' });
    await create('/ProductoIconos', {
      idProducto: id,
      idIcono: icono.id,
      texto: possibleValues(icono.posiblesValores)[0] ?? 'x',
    });
    await create('/producto-datos-catalogo', { productoId: id, codigoFabricante: 'F-1' });
    await create('/producto-caracteristicas', { productoId: id, nombre: 'Color', valor: 'rojo' });
    await create('/catalogos-productos', { catalogoId: catalogo.Id ?? catalogo.id, productoId: id });
    await create('/TextosGenerados', {
      productoId: id,
      campo: 'titulo',
      texto: 'Un texto',
      revisado_sn: 'N',
    });
    await create('/ProductosGeneracionTextos', { productoId: id, marketplacePromptId: prompt.id });
    const answer = await uploadImage(nombre, 'foto.png');

    const children = productChildTables(registry);
    expect(children.map(([resource]) => resource)).toEqual(
      expect.arrayContaining(['catalogos-productos', 'TextosGenerados', 'ProductosGeneracionTextos']),
    );
    for (const [resource, field] of children) {
      expect(
        (await rows(admin, `/${resource}`, { where: { [field]: id } })).length,
        resource,
      ).toBeGreaterThan(0);
    }

    expect((await call(admin, 'DELETE', `/productos/${id}`)).status).toBe(204);
    for (const [resource, field] of children) {
      expect(await rows(admin, `/${resource}`, { where: { [field]: id } }), resource).toEqual([]);
    }
    expect(await served(answer.fichero)).toBe(404);
    expect(await served(answer.principal)).toBe(404);
  });
});
