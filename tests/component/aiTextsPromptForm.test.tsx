/**
 * The marketplace prompt form over fakerest: the category is picked from the company's categories (grouped,
 * top category or subcategory) instead of typed, and a second prompt for the same marketplace and category shows
 * docs/requirements.md#r5-validation prompt variant of the duplicate message — both from the existeMarketPlaceYCategoria check and from
 * the server's 422 ER_DUP_ENTRY. What was typed stays in the form.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AdminContext,
  HttpError,
  Notification,
  ResourceContextProvider,
  TestMemoryRouter,
  type DataProvider,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import fakeRestDataProvider from 'ra-data-fakerest';
import { describe, expect, it } from 'vitest';
import { MarketplaceCreate, MarketplaceEdit } from '../../src/custom/aiTexts/MarketplaceForms';
import { marketplacePrompts } from '../../src/resources/marketplacePrompts/schema';
import { createI18nProvider } from '../../src/i18n';

const DUPLICATE = 'El código de marketplacePrompts ya existe. Por favor, usa uno diferente.';

const data = () => ({
  MarketPlaces: [
    { id: 1, codigo: 'AMAZON' },
    { id: 2, codigo: 'EBAY' },
  ],
  categorias: [
    { id: 1, empresaId: 1, codigo: 'master', nombre: 'Raíz', padre: null },
    { id: 2, empresaId: 1, codigo: 'HEL', nombre: 'Herramientas eléctricas', padre: 'master' },
    { id: 3, empresaId: 1, codigo: 'HEL-TAL', nombre: 'Taladros', padre: 'HEL' },
    { id: 4, empresaId: 1, codigo: 'JAR', nombre: 'Jardín', padre: 'master' },
  ],
  MarketPlacePrompts: [
    { id: 1, marketplaceId: 1, categoriaCodigo: 'HEL', campoUno: 'titulo', promptCampoUno: 'Título' },
    { id: 2, marketplaceId: 1, categoriaCodigo: 'JAR', campoUno: 'titulo', promptCampoUno: 'Título' },
  ],
});

const renderForm = (provider: DataProvider, path: string) =>
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={provider} i18nProvider={createI18nProvider()}>
        <ResourceContextProvider value="MarketPlacePrompts">
          <Routes>
            <Route
              path="/MarketPlacePrompts/create"
              element={<MarketplaceCreate schema={marketplacePrompts} variant="marketplacePrompts" />}
            />
            <Route
              path="/MarketPlacePrompts/:id"
              element={<MarketplaceEdit schema={marketplacePrompts} variant="marketplacePrompts" />}
            />
            <Route path="/MarketPlacePrompts" element={<p>Listado de prompts</p>} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );

const categoria = () => screen.getByRole('combobox', { name: /^Categoría/ });

const pick = async (input: HTMLElement, typed: string, option: RegExp) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('marketplace prompt form', () => {
  it('picks the category from the company’s categories, grouped by top category', async () => {
    const provider = fakeRestDataProvider(data(), false);
    renderForm(provider, '/MarketPlacePrompts/create');
    await pick(await screen.findByRole('combobox', { name: /^Marketplace/ }), 'EB', /EBAY/);
    const input = categoria();
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Herramientas eléctricas')).toBeTruthy(); // group heading
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Herramientas eléctricas (HEL) · todas sus subcategorías',
      'Taladros (HEL-TAL)',
      'Jardín (JAR) · todas sus subcategorías',
    ]);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Taladros (HEL-TAL)' }));
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('Listado de prompts')).toBeTruthy();
    const { data: rows } = await provider.getList('MarketPlacePrompts', {
      filter: { marketplaceId: 2 },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(rows.map((r) => r.categoriaCodigo)).toEqual(['HEL-TAL']);
  });

  it('a category that does not exist cannot be saved (a typo never creates a prompt that never matches)', async () => {
    const fixture = data();
    fixture.MarketPlacePrompts[1].categoriaCodigo = 'JARDN';
    const provider = fakeRestDataProvider(fixture, false);
    renderForm(provider, '/MarketPlacePrompts/2');
    await waitFor(() => expect((categoria() as HTMLInputElement).value).toBe('JARDN (no existe)'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Campo uno' }), { target: { value: 'titulo2' } });
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(
      await screen.findByText('Esa categoría no existe en la empresa seleccionada. Elige una de la lista.'),
    ).toBeTruthy();
    expect((await provider.getOne('MarketPlacePrompts', { id: 2 })).data.campoUno).toBe('titulo');
  });

  it('existeMarketPlaceYCategoria finding another prompt shows the spec’s prompt duplicate message', async () => {
    const provider = fakeRestDataProvider(data(), false);
    renderForm(provider, '/MarketPlacePrompts/2');
    await waitFor(() => expect((categoria() as HTMLInputElement).value).toMatch(/^Jardín/));
    await pick(categoria(), 'Herr', /Herramientas eléctricas \(HEL\)/);
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect((await screen.findAllByText(DUPLICATE)).length).toBeGreaterThan(0);
    expect((categoria() as HTMLInputElement).value).toMatch(/^Herramientas eléctricas/);
    expect((await provider.getOne('MarketPlacePrompts', { id: 2 })).data.categoriaCodigo).toBe('JAR');
  });

  it('the server’s 422 ER_DUP_ENTRY shows the same message', async () => {
    const base = fakeRestDataProvider(data(), false);
    const provider: DataProvider = {
      ...base,
      aiExistePrompt: async () => false,
      update: () =>
        Promise.reject(
          new HttpError("Duplicate entry '1-HEL' for key 'categoriaCodigo'", 422, {
            error: {
              statusCode: '422',
              name: 'Error',
              message: "Duplicate entry '1-HEL' for key 'categoriaCodigo'",
              code: 'ER_DUP_ENTRY',
            },
          }),
        ),
    } as DataProvider;
    renderForm(provider, '/MarketPlacePrompts/2');
    await waitFor(() => expect((categoria() as HTMLInputElement).value).toMatch(/^Jardín/));
    await pick(categoria(), 'Herr', /Herramientas eléctricas \(HEL\)/);
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect((await screen.findAllByText(DUPLICATE)).length).toBeGreaterThan(0);
    expect(screen.queryByText('Listado de prompts')).toBeNull();
  });
});
