import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { belongsToOtherCompany } from '../../src/resources/generic/useCompanyGuard';
import { fakeProvider, fixture, renderApp } from './renderApp';
import { renderScreen } from './renderScreen';

const NOTICE = 'El registro pertenece a otra empresa: se ha vuelto al listado de la empresa seleccionada.';

const data = () => {
  const base = fixture();
  return fakeProvider({
    ...base,
    Marca: [...base.Marca, { id: 99, empresaId: 2, nombre: 'Marca Ajena', codigo: 'AJ' }],
  });
};

const chooseCompany = async (name: string) => {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Empresa' }));
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe('belongsToOtherCompany', () => {
  const scoped = { companyField: 'empresaId' };
  it('only for company-scoped resources and records that name another company', () => {
    expect(belongsToOtherCompany(scoped, { empresaId: 2 }, 1)).toBe(true);
    expect(belongsToOtherCompany(scoped, { empresaId: '2' }, 2)).toBe(false);
    expect(belongsToOtherCompany(scoped, { empresaId: 1 }, 1)).toBe(false);
    expect(belongsToOtherCompany(scoped, { empresaId: null }, 1)).toBe(false);
    expect(belongsToOtherCompany({}, { empresaId: 2 }, 1)).toBe(false);
    expect(belongsToOtherCompany(scoped, undefined, 1)).toBe(false);
  });
});

// Switching company is done in the app bar's selector: those tests render the whole app.
describe('company scoping on screens', () => {
  it('a record of another company opened by URL is not kept: notice, back to the list', async () => {
    renderScreen('/Marca/99', { dataProvider: data() });
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/Marca'));
  });

  it('a record of the selected company stays; switching company leaves it for the list', async () => {
    renderApp('/Marca/1', { dataProvider: data() });
    const nombre = await screen.findByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect((nombre as HTMLInputElement).value).toBe('Marca 01'));
    expect(screen.queryByText(NOTICE)).toBeNull();
    await chooseCompany('Otra Empresa');
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/Marca'));
    expect(localStorage.getItem('selectedEmpresaId')).toBe('2');
  });

  it('switching company empties the list selection', async () => {
    renderApp('/Marca', { dataProvider: data() });
    await screen.findByText('Marca 01');
    const rowCheckbox = document.querySelector<HTMLInputElement>('.select-item input');
    expect(rowCheckbox).toBeTruthy();
    fireEvent.click(rowCheckbox as HTMLInputElement);
    await screen.findByText('1 elemento seleccionado');
    await chooseCompany('Otra Empresa');
    await waitFor(() => expect(screen.queryByText('1 elemento seleccionado')).toBeNull());
    expect(localStorage.getItem('RaStore.Marca.selectedIds') ?? '[]').toBe('[]');
  });
});

describe('company selector', () => {
  it('follows a company chosen in another tab (storage event)', async () => {
    renderApp('/Marca', { dataProvider: data() });
    await screen.findByText('Marca 01');
    const selector = await screen.findByRole('combobox', { name: 'Empresa' });
    expect(selector.textContent).not.toBe('Otra Empresa');
    localStorage.setItem('selectedEmpresaId', '2');
    window.dispatchEvent(new StorageEvent('storage', { key: 'selectedEmpresaId', newValue: '2' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Empresa' }).textContent).toBe('Otra Empresa'),
    );
  });

  it('when the companies cannot be loaded it says so and retries on click', async () => {
    const provider = data();
    let failing = true;
    const flaky = {
      ...provider,
      getList: (resource: string, params: Parameters<typeof provider.getList>[1]) =>
        resource === 'empresas' && failing
          ? Promise.reject(new Error('sin conexión'))
          : provider.getList(resource, params),
    } as typeof provider;
    renderApp('/Marca', { dataProvider: flaky });
    const retry = await screen.findByRole('button', { name: 'Empresas no disponibles: reintentar' });
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).toBeNull();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('combobox', { name: 'Empresa' })).toBeTruthy();
  });
});
