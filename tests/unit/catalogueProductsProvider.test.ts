/**
 * The catalogue-products client: the typed calls (URLs, bodies, paging of ids) with a recording HTTP client,
 * and the data-provider composition (list-only resources, delete cascade, pass-through of everything else).
 */
import type { DataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import {
  catalogueProductsApi,
  IDS_PAGE_SIZE,
  type CatalogueProductsApi,
} from '../../src/custom/catalogueProducts/api';
import {
  AVAILABLE_RESOURCE,
  INCLUDED_RESOURCE,
  withCatalogueProducts,
} from '../../src/custom/catalogueProducts/dataProvider';
import { recordingClient } from './dataProvider/recorder';

const API = 'http://api.test/';

describe('catalogueProductsApi', () => {
  it('lists a page with the filter as where, and counts in parallel', async () => {
    const recorder = recordingClient((call) =>
      call.path.endsWith('/count')
        ? { json: { count: 42 } }
        : { json: [{ id: 7, nombre: 'SKU-7' }, { nope: 1 }] },
    );
    const api = catalogueProductsApi(API, recorder.client);
    const result = await api.list(3, 'disponibles', {
      filter: { nombre: 'tal', marca: 'Brikolia' },
      page: 3,
      perPage: 25,
      sort: { field: 'categorias', order: 'DESC' },
    });
    expect(result).toEqual({ data: [{ id: 7, nombre: 'SKU-7' }], total: 42 });
    const [list, count] = recorder.calls;
    expect(list.path).toBe('http://api.test/catalogos/3/productos-disponibles');
    expect(list.query.filter).toEqual({
      where: { nombre: { like: '%tal%' }, marca: 'Brikolia' },
      order: ['categorias DESC'],
      limit: 25,
      skip: 50,
    });
    expect(count.path).toBe('http://api.test/catalogos/3/productos-disponibles/count');
    expect(count.query.where).toEqual({ nombre: { like: '%tal%' }, marca: 'Brikolia' });
    expect(recorder.maxInFlight).toBe(2);
  });

  it('without filters sends no where', async () => {
    const recorder = recordingClient((call) => ({ json: call.path.endsWith('/count') ? { count: 0 } : [] }));
    await catalogueProductsApi(API, recorder.client).list(9, 'incluidos', { page: 1, perPage: 10 });
    expect(recorder.calls[0].path).toBe('http://api.test/catalogos/9/productos-incluidos');
    expect(recorder.calls[0].query.filter).toEqual({ order: ['nombre ASC'], limit: 10, skip: 0 });
    expect(recorder.calls[1].url).toBe('http://api.test/catalogos/9/productos-incluidos/count');
  });

  it('collects every matching id page by page, asking for ids only', async () => {
    const total = IDS_PAGE_SIZE * 2 + 5;
    const progress: [number, number][] = [];
    const recorder = recordingClient((call) => {
      if (call.path.endsWith('/count')) return { json: { count: total } };
      const { skip, limit } = call.query.filter as { skip: number; limit: number };
      const ids = Array.from({ length: Math.max(0, Math.min(limit, total - skip)) }, (_, i) => ({
        id: skip + i + 1,
      }));
      return { json: ids };
    });
    const ids = await catalogueProductsApi(API, recorder.client).ids(
      4,
      'disponibles',
      { categorias: 'Jard' },
      (a, b) => progress.push([a, b]),
    );
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const pages = recorder.calls.filter((call) => !call.path.endsWith('/count'));
    expect(pages).toHaveLength(3);
    expect(pages.map((call) => (call.query.filter as { skip: number }).skip)).toEqual([
      0,
      IDS_PAGE_SIZE,
      IDS_PAGE_SIZE * 2,
    ]);
    expect(pages[0].query.filter).toMatchObject({
      where: { categorias: { like: '%Jard%' } },
      fields: { id: true },
      order: ['id ASC'],
      limit: IDS_PAGE_SIZE,
    });
    expect(progress.at(-1)).toEqual([total, total]);
  });

  it('posts add/remove bodies, deletes by catalogue and reads grouping references', async () => {
    const recorder = recordingClient((call) => {
      if (call.path.endsWith('/agregar-multiples-productos-al-catalogo')) return { json: [{ id: 1 }] };
      if (call.path.endsWith('/eliminar-multiples-productos-del-catalogo'))
        return { json: { deletedCount: 2 } };
      if (call.method === 'DELETE') return { json: { deletedCount: 4 } };
      return { json: ['AGR-1', 2, 'AGR-2'] };
    });
    const api = catalogueProductsApi(API, recorder.client);
    expect(await api.add(5, [1, 1, 2])).toEqual([{ id: 1 }]);
    expect(await api.remove(5, [3, 4])).toEqual({ deletedCount: 2 });
    expect(await api.deleteByCatalogue(5)).toEqual({ deletedCount: 4 });
    expect(await api.groupingReferences(2)).toEqual(['AGR-1', 'AGR-2']);
    expect(recorder.calls.map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'POST',
        'http://api.test/agregar-multiples-productos-al-catalogo',
        { catalogoId: 5, productoIds: [1, 1, 2] },
      ],
      [
        'POST',
        'http://api.test/eliminar-multiples-productos-del-catalogo',
        { catalogoId: 5, productoIds: [3, 4] },
      ],
      ['DELETE', 'http://api.test/catalogos-productos/eliminar-por-catalogo/5', undefined],
      ['GET', 'http://api.test/obtenerReferenciasDeAgrupacion?empresaId=2', undefined],
    ]);
  });
});

describe('client call rule (docs/requirements.md#r5-validation)', () => {
  it('a missing catalogoId fails before any request, naming the parameter', async () => {
    const recorder = recordingClient(() => ({ json: [] }));
    const api = catalogueProductsApi(API, recorder.client);
    const missing = undefined as unknown as number;
    await expect(api.deleteByCatalogue(missing)).rejects.toThrow(
      'required parameter catalogoId was null or undefined when calling eliminarPorCatalogo',
    );
    await expect(api.add(null as unknown as number, [1])).rejects.toThrow(
      'required parameter catalogoId was null or undefined when calling agregarMultiplesProductosAlCatalogo',
    );
    await expect(api.remove(3, undefined as unknown as number[])).rejects.toThrow(
      'required parameter productoIds was null or undefined when calling eliminarMultiplesProductosDelCatalogo',
    );
    await expect(api.list(Number.NaN, 'incluidos', { page: 1, perPage: 10 })).rejects.toThrow(
      'required parameter catalogoId was null or undefined when calling list',
    );
    expect(recorder.calls).toHaveLength(0);
  });
});

/** A fake api and base provider recording the order of calls. */
const setup = (options: { failCascadeFor?: number } = {}) => {
  const log: string[] = [];
  const api: CatalogueProductsApi = {
    list: async (catalogoId, membership, params) => {
      log.push(
        `list ${catalogoId} ${membership} ${params.page}/${params.perPage} ${JSON.stringify(params.filter)}`,
      );
      return { data: [{ id: 1, nombre: 'A' }], total: 1 };
    },
    ids: async () => [],
    add: async () => [],
    remove: async () => ({ deletedCount: 0 }),
    deleteByCatalogue: async (catalogoId) => {
      log.push(`cascade ${catalogoId}`);
      if (catalogoId === options.failCascadeFor) throw new Error('boom');
      return { deletedCount: 3 };
    },
    groupingReferences: async () => [],
  };
  const base = {
    getList: async (resource: string) => {
      log.push(`base getList ${resource}`);
      return { data: [], total: 0 };
    },
    delete: async (resource: string, params: { id: unknown }) => {
      log.push(`base delete ${resource} ${String(params.id)}`);
      return { data: { id: params.id } };
    },
    deleteMany: async (resource: string, params: { ids: unknown[] }) => {
      log.push(`base deleteMany ${resource} ${params.ids.join(',')}`);
      return { data: params.ids };
    },
  } as unknown as DataProvider;
  return { log, provider: withCatalogueProducts(base, api) };
};

describe('withCatalogueProducts', () => {
  it('serves the two list-only resources from the listing endpoints, other resources from the base', async () => {
    const { log, provider } = setup();
    const params = {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' as const },
      filter: { catalogoId: '7', nombre: 'x' },
    };
    expect(await provider.getList(AVAILABLE_RESOURCE, params)).toEqual({
      data: [{ id: 1, nombre: 'A' }],
      total: 1,
    });
    await provider.getList(INCLUDED_RESOURCE, params);
    await provider.getList('productos', params);
    expect(log).toEqual([
      'list 7 disponibles 2/10 {"catalogoId":"7","nombre":"x"}',
      'list 7 incluidos 2/10 {"catalogoId":"7","nombre":"x"}',
      'base getList productos',
    ]);
  });

  it('without a catalogue the lists are empty and nothing is asked', async () => {
    const { log, provider } = setup();
    const result = await provider.getList(AVAILABLE_RESOURCE, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: {},
    });
    expect(result).toEqual({ data: [], total: 0 });
    expect(log).toEqual([]);
  });

  it('deleting a catalogue first removes its products', async () => {
    const { log, provider } = setup();
    await provider.delete('catalogos', { id: 4 });
    await provider.delete('Marca', { id: 4 });
    expect(log).toEqual(['cascade 4', 'base delete catalogos 4', 'base delete Marca 4']);
  });

  it('deleting several catalogues: the catalogues after all their products; other resources untouched', async () => {
    const { log, provider } = setup();
    expect(await provider.deleteMany('catalogos', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(log.slice(0, 2).sort()).toEqual(['cascade 1', 'cascade 2']);
    expect(log.slice(2)).toEqual(['base deleteMany catalogos 1,2']);
    await provider.deleteMany('Marca', { ids: [8] });
    expect(log.at(-1)).toBe('base deleteMany Marca 8');
  });

  it('a failed cascade keeps the catalogue and rejects', async () => {
    const { log, provider } = setup({ failCascadeFor: 6 });
    await expect(provider.delete('catalogos', { id: 6 })).rejects.toThrow('boom');
    expect(log).toEqual(['cascade 6']);
  });

  it('a failed cascade in a bulk delete deletes none of the catalogues', async () => {
    const { log, provider } = setup({ failCascadeFor: 6 });
    await expect(provider.deleteMany('catalogos', { ids: [5, 6] })).rejects.toThrow('boom');
    expect(log.filter((line) => line.startsWith('base'))).toEqual([]);
  });
});
