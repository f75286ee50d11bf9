import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fakeProvider, fixture } from './renderApp';
import { renderScreen } from './renderScreen';

const bodyRows = () => document.querySelectorAll('tbody tr');

describe('generated list (Marca)', () => {
  it('shows the first 10 of 12 brands sorted by nombre ASC, with a pager', async () => {
    renderScreen('/Marca');
    await screen.findByText('Marca 01');
    expect(bodyRows()).toHaveLength(10);
    const names = [...bodyRows()].map((row) => row.querySelector('td.column-nombre')?.textContent);
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Marca ${String(i + 1).padStart(2, '0')}`));
    expect(screen.getByText('1-10 de 12')).toBeTruthy();
    expect(screen.getByText('Filas por página:')).toBeTruthy();
    expect(screen.queryByText('Marca 11')).toBeNull();
  });

  it('rows that cannot be read show the reason and «Reintentar», not an empty list with a pager', async () => {
    const inner = fakeProvider();
    let refuse = true;
    const provider = {
      ...inner,
      getList: (resource: string, params: Parameters<typeof inner.getList>[1]) =>
        refuse && resource === 'Marca'
          ? Promise.reject(
              new HttpError('La búsqueda admite como mucho 100 caracteres (recibidos 500).', 400),
            )
          : inner.getList(resource, params),
    };
    renderScreen('/Marca', { dataProvider: provider });
    expect(
      await screen.findByText(
        'No se pudo cargar la lista: La búsqueda admite como mucho 100 caracteres (recibidos 500).',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/No se encontraron/)).toBeNull();
    expect(screen.queryByText('Filas por página:')).toBeNull();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText('Marca 01');
    expect(screen.getByText('1-10 de 12')).toBeTruthy();
  }, 20_000);

  it('narrows the rows with an always-on filter', async () => {
    renderScreen('/Marca');
    await screen.findByText('Marca 01');
    const input = screen.getAllByLabelText('Nombre').find((element) => element.tagName === 'INPUT');
    expect(input).toBeTruthy();
    fireEvent.change(input as HTMLInputElement, { target: { value: 'Marca 07' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0] as HTMLElement).getByText('Marca 07')).toBeTruthy();
  });

  it('has the column chooser, export and create buttons', async () => {
    renderScreen('/Marca');
    await screen.findByText('Marca 01');
    expect(screen.getByRole('button', { name: 'Columnas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear' })).toBeTruthy();
  });

  it('renders S/N flags as badges', async () => {
    const idiomas = [
      { id: 1, nombre: 'Español', codigo: 'es', activo_sn: 'S' },
      { id: 2, nombre: 'Inglés', codigo: 'en', activo_sn: 'N' },
    ];
    renderScreen('/idiomas', { dataProvider: fakeProvider({ ...fixture(), idiomas }) });
    await screen.findByText('Español');
    const badges = screen.getAllByTestId('sn-badge');
    expect(badges.map((badge) => badge.getAttribute('data-variant'))).toEqual(['positive', 'negative']);
    expect(badges.map((badge) => badge.textContent)).toEqual(['S', 'N']);
  });

  it('lists ProductoIconos by their composite ids, with reference labels', async () => {
    renderScreen('/ProductoIconos');
    await screen.findByText('2 años');
    expect(bodyRows()).toHaveLength(3);
    await screen.findAllByText('Reciclable');
    expect(screen.getAllByText('SKU-10').length).toBeGreaterThan(0);
    // read-only views have no create button; ProductoIconos can be created
    expect(screen.getByRole('link', { name: 'Crear' })).toBeTruthy();
  });

  it('hides the create button when the schema forbids creating (logsnavs)', async () => {
    renderScreen('/logsnavs');
    await screen.findByText(/Aún no hay Registros ERP/);
    expect(screen.queryByRole('link', { name: 'Crear' })).toBeNull();
  });
});
