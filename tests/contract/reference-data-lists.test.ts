// @vitest-environment node
/**
 * Contract: the reference-data lists' filters (docs/requirements.md#r2-screens), as the screens send them, through the app's real data
 * provider against the reference API with the demo seed: each filter narrows the rows the way the spec says
 * (like, equality, TODOS/TODAS ignored, date bounds), default orders, the company's ERP links (limit 20 by
 * idEmpresa, brand joined in), and attribute lookups by id batched by 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, RaRecord } from 'ra-core';
import type { HttpClient } from '../../src/dataProvider/http';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { testHttpClient } from '../support/appClient';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let provider: DataProvider;
let token: string;
const urls: string[] = [];

const all = { page: 1, perPage: 1000 };
const list = async (resource: string, filter: Record<string, unknown> = {}, sortField = 'id') =>
  (await provider.getList(resource, { pagination: all, sort: { field: sortField, order: 'ASC' }, filter }))
    .data;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  token = await loginToken(server.url);
  const http = testHttpClient(() => token);
  const recording: HttpClient = (url, options) => {
    urls.push(url);
    return http(url, options);
  };
  provider = loopbackDataProvider(server.url, recording, { getEmpresaId: () => 1 });
});

afterAll(async () => {
  await server?.stop();
});

const names = (rows: RaRecord[], field = 'nombre') => rows.map((row) => String(row[field]));

describe('catalogue reference data', () => {
  it('brands, families, situations, icons and attribute groups AND their filters (like, any case)', async () => {
    const brands = await list('Marca');
    const target = brands[0];
    const byBoth = await list('Marca', {
      nombre: String(target.nombre).slice(0, 4).toLowerCase(),
      codigo: String(target.codigo).toLowerCase(),
    });
    expect(names(byBoth)).toEqual([target.nombre]);
    expect(await list('Marca', { nombre: String(target.nombre), codigo: 'NO-EXISTE' })).toEqual([]);
    for (const [resource, field] of [
      ['familias', 'codigo'],
      ['Situaciones', 'nombre'],
      ['Iconos', 'nombre'],
      ['grupos-atributos', 'codigo'],
    ] as const) {
      const rows = await list(resource);
      expect(rows.length, resource).toBeGreaterThan(1);
      const value = String(rows[1][field]);
      const filtered = await list(resource, { [field]: value.toUpperCase() });
      expect(filtered.length, resource).toBeGreaterThan(0);
      expect(filtered.every((row) => String(row[field]).toLowerCase().includes(value.toLowerCase()))).toBe(
        true,
      );
      expect(filtered.every((row) => row.empresaId === 1)).toBe(true);
    }
  });

  it('multimedia: clave like, tipo = grupoMultimedia, defectosn (TODOS = none), categoria (TODAS = none), clave ASC', async () => {
    const every = (
      await provider.getList('multimedias', {
        pagination: all,
        sort: { field: 'clave', order: 'ASC' },
        filter: {},
      })
    ).data;
    expect(names(every, 'clave')).toEqual([...names(every, 'clave')].sort((a, b) => (a < b ? -1 : 1)));
    const images = await list('multimedias', { grupoMultimedia: 'Imagen' });
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((row) => row.tipo === 'Imagen')).toBe(true);
    expect((await list('multimedias', { defectosn: 'TODOS' })).length).toBe(every.length);
    expect((await list('multimedias', { categoria: 'TODAS' })).length).toBe(every.length);
    const byDefault = await list('multimedias', { defectosn: 'S' });
    expect(byDefault.every((row) => row.defectosn === 'S')).toBe(true);
    const categoria = String(every[0].categoria);
    expect((await list('multimedias', { categoria })).every((row) => row.categoria === categoria)).toBe(true);
    const clave = String(every[0].clave).slice(1, 4);
    expect((await list('multimedias', { clave })).every((row) => String(row.clave).includes(clave))).toBe(
      true,
    );
  });

  it('attributes: searchNombre and grupoAtributos', async () => {
    const atributos = await list('atributos');
    const group = atributos[0].grupoAtributosId;
    const inGroup = await list('atributos', { grupoAtributos: group });
    expect(inGroup.length).toBeGreaterThan(0);
    expect(inGroup.every((row) => row.grupoAtributosId === group)).toBe(true);
    const term = String(atributos[0].nombre).slice(0, 3).toLowerCase();
    const both = await list('atributos', { searchNombre: term, grupoAtributos: group });
    expect(
      both.every((row) => String(row.nombre).toLowerCase().includes(term) && row.grupoAtributosId === group),
    ).toBe(true);
    expect(both.map((row) => row.id)).toContain(atributos[0].id);
  });

  it('attribute lookups by id go in batches of 100', async () => {
    const atributos = await list('atributos');
    const ids = [
      ...atributos.map((row) => row.id),
      ...Array.from({ length: 150 - atributos.length }, (_, i) => 900000 + i),
    ];
    urls.length = 0;
    const { data } = await provider.getMany('atributos', { ids });
    expect(data.map((row) => row.id)).toEqual(atributos.map((row) => row.id));
    const batches = urls.filter((url) => url.includes('/atributos?filter='));
    expect(batches).toHaveLength(2);
    const sizes = batches.map(
      (url) => JSON.parse(decodeURIComponent(url.split('filter=')[1])).where.id.inq.length,
    );
    expect(sizes).toEqual([100, 50]);
  });

  it('languages (activo_sn, searchCodigo) and translations by idiomaId', async () => {
    const active = await list('idiomas', { activo_sn: 'S' });
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((row) => row.activo_sn === 'S')).toBe(true);
    expect(names(await list('idiomas', { searchCodigo: 'EN' }), 'codigo')).toEqual(['en']);
    const en = (await list('idiomas', { searchCodigo: 'en' }))[0];
    const translations = await list('traducciones', { idiomaId: en.id });
    expect(translations.length).toBeGreaterThan(0);
    expect(translations.every((row) => row.idiomaId === en.id)).toBe(true);
  });
});

describe('relations', () => {
  it('range types come sorted by orden', async () => {
    const rows = (
      await provider.getList('TiposRango', {
        pagination: all,
        sort: { field: 'orden', order: 'ASC' },
        filter: {},
      })
    ).data;
    const orden = rows.map((row) => Number(row.orden));
    expect(orden).toEqual([...orden].sort((a, b) => a - b));
  });

  it('clubs: nombre, descripcion, filtroMarcas, filtroCategorias', async () => {
    const [club] = await list('Clubs');
    for (const field of ['nombre', 'descripcion', 'filtroMarcas', 'filtroCategorias']) {
      const value = String(club[field]).split(',')[0].slice(0, 6);
      const rows = await list('Clubs', { [field]: value });
      expect(
        rows.map((row) => row.id),
        field,
      ).toContain(club.id);
      expect(rows.every((row) => String(row[field]).toLowerCase().includes(value.toLowerCase()))).toBe(true);
    }
  });

  it('products per range: skuProducto, tipoDeRango, club, desdeFecha (from), hastaFecha (until)', async () => {
    const every = await list('ProductosPorRango');
    const sample = every[0];
    const day = (value: unknown) => String(value).slice(0, 10);
    expect(
      (await list('ProductosPorRango', { skuProducto: String(sample.skuProducto) })).every(
        (r) => r.skuProducto === sample.skuProducto,
      ),
    ).toBe(true);
    expect(
      (await list('ProductosPorRango', { tipoDeRango: sample.rangoId })).every(
        (r) => r.rangoId === sample.rangoId,
      ),
    ).toBe(true);
    expect(
      (await list('ProductosPorRango', { club: sample.clubId })).every((r) => r.clubId === sample.clubId),
    ).toBe(true);
    const from = day(sample.desdeFecha);
    const since = await list('ProductosPorRango', { desdeFecha: from });
    expect(since.every((r) => day(r.desdeFecha) >= from)).toBe(true);
    expect(since.map((r) => r.id)).toContain(sample.id);
    const until = day(sample.hastaFecha);
    const before = await list('ProductosPorRango', { hastaFecha: until });
    expect(before.every((r) => day(r.hastaFecha) <= until)).toBe(true);
    expect(before.map((r) => r.id)).toContain(sample.id);
  });

  it('assemblies (cantidad), substitutes (intercambiable, TODOS = none; dates by day), spare parts (posicion)', async () => {
    const ensamblados = await list('Ensamblados');
    const cantidad = ensamblados[0].cantidad;
    expect((await list('Ensamblados', { cantidad })).every((r) => r.cantidad === cantidad)).toBe(true);
    const sustitutos = await list('Sustitutos');
    expect((await list('Sustitutos', { intercambiable: 'TODOS' })).length).toBe(sustitutos.length);
    const si = await list('Sustitutos', { intercambiable: 'S' });
    expect(si.length).toBeGreaterThan(0);
    expect(si.length).toBeLessThan(sustitutos.length);
    expect(si.every((r) => r.intercambiable === 'S')).toBe(true);
    const withStart = sustitutos.find((r) => r.fechaInicio);
    const start = String(withStart?.fechaInicio).slice(0, 10);
    const sameDay = await list('Sustitutos', { fechaInicio: start });
    expect(sameDay.every((r) => String(r.fechaInicio).slice(0, 10) === start)).toBe(true);
    const repuestos = await list('Repuestos');
    const posicion = repuestos[0].posicion;
    expect((await list('Repuestos', { posicion })).every((r) => r.posicion === posicion)).toBe(true);
  });

  it('catalogues: empresa, codigo, nombre, anyo, activoSN', async () => {
    const catalogos = await list('catalogos');
    const c = catalogos[0];
    const filtered = await list('catalogos', {
      empresa: 1,
      codigo: String(c.codigo).toLowerCase(),
      nombre: String(c.nombre).slice(0, 5),
      anyo: c.anyo,
      activoSN: c.activoSN,
    });
    expect(filtered.map((row) => row.id)).toEqual([c.id]);
    expect(
      (await list('catalogos', { activoSN: c.activoSN === 'S' ? 'N' : 'S' })).map((r) => r.id),
    ).not.toContain(c.id);
    // the Empresa filter chooses the company (the selector says 1): company 2's catalogues only
    const otherCompany = await list('catalogos', { empresa: 2 });
    expect(otherCompany.length).toBeGreaterThan(0);
    expect(otherCompany.every((row) => row.empresaId === 2)).toBe(true);
  });
});

describe('companies and their ERP links', () => {
  it('companies: q on nombre/codigo, or searchCodigo and searchDescripcion (like, any case)', async () => {
    const every = await list('empresas');
    expect(every.length).toBeGreaterThan(1);
    const [target, other] = every;
    const code = String(target.codigo);
    const name = String(target.nombre);
    const byCode = await list('empresas', { searchCodigo: code.toLowerCase() });
    expect(names(byCode, 'codigo')).toContain(code);
    expect(byCode.every((row) => String(row.codigo).toLowerCase().includes(code.toLowerCase()))).toBe(true);
    expect(names(byCode)).not.toContain(String(other.nombre));
    const byName = await list('empresas', { searchDescripcion: name.slice(1).toUpperCase() });
    expect(names(byName)).toContain(name);
    expect(
      byName.every((row) => String(row.nombre).toLowerCase().includes(name.slice(1).toLowerCase())),
    ).toBe(true);
    // searchDescripcion looks at the name only, searchCodigo at the code only
    expect(await list('empresas', { searchDescripcion: code, searchCodigo: 'NO-EXISTE' })).toEqual([]);
    expect(names(await list('empresas', { q: code.toLowerCase() }), 'codigo')).toContain(code);
    expect(names(await list('empresas', { q: name.toLowerCase() }))).toContain(name);
  });

  it('EmpresasBC of a company: limit 20 by idEmpresa, with the brand name and code joined in', async () => {
    const { data, total } = await provider.getManyReference('EmpresasBC', {
      target: 'idEmpresa',
      id: 1,
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(20);
    expect(total).toBeGreaterThanOrEqual(data.length);
    expect(data.every((row) => row.idEmpresa === 1)).toBe(true);
    const brands = await provider.getMany('Marca', { ids: data.map((row) => row.idMarca) });
    for (const link of data) {
      const brand = brands.data.find((b) => b.id === link.idMarca);
      expect(link).toMatchObject({ nombreMarca: brand?.nombre, codigoMarca: brand?.codigo });
    }
  });
});
