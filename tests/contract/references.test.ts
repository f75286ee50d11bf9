// @vitest-environment node
/**
 * References are references on the API, called straight: a product's categorías and familias, its general
 * data's marca, a club's filters and the second SKU of substitutes, spare parts, assembled products and ranges
 * name records of the row's own company (schema namesOf with mustExist, src/core/references.ts). Unknown
 * names → 422 in LoopBack's validation shape naming the field, in Spanish; known ones → 200; a product of
 * another company → 422; names the stored row already held are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, type Row } from '../support/api';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

/** The juggler model of a repository: writes past the repository's rules, as stored before them. */
interface ServerWithRepos extends StartedServer {
  repositories: {
    repository(name: string): { modelClass: { create(data: Row): Promise<Row> } };
  };
}

let server: ServerWithRepos;
let token: string;
const { call } = apiHelpers(() => server.url);
const stamp = `REF${Date.now() % 1000000}`;

beforeAll(async () => {
  server = (await startTestServer()) as ServerWithRepos;
  token = await loginToken(server.url);
  const made: [string, Row][] = [
    ['/categorias', { empresaId: 1, codigo: `${stamp}-C`, nombre: `Bisagras ${stamp}` }],
    ['/familias', { empresaId: 1, nombre: `Profesional ${stamp}` }],
    ['/Marca', { empresaId: 1, nombre: `Acme ${stamp}` }],
    ['/Marca', { empresaId: 2, nombre: `Otra marca ${stamp}` }],
    ['/productos', { empresaId: 1, nombre: `${stamp}-P1` }],
    ['/productos', { empresaId: 1, nombre: `${stamp}-P2` }],
    ['/productos', { empresaId: 2, nombre: `${stamp}-AJENO` }],
  ];
  for (const [path, body] of made) expect((await call(token, 'POST', path, body)).status, path).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

/** The answer is LoopBack's 422 naming `field` with a Spanish message naming `name`. */
const expectRefused = (res: { status: number; body: Row }, field: string, name: string) => {
  expect(res.status).toBe(422);
  const message = `«${name}» no existe entre`;
  expect(res.body.error).toMatchObject({
    statusCode: 422,
    code: 'VALIDATION_FAILED',
    details: [expect.objectContaining({ path: `/${field}`, code: 'reference' })],
  });
  const [detail] = (res.body.error as { details: { message: string }[] }).details;
  expect(detail.message).toContain(message);
  expect(detail.message).toMatch(/de la empresa\.$/);
};

describe('a product names existing categories and families', () => {
  it('refuses an unknown category or family with 422 on the field, accepts known ones whatever the case', async () => {
    expectRefused(
      await call(token, 'POST', '/productos', {
        empresaId: 1,
        nombre: `${stamp}-X1`,
        categorias: `Bisagras ${stamp}; Inventada`,
      }),
      'categorias',
      'Inventada',
    );
    expectRefused(
      await call(token, 'POST', '/productos', { empresaId: 1, nombre: `${stamp}-X2`, familias: 'Prof' }),
      'familias',
      'Prof',
    );
    const ok = await call(token, 'POST', '/productos', {
      empresaId: 1,
      nombre: `${stamp}-OK`,
      categorias: `bisagras ${stamp}`,
      familias: `PROFESIONAL ${stamp}`,
    });
    expect(ok.status).toBe(200);
    // an update adding an unknown name is refused and changes nothing
    expectRefused(
      await call(token, 'PATCH', `/productos/${ok.body.id}`, { familias: `Profesional ${stamp}; Nueva` }),
      'familias',
      'Nueva',
    );
    const stored = await call(token, 'GET', `/productos/${ok.body.id}`);
    expect(stored.body.familias).toBe(`PROFESIONAL ${stamp}`);
    // another company's categories are not this company's
    expectRefused(
      await call(token, 'POST', '/productos', {
        empresaId: 2,
        nombre: `${stamp}-X3`,
        categorias: `Bisagras ${stamp}`,
      }),
      'categorias',
      `Bisagras ${stamp}`,
    );
  });

  it('keeps names the stored product already held (a product saved before the rule can still be edited)', async () => {
    // stored as it was before the rule (straight through the model, past the repository's write rules)
    const legacy = (await server.repositories.repository('productos').modelClass.create({
      empresaId: 1,
      nombre: `${stamp}-LEGACY`,
      categorias: 'Antigua',
    })) as unknown as Row;
    const id = legacy.id;
    expect((await call(token, 'PATCH', `/productos/${id}`, { finalizado: 'S' })).status).toBe(204);
    expect(
      (await call(token, 'PATCH', `/productos/${id}`, { categorias: `Antigua; Bisagras ${stamp}` })).status,
    ).toBe(204);
  });
});

describe("a product's general data names an existing brand", () => {
  it('refuses an unknown brand or another company’s, accepts the company’s', async () => {
    const product = await call(token, 'POST', '/productos', { empresaId: 1, nombre: `${stamp}-G` });
    const productoId = product.body.id;
    expectRefused(
      await call(token, 'POST', '/producto-generals', { productoId, marca: 'Marca inventada' }),
      'marca',
      'Marca inventada',
    );
    expectRefused(
      await call(token, 'POST', '/producto-generals', { productoId, marca: `Otra marca ${stamp}` }),
      'marca',
      `Otra marca ${stamp}`,
    );
    const ok = await call(token, 'POST', '/producto-generals', { productoId, marca: `acme ${stamp}` });
    expect(ok.status).toBe(200);
    expectRefused(
      await call(token, 'PATCH', `/producto-generals/${ok.body.id}`, { marca: 'Otra' }),
      'marca',
      'Otra',
    );
  });
});

describe('SKUs name products of the same company', () => {
  const cases: [string, string][] = [
    ['/Sustitutos', 'skuSustituto'],
    ['/Repuestos', 'skuRepuesto'],
    ['/Ensamblados', 'skuEnsamblado'],
  ];
  it.each(cases)(
    '%s: an unknown SKU or another company’s product → 422 on %s; a product of the company → 200',
    async (path, field) => {
      const base = { skuPrincipal: `${stamp}-P1` };
      expectRefused(
        await call(token, 'POST', path, { ...base, [field]: `${stamp}-NADA` }),
        field,
        `${stamp}-NADA`,
      );
      expectRefused(
        await call(token, 'POST', path, { ...base, [field]: `${stamp}-AJENO` }),
        field,
        `${stamp}-AJENO`,
      );
      expect((await call(token, 'POST', path, { ...base, [field]: `${stamp}-P2` })).status).toBe(200);
    },
  );

  it('ProductosPorRango: the SKU is a product of the range’s company', async () => {
    const club = await call(token, 'POST', '/Clubs', { empresaId: 1, nombre: `Club ${stamp}` });
    const tipo = await call(token, 'POST', '/TiposRango', {
      empresaId: 1,
      rango: `Rango ${stamp}`,
      orden: 1,
    });
    const range = (skuProducto: string) => ({
      empresaId: 1,
      skuProducto,
      rangoId: tipo.body.id,
      clubId: club.body.id,
      desdeFecha: '2030-01-01T00:00:00.000Z',
      hastaFecha: '2030-01-31T00:00:00.000Z',
    });
    expectRefused(
      await call(token, 'POST', '/ProductosPorRango', range(`${stamp}-NADA`)),
      'skuProducto',
      `${stamp}-NADA`,
    );
    expectRefused(
      await call(token, 'POST', '/ProductosPorRango', range(`${stamp}-AJENO`)),
      'skuProducto',
      `${stamp}-AJENO`,
    );
    expect((await call(token, 'POST', '/ProductosPorRango', range(`${stamp}-P1`))).status).toBe(200);
  });
});

describe("a club's filters name the company's brands and categories", () => {
  it('refuses unknown names on each filter, accepts known ones', async () => {
    expectRefused(
      await call(token, 'POST', '/Clubs', {
        empresaId: 1,
        nombre: `C1 ${stamp}`,
        filtroMarcas: `Acme ${stamp},Nadie`,
      }),
      'filtroMarcas',
      'Nadie',
    );
    expectRefused(
      await call(token, 'POST', '/Clubs', {
        empresaId: 1,
        nombre: `C2 ${stamp}`,
        filtroCategorias: 'Ninguna',
      }),
      'filtroCategorias',
      'Ninguna',
    );
    const ok = await call(token, 'POST', '/Clubs', {
      empresaId: 1,
      nombre: `C3 ${stamp}`,
      filtroMarcas: `Acme ${stamp}`,
      filtroCategorias: `Bisagras ${stamp}`,
    });
    expect(ok.status).toBe(200);
  });
});
