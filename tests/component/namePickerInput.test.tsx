/**
 * «Marca» picks an existing brand (schema namesOf one + mustExist → NamePickerInput): Enter commits the
 * highlighted option, never the typed fragment; «Crear «…»» creates the brand on purpose; leaving the field
 * with an unknown name creates nothing and keeps the stored brand.
 */
import { cloneElement, type ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, RecordContextProvider, SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { inputFor } from '../../src/resources/generic/inputFor';
import { productoGeneral } from '../../src/resources/productoGeneral/schema';
import { fakeProvider, fixture } from './renderApp';

const marca = productoGeneral.fields.find((field) => field.name === 'marca')!;

const renderPicker = (record = { id: 1, productoId: 10, marca: 'Marca 01' }) => {
  const provider = fakeProvider(fixture());
  const onSubmit = vi.fn();
  render(
    <AdminContext dataProvider={provider}>
      <RecordContextProvider value={record}>
        <Form record={record} onSubmit={onSubmit}>
          {cloneElement(inputFor(marca) as ReactElement<{ label?: string }>, { label: 'Marca' })}
          <SaveButton alwaysEnable />
        </Form>
      </RecordContextProvider>
    </AdminContext>,
  );
  return { provider, onSubmit };
};

const box = () => screen.findByRole('combobox', { name: /Marca/ }) as Promise<HTMLInputElement>;

describe('NamePickerInput (Marca)', () => {
  it('Enter commits the highlighted brand, not the typed fragment', async () => {
    const { onSubmit } = renderPicker();
    const input = await box();
    await waitFor(() => expect(input.value).toBe('Marca 01'));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ca 07' } });
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')[0].textContent).toBe('Marca 07'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe('Marca 07'));
    fireEvent.click(screen.getByRole('button', { name: /Guardar|save/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].marca).toBe('Marca 07');
  });

  it('erasing the brand and leaving the field leaves it empty (the highlighted first brand is not taken)', async () => {
    const { onSubmit } = renderPicker({ id: 1, productoId: 10, marca: 'Marca 05' });
    const input = await box();
    await waitFor(() => expect(input.value).toBe('Marca 05'));
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await within(await screen.findByRole('listbox')).findAllByRole('option');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(input.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /Guardar|save/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].marca ?? '').toBe('');
  });

  it('«Crear «…»» creates the brand and picks it', async () => {
    const { provider } = renderPicker();
    const input = await box();
    await waitFor(() => expect(input.value).toBe('Marca 01'));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Herramientas Sol' } });
    const option = await screen.findByRole('option', { name: 'Crear «Herramientas Sol»' });
    fireEvent.click(option);
    await waitFor(() => expect(input.value).toBe('Herramientas Sol'));
    const { data } = await provider.getList('Marca', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data.map((row) => row.nombre)).toContain('Herramientas Sol');
  });

  it('leaving the field with an unknown name creates nothing and keeps the stored brand', async () => {
    const { provider, onSubmit } = renderPicker();
    const input = await box();
    await waitFor(() => expect(input.value).toBe('Marca 01'));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Inexistente' } });
    await screen.findByRole('option', { name: 'Crear «Inexistente»' });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /Guardar|save/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].marca).toBe('Marca 01');
    const { total } = await provider.getList('Marca', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(12);
  });
});
