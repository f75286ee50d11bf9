// @vitest-environment node
/**
 * The app's one data provider (src/custom/dataProvider.ts) with a recording HTTP client: every custom method
 * group the pages need is on it, the selected company comes from the one `getEmpresaId` it was given, and
 * deleting a catalogue removes its products first (lifecycle callback).
 */
import { describe, expect, it } from 'vitest';
import { catalogueMethods } from '../../../src/custom/catalogueProducts/dataProvider';
import { companySourceOf, createDataProvider } from '../../../src/custom/dataProvider';
import { hasAccessMethods } from '../../../src/custom/permisos/api';
import type { HttpClient } from '../../../src/dataProvider/http';

const setup = () => {
  const calls: { url: string; method: string }[] = [];
  const httpClient: HttpClient = async (url, options = {}) => {
    calls.push({ url: decodeURIComponent(url), method: options.method ?? 'GET' });
    const json = url.includes('/count') ? { count: 0 } : url.includes('eliminar-por-catalogo') ? {} : [];
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  };
  const provider = createDataProvider({
    apiUrl: 'http://api.test/',
    httpClient,
    getEmpresaId: () => 7,
    getAccessToken: () => 'token',
  });
  return { calls, provider };
};

describe('the app data provider', () => {
  it('offers the custom methods of every bespoke page', () => {
    const { provider } = setup();
    expect(catalogueMethods(provider)).toBeDefined();
    expect(hasAccessMethods(provider)).toBe(true);
    for (const method of [
      'getList',
      'suggestions',
      'productosPorCategoria',
      'productApi',
      'aiDispatch',
      'findWhere',
      'checkImport',
      'createBatch',
      'updateBatch',
    ] as const)
      expect(typeof provider[method], method).toBe('function');
    expect(provider.productMediaBaseUrl).toBe('http://api.test');
    // the pages that name the company themselves (the import) read it here
    expect(provider.getEmpresaId()).toBe(7);
    expect(companySourceOf(provider)()).toBe(7);
  });

  it('scopes lists, the import lookups and suggestions by the one selected company', async () => {
    const { calls, provider } = setup();
    await provider.getList('productos', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await provider.findWhere('productos', { nombre: 'x' });
    await provider.suggestions('sugerencias', { q: 'a' });
    const reads = calls.filter((call) => call.method === 'GET');
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const call of reads) expect(call.url, call.url).toMatch(/"empresaId":7|empresaId=7/);
  });

  it('deletes a catalogue after its products', async () => {
    const { calls, provider } = setup();
    await provider.delete('catalogos', { id: 4, previousData: { id: 4 } });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE http://api.test/catalogos-productos/eliminar-por-catalogo/4',
      'DELETE http://api.test/catalogos/4',
    ]);
  });
});
