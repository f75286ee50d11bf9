/**
 * The list the app opens on asks for its first page as the app starts (src/resources/generic/openingListQuery.ts):
 * the page it puts in react-admin's query cache is the one the list looks for, so the list shows its rows at once.
 */
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { memoryStore, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { opensStandardList } from '../../src/App';
import { bespokeViews } from '../../src/custom/views';
import { DEFAULT_PER_PAGE } from '../../src/resources/generic/listDefaults';
import { openingListQuery, prefetchListPage } from '../../src/resources/generic/openingListQuery';
import { allSchemas } from '../../src/resources/registry';
import { productos } from '../../src/resources/productos/schema';
import { fakeProvider } from './renderApp';
import { renderScreen } from './renderScreen';

const never = () => new Promise<never>(() => undefined);

/** The provider with the products' list never answering: only rows already in the cache can show. */
const listNeverAnswers = (provider: DataProvider): DataProvider => ({
  ...provider,
  getList: (resource, params) => (resource === 'productos' ? never() : provider.getList(resource, params)),
});

describe('the opening list', () => {
  it('finds the page asked for at the start: its rows show though its own request never answers', async () => {
    const provider = fakeProvider();
    const store = memoryStore();
    const queryClient = new QueryClient();
    const query = openingListQuery('#/productos', allSchemas(), store, opensStandardList);
    expect(query).toBeDefined();
    if (!query) return;
    await prefetchListPage(queryClient, provider, query);
    renderScreen('/productos', { dataProvider: listNeverAnswers(provider), store, queryClient });
    expect(await screen.findByText('SKU-10')).toBeTruthy();
    expect(screen.getByText('SKU-11')).toBeTruthy();
  });

  it('the same with parameters the person left stored (page size, sort, a filter)', async () => {
    const provider = fakeProvider();
    const store = memoryStore({
      'productos.listParams': {
        filter: { finalizado: 'N' },
        sort: 'nombre',
        order: 'DESC',
        page: 1,
        perPage: 25,
      },
    });
    const queryClient = new QueryClient();
    const query = openingListQuery('#/productos', allSchemas(), store, opensStandardList);
    expect(query?.params).toEqual({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'nombre', order: 'DESC' },
      filter: { finalizado: 'N' },
    });
    if (!query) return;
    await prefetchListPage(queryClient, provider, query);
    renderScreen('/productos', { dataProvider: listNeverAnswers(provider), store, queryClient });
    expect(await screen.findByText('SKU-11')).toBeTruthy();
    expect(screen.queryByText('SKU-10')).toBeNull();
  });

  it('without stored parameters: the list defaults (first page, its page size, the schema sort, no filter)', () => {
    const query = openingListQuery('#/productos', allSchemas(), memoryStore(), opensStandardList);
    expect(query).toEqual({
      resource: 'productos',
      params: { pagination: { page: 1, perPage: DEFAULT_PER_PAGE }, sort: productos.sort, filter: {} },
    });
    // `#/` opens the first resource's list
    expect(openingListQuery('#/', allSchemas(), memoryStore(), opensStandardList)?.resource).toBe(
      allSchemas()[0]?.name,
    );
  });

  it('asks for nothing it cannot match: an address with parameters or a record, a list of its own', () => {
    const store = memoryStore();
    const ask = (hash: string) => openingListQuery(hash, allSchemas(), store, opensStandardList);
    expect(ask('#/productos?filter=%7B%7D')).toBeUndefined();
    expect(ask('#/productos/10')).toBeUndefined();
    expect(ask('#/productos/create')).toBeUndefined();
    expect(ask('#/no-existe')).toBeUndefined();
    const ownLists = Object.keys(bespokeViews).filter(
      (name) => bespokeViews[name]?.list && !opensStandardList(name),
    );
    expect(ownLists.length).toBeGreaterThan(0);
    for (const name of ownLists) expect(ask(`#/${name}`)).toBeUndefined();
  });

  it('a page that could not be read leaves nothing in the cache (the list asks itself)', async () => {
    const failing: DataProvider = { ...fakeProvider(), getList: () => Promise.reject(new Error('caído')) };
    const queryClient = new QueryClient();
    const query = openingListQuery('#/productos', allSchemas(), memoryStore(), opensStandardList);
    if (!query) throw new Error('no query');
    await prefetchListPage(queryClient, failing, query);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
