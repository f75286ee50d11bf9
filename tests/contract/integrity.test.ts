// @vitest-environment node
/**
 * Data integrity on the reference API, called straight (not through the app): GS1 check digits refused with
 * the expected digit, and what deleting a catalogue, a category or a product does to what depends on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../src/core/gtin';
import { apiHelpers, q, type Row } from '../support/api';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let token: string;
const { call, rows, count } = apiHelpers(() => server.url);
const stamp = Date.now() % 1000000;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  token = await loginToken(server.url);
});

afterAll(async () => {
  await server?.stop();
});

const createProduct = async (nombre: string, extra: Row = {}): Promise<number> => {
  const created = await call(token, 'POST', '/productos', { empresaId: 1, nombre, ...extra });
  expect(created.status).toBe(200);
  return Number(created.body.id);
};

describe('GTIN and GLN check digits on the API', () => {
  it('refuses a wrong EAN with 422 on the field naming the expected digit, and accepts the right one', async () => {
    const productoId = await createProduct(`INT-EAN-${stamp}`);
    const wrong = await call(token, 'POST', '/producto-generals', { productoId, ean: '4006381333932' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error?.details).toEqual([
      expect.objectContaining({
        path: '/ean',
        message: expect.stringContaining('el dígito de control debería ser 1, no 2'),
      }),
    ]);
    const short = await call(token, 'POST', '/producto-generals', { productoId, ean: '12345' });
    expect(short.status).toBe(422);
    const right = await call(token, 'POST', '/producto-generals', {
      productoId,
      ean: '4006381333931',
      GLN: withCheckDigit('841234500001'),
    });
    expect(right.status).toBe(200);
    const gln = withCheckDigit('841234500001');
    const wrongGln = `${gln.slice(0, -1)}${(Number(gln.slice(-1)) + 1) % 10}`;
    const badGln = await call(token, 'PATCH', `/producto-generals/${right.body.id}`, { GLN: wrongGln });
    expect(badGln.status).toBe(422);
    expect(JSON.stringify(badGln.body)).toContain('/GLN');
    const stored = await call(token, 'GET', `/producto-generals/${right.body.id}`);
    expect(stored.body.GLN).toBe(withCheckDigit('841234500001'));
  });
});

describe('deleting a catalogue through the API', () => {
  it('removes its product links, and only its own', async () => {
    const make = async (codigo: string) => {
      const created = await call(token, 'POST', '/catalogos', {
        empresaId: 1,
        codigo,
        nombre: `Catálogo ${codigo}`,
        anyo: 2026,
        activoSN: 'S',
      });
      expect(created.status).toBe(200);
      return Number(created.body.Id);
    };
    const doomed = await make(`INT-DEL-${stamp}`);
    const kept = await make(`INT-KEEP-${stamp}`);
    const products = await rows(token, '/productos', {
      where: { empresaId: 1 },
      order: ['id ASC'],
      limit: 3,
    });
    expect(products).toHaveLength(3);
    for (const catalogoId of [doomed, kept]) {
      for (const product of products) {
        const link = await call(token, 'POST', '/catalogos-productos', {
          catalogoId,
          productoId: product.id,
        });
        expect(link.status).toBe(200);
      }
    }
    expect(await count(token, '/catalogos-productos', { catalogoId: doomed })).toBe(3);

    const deleted = await call(token, 'DELETE', `/catalogos/${doomed}`);
    expect(deleted.status).toBe(204);
    expect(await count(token, '/catalogos-productos', { catalogoId: doomed })).toBe(0);
    expect(await count(token, '/catalogos-productos', { catalogoId: kept })).toBe(3);
    expect((await call(token, 'GET', `/catalogos/${doomed}`)).status).toBe(404);
  });
});

describe('deleting a category through the API', () => {
  it('is refused while products are classified in it or it has subcategories, then allowed', async () => {
    const parent = await call(token, 'POST', '/categorias', {
      empresaId: 1,
      codigo: `INTP${stamp}`,
      nombre: `Integridad padre ${stamp}`,
    });
    const child = await call(token, 'POST', '/categorias', {
      empresaId: 1,
      codigo: `INTC${stamp}`,
      padre: `INTP${stamp}`,
      nombre: `Integridad hija ${stamp}`,
    });
    // the product's other category exists too
    const otra = await call(token, 'POST', '/categorias', {
      empresaId: 1,
      codigo: `INTO${stamp}`,
      nombre: 'Otra',
    });
    expect([parent.status, child.status, otra.status]).toEqual([200, 200, 200]);
    const productoId = await createProduct(`INT-CAT-${stamp}`, {
      categorias: `Otra; Integridad hija ${stamp}`,
    });

    const refusedChild = await call(token, 'DELETE', `/categorias/${child.body.id}`);
    expect(refusedChild.status).toBe(409);
    expect(refusedChild.body.error?.message).toBe(
      `No se puede eliminar la categoría «Integridad hija ${stamp}»: tiene 1 producto clasificado en ella. ` +
        'Mueva o elimine antes sus subcategorías y quítela de esos productos.',
    );
    const refusedParent = await call(token, 'DELETE', `/categorias/${parent.body.id}`);
    expect(refusedParent.status).toBe(409);
    expect(refusedParent.body.error?.message).toContain('tiene 1 subcategoría');
    expect((await call(token, 'GET', `/categorias/${child.body.id}`)).status).toBe(200);

    expect((await call(token, 'PATCH', `/productos/${productoId}`, { categorias: 'Otra' })).status).toBe(204);
    expect((await call(token, 'DELETE', `/categorias/${child.body.id}`)).status).toBe(204);
    expect((await call(token, 'DELETE', `/categorias/${parent.body.id}`)).status).toBe(204);
  });
});

describe('deleting a product through the API', () => {
  it('removes the relations that name it by SKU', async () => {
    const principal = `INT-PRD-${stamp}`;
    const other = `INT-OTR-${stamp}`;
    const productoId = await createProduct(principal);
    await createProduct(other);
    const sustituto = await call(token, 'POST', '/Sustitutos', {
      skuPrincipal: principal,
      skuSustituto: other,
    });
    const inverse = await call(token, 'POST', '/Sustitutos', {
      skuPrincipal: other,
      skuSustituto: principal,
    });
    const repuesto = await call(token, 'POST', '/Repuestos', { skuPrincipal: other, skuRepuesto: principal });
    expect([sustituto.status, inverse.status, repuesto.status]).toEqual([200, 200, 200]);

    expect((await call(token, 'DELETE', `/productos/${productoId}`)).status).toBe(204);
    const where = (field: string, value: string) => q({ where: { [field]: value } });
    expect((await call(token, 'GET', `/Sustitutos?filter=${where('skuPrincipal', principal)}`)).body).toEqual(
      [],
    );
    expect((await call(token, 'GET', `/Sustitutos?filter=${where('skuSustituto', principal)}`)).body).toEqual(
      [],
    );
    expect((await call(token, 'GET', `/Repuestos?filter=${where('skuRepuesto', principal)}`)).body).toEqual(
      [],
    );
  });
});

describe('typed values on the API', () => {
  it('a numeric attribute refuses abc with 422 on valor, and takes a number', async () => {
    const [potencia] = await rows(token, '/atributos', { where: { empresaId: 1, nombre: 'Potencia' } });
    expect(potencia?.tipo).toBe('numero');
    const productoId = await createProduct(`INT-ATR-${stamp}`);
    const refused = await call(token, 'POST', '/producto-atributos', {
      productoId,
      atributoId: potencia.id,
      nombre: 'Potencia',
      valor: 'abc',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.details).toEqual([
      expect.objectContaining({
        path: '/valor',
        message: 'El atributo «Potencia» es numérico: «abc» no es un número',
      }),
    ]);
    const accepted = await call(token, 'POST', '/producto-atributos', {
      productoId,
      atributoId: potencia.id,
      nombre: 'Potencia',
      valor: '1200',
    });
    expect(accepted.status).toBe(200);
  });

  it('an icon text outside its posiblesValores is refused with 422 on texto', async () => {
    const icon = await call(token, 'POST', '/Iconos', {
      empresaId: 1,
      nombre: `Clase INT ${stamp}`,
      posiblesValores: 'A+,A,B',
    });
    expect(icon.status).toBe(200);
    const productoId = await createProduct(`INT-ICO-${stamp}`);
    const refused = await call(token, 'POST', '/ProductoIconos', {
      idProducto: productoId,
      idIcono: icon.body.id,
      texto: 'Z',
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('no es un valor posible');
    const accepted = await call(token, 'POST', '/ProductoIconos', {
      idProducto: productoId,
      idIcono: icon.body.id,
      texto: 'A+',
    });
    expect(accepted.status).toBe(200);
  });
});

describe('attribute types on the API', () => {
  const attribute = async (nombre: string, extra: Row): Promise<number> => {
    const created = await call(token, 'POST', '/atributos', { empresaId: 1, nombre, ...extra });
    expect(created.status).toBe(200);
    return Number(created.body.id);
  };
  const value = (productoId: number, atributoId: number, valor: string) =>
    call(token, 'POST', '/producto-atributos', { productoId, atributoId, nombre: 'x', valor });

  it('a sí/no value is stored as S/N on create, update and replace; anything else is 422 on valor', async () => {
    const atributoId = await attribute(`Apto exterior ${stamp}`, { tipo: 'sino' });
    const productoId = await createProduct(`INT-SN-${stamp}`);
    const created = await value(productoId, atributoId, 'sí');
    expect(created.status).toBe(200);
    expect(created.body.valor).toBe('S');
    const path = `/producto-atributos/${created.body.id}`;
    expect((await call(token, 'PATCH', path, { valor: 'no' })).status).toBe(204);
    expect((await call(token, 'GET', path)).body.valor).toBe('N');
    const replaced = await call(token, 'PUT', path, { productoId, atributoId, nombre: 'x', valor: 'true' });
    expect(replaced.status).toBe(204);
    expect((await call(token, 'GET', path)).body.valor).toBe('S');
    const refused = await call(token, 'PATCH', path, { valor: 'quizá' });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.details).toEqual([
      expect.objectContaining({
        path: '/valor',
        message: `El atributo «Apto exterior ${stamp}» es de sí o no: «quizá» no es sí ni no (use S o N)`,
      }),
    ]);
    expect((await call(token, 'GET', path)).body.valor).toBe('S');
  });

  it('a list attribute declares its values and takes only those, as the list spells them', async () => {
    const undeclared = await call(token, 'POST', '/atributos', {
      empresaId: 1,
      nombre: `Color sin valores ${stamp}`,
      tipo: 'lista',
    });
    expect(undeclared.status).toBe(422);
    expect(JSON.stringify(undeclared.body)).toContain('/posiblesValores');
    const atributoId = await attribute(`Color ${stamp}`, { tipo: 'lista', posiblesValores: 'Rojo, Verde' });
    const productoId = await createProduct(`INT-LST-${stamp}`);
    const accepted = await value(productoId, atributoId, 'verde');
    expect(accepted.status).toBe(200);
    expect(accepted.body.valor).toBe('Verde');
    const refused = await call(token, 'PATCH', `/producto-atributos/${accepted.body.id}`, {
      valor: 'Morado',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.details).toEqual([
      expect.objectContaining({
        path: '/valor',
        message: `«Morado» no es un valor del atributo «Color ${stamp}»: use Rojo, Verde`,
      }),
    ]);
  });

  it('a date value is stored as aaaa-mm-dd; an attribute default of the wrong type is 422', async () => {
    const atributoId = await attribute(`Homologación ${stamp}`, {
      tipo: 'fecha',
      valorDefecto: '01/01/2024',
    });
    const stored = await call(token, 'GET', `/atributos/${atributoId}`);
    expect(stored.body.valorDefecto).toBe('2024-01-01');
    const productoId = await createProduct(`INT-FEC-${stamp}`);
    const created = await value(productoId, atributoId, '25/12/2024');
    expect(created.body.valor).toBe('2024-12-25');
    expect((await value(productoId, atributoId, '31/02/2024')).status).toBe(422);
    const badDefault = await call(token, 'PATCH', `/atributos/${atributoId}`, { valorDefecto: 'pronto' });
    expect(badDefault.status).toBe(422);
    expect(JSON.stringify(badDefault.body)).toContain('/valorDefecto');
  });

  it('a value stored before its attribute became typed is kept by writes that do not change it', async () => {
    const atributoId = await attribute(`Antes texto ${stamp}`, { tipo: 'texto' });
    const productoId = await createProduct(`INT-OLD-${stamp}`);
    const created = await value(productoId, atributoId, 'quizá');
    expect(created.status).toBe(200);
    expect((await call(token, 'PATCH', `/atributos/${atributoId}`, { tipo: 'sino' })).status).toBe(204);
    const path = `/producto-atributos/${created.body.id}`;
    expect((await call(token, 'PATCH', path, { ordenEnGrupo: 3 })).status).toBe(204);
    expect((await call(token, 'GET', path)).body).toMatchObject({ valor: 'quizá', ordenEnGrupo: 3 });
    expect((await call(token, 'PATCH', path, { valor: 'tal vez' })).status).toBe(422);
    // and the attribute itself can be renamed although a product holds such a value
    expect(
      (await call(token, 'PATCH', `/atributos/${atributoId}`, { nombre: `Ahora sí/no ${stamp}` })).status,
    ).toBe(204);
  });

  it("an attribute's categories must exist in the company: 422 on categorias naming the unknown one", async () => {
    const refused = await call(token, 'POST', '/atributos', {
      empresaId: 1,
      nombre: `Con categoría ${stamp}`,
      categorias: `Categoría inexistente ${stamp}`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.details).toEqual([
      expect.objectContaining({
        path: '/categorias',
        message: `«Categoría inexistente ${stamp}» no existe entre las categorías de la empresa.`,
      }),
    ]);
    const [category] = await rows(token, '/categorias', { where: { empresaId: 1 }, limit: 1 });
    const accepted = await call(token, 'POST', '/atributos', {
      empresaId: 1,
      nombre: `Con categoría ${stamp}`,
      categorias: String(category.nombre),
    });
    expect(accepted.status).toBe(200);
  });
});
