import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeProvider } from './renderApp';
import { renderScreen } from './renderScreen';

const inputNamed = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

const textbox = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('generated create/edit forms', () => {
  it('productos create: S/N flags default to N, ordenAtributos to 0, no company input', async () => {
    renderScreen('/productos/create');
    await screen.findByRole('textbox', { name: /Nombre \(SKU\)/ });
    expect(inputNamed('finalizado')?.value).toBe('N');
    expect(inputNamed('sincronizarConBC')?.value).toBe('N');
    // null default: not included in marketplaces
    expect(inputNamed('activoEnMarketplace')?.value).toBe('');
    expect(inputNamed('ordenAtributos')?.value).toBe('0');
    expect(inputNamed('empresaId')).toBeNull();
    expect(inputNamed('fechaCreacion')).toBeNull();
  });

  it('producto-generals create: mercados defaults to 724', async () => {
    renderScreen('/producto-generals/create');
    await screen.findByRole('textbox', { name: 'Mercados' });
    expect(textbox('Mercados').value).toBe('724');
  });

  it('shows the Spanish required message and does not save', async () => {
    renderScreen('/Marca/create');
    const codigo = await screen.findByRole('textbox', { name: 'Código' });
    fireEvent.change(codigo, { target: { value: 'X1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Obligatorio')).toBeTruthy();
    expect(textbox('Código').value).toBe('X1');
  });

  it('bounds a text declared without a length by what its column keeps, as the API does', async () => {
    const create = vi.fn();
    const provider = fakeProvider();
    renderScreen('/Clubs/create', {
      dataProvider: { ...provider, create: (...args) => (create(...args), provider.create(...args)) },
    });
    const descripcion = await screen.findByRole('textbox', { name: 'Descripción' });
    fireEvent.change(descripcion, { target: { value: 'x'.repeat(65536) } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Debe tener 65535 caracteres como máximo')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('rejects decimals in integer fields with a Spanish message', async () => {
    renderScreen('/Tablas/create');
    const orden = await screen.findByRole('spinbutton', { name: 'Orden' });
    fireEvent.change(orden, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Debe ser un número entero')).toBeTruthy();
  });

  it('creates a brand and shows the schema success toast', async () => {
    renderScreen('/Marca/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre/ }), { target: { value: 'Nueva' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Marca creada')).toBeTruthy();
  });

  // (productos has its own editor, tests/component/products.test.tsx)
  it('uses the generic toast when the schema has no message (ProductoIconos update)', async () => {
    renderScreen('/ProductoIconos/10-3');
    const texto = await screen.findByDisplayValue('100 %');
    fireEvent.change(texto, { target: { value: '90 %' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Registro actualizado correctamente!!')).toBeTruthy();
  });

  it('edit: server errors keep the form, show the server message and map 422 details to fields', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const base = fakeProvider();
    const dataProvider: DataProvider = {
      ...base,
      update: () =>
        Promise.reject(
          new HttpError('El código ya existe', 422, {
            error: {
              statusCode: 422,
              name: 'UnprocessableEntityError',
              message: 'The request body is invalid. See error object `details` property for more info.',
              details: [
                { path: '/codigo', code: 'maxLength', message: 'must NOT have more than 50 characters' },
              ],
            },
          }),
        ),
    };
    renderScreen('/Marca/1', { dataProvider });
    const nombre = await screen.findByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect((nombre as HTMLInputElement).value).toBe('Marca 01'));
    fireEvent.change(nombre, { target: { value: 'Marca cambiada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Hay datos no válidos: revisa los campos marcados.')).toBeTruthy();
    expect(await screen.findByText('Máximo 50 caracteres')).toBeTruthy();
    expect(screen.getByDisplayValue('Marca cambiada')).toBeTruthy();
    consoleError.mockRestore();
  });

  it('edit: delete asks for confirmation and shows the schema toast', async () => {
    renderScreen('/Marca/1');
    await screen.findByDisplayValue('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Marca eliminada')).toBeTruthy();
  });
});
