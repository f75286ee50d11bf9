/**
 * The review page over fakerest: products × marketplaces with their review state, bulk review, one product's
 * texts beside its source data with markup shown inert. The custom endpoints are served by a small stand-in
 * built on the same fakerest store (the server's behaviour is covered by the contract tests).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ReviewPage } from '../../src/custom/aiTexts/ReviewPage';
import { createI18nProvider } from '../../src/i18n';
import { describe, expect, it } from 'vitest';
import type {
  AiTextsMethods,
  TextoGenerado,
  VistaFilters,
  VistaPage,
  VistaRow,
} from '../../src/custom/aiTexts/api';
import { estadoRevisionDeConteo } from '../../src/core/reviewStatus';
import fakeRestDataProvider from 'ra-data-fakerest';

const fakeProvider = (fixture: Record<string, Record<string, unknown>[]>): DataProvider =>
  fakeRestDataProvider(fixture, false);

/** The page alone inside react-admin's context (not the whole App: other screens are not needed). */
const renderPage = (dataProvider: DataProvider, queryClient?: QueryClient) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()} queryClient={queryClient}>
        <ReviewPage />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );

const XSS =
  '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">ver</a>';

const data = () => ({
  productos: [
    { id: 10, empresaId: 1, nombre: 'SKU-10', categorias: 'Sillas' },
    { id: 11, empresaId: 1, nombre: 'SKU-11', categorias: 'Mesas' },
  ],
  MarketPlaces: [{ id: 1, codigo: 'AMAZON', descripcion: 'Amazon' }],
  'producto-generals': [
    { id: 1, productoId: 10, titulo: 'Silla de oficina', descripcion: 'Silla ergonómica' },
  ],
  TextosGenerados: [
    {
      id: 1,
      productoId: 10,
      marketplaceId: 1,
      marketplacePromptId: 1,
      campo: 'titulo',
      idioma: 'es',
      texto: 'Silla AMAZON',
      revisado_sn: 'N',
    },
    {
      id: 2,
      productoId: 10,
      marketplaceId: 1,
      marketplacePromptId: 1,
      campo: 'descripcion',
      idioma: 'es',
      texto: XSS,
      revisado_sn: 'N',
    },
    {
      id: 3,
      productoId: 11,
      marketplaceId: 1,
      marketplacePromptId: 1,
      campo: 'titulo',
      idioma: 'es',
      texto: 'Mesa',
      revisado_sn: 'S',
    },
    {
      id: 4,
      productoId: 11,
      marketplaceId: 1,
      marketplacePromptId: 1,
      campo: 'descripcion',
      idioma: 'es',
      texto: 'Mesa grande',
      revisado_sn: 'N',
    },
  ],
});

/**
 * The custom methods answered from the fakerest store (`textIds` in the view rows when asked). The view is
 * answered as the API does: filtered, sorted by product name and marketplace code, one page (`limit`/`skip`)
 * with the number of matching rows as `total`; `vistas` records what each request asked for. `hold` keeps the
 * answers of requests with a given `skip` until released.
 */
const withFakeAi = (base: DataProvider, options: { textIds?: boolean } = {}) => {
  const calls: { ids: number[]; estado: string }[] = [];
  const reads: string[] = [];
  const vistas: { filters: VistaFilters; page?: VistaPage }[] = [];
  const held = new Map<number, Promise<void>>();
  const hold = (skip: number) => {
    let release = () => {};
    held.set(skip, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      held.delete(skip);
      release();
    };
  };
  const all = async (resource: string, filter = {}) =>
    (
      await base.getList(resource, {
        filter,
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
      })
    ).data;
  const methods: Partial<AiTextsMethods> = {
    aiVista: async (filters, page) => {
      vistas.push({ filters, page });
      await held.get(page?.skip ?? 0);
      const [texts, products, mps, generals] = await Promise.all([
        all('TextosGenerados'),
        all('productos'),
        all('MarketPlaces'),
        all('producto-generals'),
      ]);
      const groups = new Map<string, VistaRow>();
      for (const t of texts) {
        const key = `${t.productoId}|${t.marketplaceId}`;
        const row =
          groups.get(key) ??
          ({
            productoId: t.productoId,
            nombre: String(products.find((p) => p.id === t.productoId)?.nombre),
            titulo: generals.find((g) => g.productoId === t.productoId)?.titulo,
            marketplaceId: t.marketplaceId,
            marketplaceCodigo: String(mps.find((m) => m.id === t.marketplaceId)?.codigo),
            total: 0,
            revisados: 0,
            estado: '',
          } as VistaRow);
        row.total += 1;
        if (options.textIds) row.textIds = [...(row.textIds ?? []), Number(t.id)];
        if (t.revisado_sn === 'S') row.revisados += 1;
        row.estado = estadoRevisionDeConteo(row.total, row.revisados);
        groups.set(key, row);
      }
      const term = filters.texto?.trim().toLowerCase() ?? '';
      const matching = [...groups.values()]
        .filter(
          (row) =>
            (!term ||
              row.nombre.toLowerCase().includes(term) ||
              (row.titulo ?? '').toLowerCase().includes(term)) &&
            (!filters.revision || row.estado === filters.revision) &&
            (!filters.marketplaces?.length || filters.marketplaces.includes(row.marketplaceId)),
        )
        .sort(
          (a, b) =>
            a.nombre.localeCompare(b.nombre) ||
            String(a.marketplaceCodigo).localeCompare(String(b.marketplaceCodigo)),
        );
      const skip = page?.skip ?? 0;
      return {
        data: matching.slice(skip, page ? skip + page.limit : undefined),
        total: matching.length,
      };
    },
    aiTextosProducto: async (id) => {
      reads.push(`aiTextosProducto ${id}`);
      return (await all('TextosGenerados', { productoId: id })) as TextoGenerado[];
    },
    aiActualizarRevision: async (ids, estado) => {
      calls.push({ ids, estado });
      await base.updateMany('TextosGenerados', { ids, data: { revisado_sn: estado } });
      return { count: ids.length };
    },
    aiGuardarTextos: async (textos) => {
      for (const t of textos)
        await base.update('TextosGenerados', { id: t.id!, data: t, previousData: { id: t.id! } });
      return { status: 'OK' };
    },
  };
  const getList: DataProvider['getList'] = (resource, params) => {
    if (resource === 'TextosGenerados') reads.push(`getList ${JSON.stringify(params.filter)}`);
    return base.getList(resource, params);
  };
  return { provider: { ...base, getList, ...methods } as DataProvider, calls, reads, vistas, hold };
};

describe('review page', () => {
  it('lists products × marketplaces and marks a selection reviewed in bulk', async () => {
    const { provider, calls } = withFakeAi(fakeProvider(data()));
    renderPage(provider);
    const row10 = await screen.findByTestId('review-row-10-1');
    const row11 = screen.getByTestId('review-row-11-1');
    expect(within(row10).getByText('No revisado')).toBeTruthy();
    expect(within(row11).getByText('Revisado parcial')).toBeTruthy();

    fireEvent.click(within(row10).getByRole('checkbox'));
    fireEvent.click(within(row11).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como revisados' }));
    expect(await screen.findByText('Se actualizó el estado correctamente.')).toBeTruthy();
    expect(calls).toEqual([{ ids: [1, 2, 3, 4], estado: 'S' }]);
    await waitFor(() =>
      expect(within(screen.getByTestId('review-row-10-1')).getByText('Revisado')).toBeTruthy(),
    );
    expect(within(screen.getByTestId('review-row-11-1')).getByText('Revisado')).toBeTruthy();
    expect(within(screen.getByTestId('review-row-10-1')).getByText('2/2')).toBeTruthy();

    // and back to "no revisado" for one row
    fireEvent.click(within(screen.getByTestId('review-row-11-1')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como no revisados' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('review-row-11-1')).getByText('No revisado')).toBeTruthy(),
    );
    expect(calls[1]).toEqual({ ids: [3, 4], estado: 'N' });
  });

  it('shows a product’s texts beside its source data, inert, and saves edits and review state', async () => {
    const { provider, calls } = withFakeAi(fakeProvider(data()));
    const { container } = renderPage(provider);
    fireEvent.click(await screen.findByRole('button', { name: /Revisar SKU-10/ }));
    const panel = await screen.findByTestId('product-texts');
    await within(panel).findByDisplayValue(XSS);
    // the markup is text in a textarea: no element, no handler ran
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(container.ownerDocument.querySelector('a[href^="javascript:"]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(within(panel).getAllByText('Silla ergonómica').length).toBeGreaterThan(0);
    expect(within(panel).getByText(/Ctrl\+Intro aprueba el texto actual/)).toBeTruthy();

    const titulo = within(panel).getByDisplayValue('Silla AMAZON');
    fireEvent.change(titulo, { target: { value: 'Silla de oficina AMAZON' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar textos' }));
    expect(
      await screen.findByText('Textos Generados para el producto, actualizados correctamente'),
    ).toBeTruthy();
    const stored = await provider.getOne('TextosGenerados', { id: 1 });
    expect(stored.data.texto).toBe('Silla de oficina AMAZON');

    // Ctrl+Enter approves the current text and moves on
    fireEvent.focus(within(panel).getByDisplayValue('Silla de oficina AMAZON'));
    fireEvent.keyDown(within(panel).getByDisplayValue('Silla de oficina AMAZON'), {
      key: 'Enter',
      ctrlKey: true,
    });
    await waitFor(() => expect(calls).toContainEqual({ ids: [1], estado: 'S' }));
    expect((await provider.getOne('TextosGenerados', { id: 1 })).data.revisado_sn).toBe('S');
    expect((await provider.getOne('TextosGenerados', { id: 2 })).data.revisado_sn).toBe('N');
    await waitFor(() => expect(within(panel).getByText('Revisado parcial')).toBeTruthy());
  });
});

describe('review page: what the audit found', () => {
  it('bulk review asks for the selection’s texts in one request, not one per product', async () => {
    const { provider, calls, reads } = withFakeAi(fakeProvider(data()));
    renderPage(provider);
    fireEvent.click(within(await screen.findByTestId('review-row-10-1')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('review-row-11-1')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como revisados' }));
    expect(await screen.findByText('Se actualizó el estado correctamente.')).toBeTruthy();
    expect(calls).toEqual([{ ids: [1, 2, 3, 4], estado: 'S' }]);
    expect(reads).toEqual(['getList {"productoId":[10,11],"marketplaceId":[1]}']);
  });

  it('with the text ids in the view rows, bulk review is a single updateManyProcesado', async () => {
    const { provider, calls, reads } = withFakeAi(fakeProvider(data()), { textIds: true });
    renderPage(provider);
    fireEvent.click(within(await screen.findByTestId('review-row-11-1')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como no revisados' }));
    expect(await screen.findByText('Se actualizó el estado correctamente.')).toBeTruthy();
    expect(calls).toEqual([{ ids: [3, 4], estado: 'N' }]);
    expect(reads).toEqual([]);
  });

  it('approving an edited text (Ctrl+Enter, or ticking Revisado) keeps the edit on screen', async () => {
    const { provider } = withFakeAi(fakeProvider(data()));
    renderPage(provider);
    fireEvent.click(await screen.findByRole('button', { name: /Revisar SKU-10/ }));
    const panel = await screen.findByTestId('product-texts');
    const titulo = await within(panel).findByDisplayValue('Silla AMAZON');
    fireEvent.focus(titulo);
    fireEvent.change(titulo, { target: { value: 'Silla de oficina (editada)' } });
    fireEvent.keyDown(titulo, { key: 'Enter', ctrlKey: true });
    expect(
      await screen.findByText('Textos Generados para el producto, actualizados correctamente'),
    ).toBeTruthy();
    await waitFor(() => expect(within(panel).getByText('Revisado parcial')).toBeTruthy());
    expect(within(panel).getByDisplayValue('Silla de oficina (editada)')).toBeTruthy();
    expect(within(panel).queryByDisplayValue('Silla AMAZON')).toBeNull();
    expect((await provider.getOne('TextosGenerados', { id: 1 })).data).toMatchObject({
      texto: 'Silla de oficina (editada)',
      revisado_sn: 'S',
    });

    // the same through the checkbox of the second text
    const second = within(panel).getByDisplayValue(XSS);
    fireEvent.change(second, { target: { value: 'Descripción corregida' } });
    const boxes = within(panel).getAllByRole('checkbox', { name: 'Revisado' });
    fireEvent.click(boxes[1]);
    await waitFor(() => expect(within(panel).getByLabelText('Estado del producto: Revisado')).toBeTruthy());
    expect(within(panel).getByDisplayValue('Descripción corregida')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Guardar textos' })).toHaveProperty('disabled', true);
  });

  it('"Aprobar todos" in the product dialog approves only the opened marketplace’s texts', async () => {
    const fixture = data();
    fixture.MarketPlaces.push({ id: 2, codigo: 'EBAY', descripcion: 'eBay' });
    fixture.TextosGenerados.push({
      id: 5,
      productoId: 10,
      marketplaceId: 2,
      marketplacePromptId: 2,
      campo: 'titulo',
      idioma: 'es',
      texto: 'Silla EBAY',
      revisado_sn: 'N',
    });
    const { provider, calls } = withFakeAi(fakeProvider(fixture));
    renderPage(provider);
    fireEvent.click(await screen.findByRole('button', { name: /Revisar SKU-10 AMAZON/ }));
    const panel = await screen.findByTestId('product-texts');
    await within(panel).findByDisplayValue('Silla EBAY');
    fireEvent.click(within(panel).getByRole('button', { name: 'Aprobar todos de AMAZON' }));
    await waitFor(() => expect(calls).toEqual([{ ids: [1, 2], estado: 'S' }]));
    expect((await provider.getOne('TextosGenerados', { id: 5 })).data.revisado_sn).toBe('N');
  });

  it('a review change invalidates the product list’s cached review status', async () => {
    const queryClient = new QueryClient();
    const key = ['productos', 'reviewTexts', [10, 11]];
    queryClient.setQueryData(key, [{ productoId: 10, revisado_sn: 'N' }]);
    const { provider } = withFakeAi(fakeProvider(data()));
    renderPage(provider, queryClient);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    fireEvent.click(within(await screen.findByTestId('review-row-10-1')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como revisados' }));
    expect(await screen.findByText('Se actualizó el estado correctamente.')).toBeTruthy();
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);

    // and from the product dialog
    queryClient.setQueryData(key, [{ productoId: 10, revisado_sn: 'S' }]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Revisar SKU-11/ }));
    const panel = await screen.findByTestId('product-texts');
    await within(panel).findByDisplayValue('Mesa');
    fireEvent.click(within(panel).getAllByRole('checkbox', { name: 'Revisado' })[0]);
    await waitFor(() => expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true));
  });
});

describe('review page: paged by the API', () => {
  /** `n` products with one text each in AMAZON, named SKU-01… so the API's order is the numbering. */
  const many = (n: number) => {
    const fixture = data();
    fixture.productos = [];
    fixture.TextosGenerados = [];
    fixture['producto-generals'] = [];
    for (let i = 1; i <= n; i++) {
      const sku = `SKU-${String(i).padStart(2, '0')}`;
      fixture.productos.push({ id: 100 + i, empresaId: 1, nombre: sku, categorias: 'Sillas' });
      fixture['producto-generals'].push({
        id: i,
        productoId: 100 + i,
        titulo: `Título ${sku}`,
        descripcion: '',
      });
      fixture.TextosGenerados.push({
        id: i,
        productoId: 100 + i,
        marketplaceId: 1,
        marketplacePromptId: 1,
        campo: 'titulo',
        idioma: 'es',
        texto: `Texto ${sku}`,
        revisado_sn: 'N',
      });
    }
    return fixture;
  };

  it('asks the API for the page on screen (skip/limit), shows its total, keeps the page while the next loads', async () => {
    const { provider, vistas, hold } = withFakeAi(fakeProvider(many(30)));
    renderPage(provider);
    expect(await screen.findByTestId('review-row-101-1')).toBeTruthy();
    expect(vistas.map((v) => v.page)).toEqual([{ limit: 25, skip: 0 }]);
    expect(screen.getAllByRole('row')).toHaveLength(26); // header + 25 rows: the API's page only
    expect(screen.getByText('1-25 de 30')).toBeTruthy();

    const release = hold(25);
    fireEvent.click(screen.getByRole('button', { name: /siguiente|next/i }));
    await waitFor(() => expect(vistas.at(-1)?.page).toEqual({ limit: 25, skip: 25 }));
    // the first page stays on screen while the second loads
    expect(screen.getByLabelText('Cargando la página')).toBeTruthy();
    expect(screen.getByTestId('review-row-101-1')).toBeTruthy();
    release();
    expect(await screen.findByTestId('review-row-126-1')).toBeTruthy();
    expect(screen.queryByTestId('review-row-101-1')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('26-30 de 30')).toBeTruthy();
    expect(screen.queryByLabelText('Cargando la página')).toBeNull();

    // a row of the second page opens its texts beside its source data, the first text focused, and Ctrl+Enter
    // approves it: the page on screen is read again (the same skip/limit) with its new state
    fireEvent.click(screen.getByRole('button', { name: /Revisar SKU-27/ }));
    const panel = await screen.findByTestId('product-texts');
    const first = await within(panel).findByDisplayValue('Texto SKU-27');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(within(panel).getAllByText('Título SKU-27').length).toBeGreaterThan(0);
    const before = vistas.length;
    fireEvent.keyDown(first, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(within(screen.getByTestId('review-row-127-1')).getByText('Revisado')).toBeTruthy(),
    );
    expect(vistas.slice(before).map((v) => v.page)).toContainEqual({ limit: 25, skip: 25 });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the text filter goes to the API, from the first page
    fireEvent.change(screen.getByLabelText('Producto o título'), { target: { value: 'título sku-0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('1-9 de 9')).toBeTruthy();
    expect(vistas.at(-1)).toEqual({
      filters: expect.objectContaining({ texto: 'título sku-0' }),
      page: { limit: 25, skip: 0 },
    });
  });

  it('a selection spanning pages is reviewed in bulk; an empty result is said in Spanish', async () => {
    const { provider, calls } = withFakeAi(fakeProvider(many(12)), { textIds: true });
    renderPage(provider);
    fireEvent.click(within(await screen.findByTestId('review-row-101-1')).getByRole('checkbox'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Filas por página/ }));
    fireEvent.click(await screen.findByRole('option', { name: '10' }));
    fireEvent.click(await screen.findByRole('button', { name: /siguiente|next/i }));
    fireEvent.click(within(await screen.findByTestId('review-row-112-1')).getByRole('checkbox'));
    expect(screen.getByText('2 seleccionado(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como revisados' }));
    expect(await screen.findByText('Se actualizó el estado correctamente.')).toBeTruthy();
    expect(calls).toEqual([{ ids: [1, 12], estado: 'S' }]);
    await waitFor(() =>
      expect(within(screen.getByTestId('review-row-112-1')).getByText('Revisado')).toBeTruthy(),
    );

    fireEvent.change(screen.getByLabelText('Producto o título'), { target: { value: 'ninguno' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('No hay textos generados que coincidan con los filtros.')).toBeTruthy();
  });

  it('an API error is shown in Spanish', async () => {
    const { provider } = withFakeAi(fakeProvider(data()));
    const failing = {
      ...provider,
      aiVista: () => Promise.reject(new Error('No se pudo leer la revisión de textos.')),
    } as DataProvider;
    renderPage(failing);
    expect(await screen.findByText('No se pudo leer la revisión de textos.')).toBeTruthy();
    expect(screen.queryByLabelText('Cargando')).toBeNull();
  });
});
