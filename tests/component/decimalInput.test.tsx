/** Decimal fields (type 'number') in the generated forms: typed and shown the way the interface language writes numbers. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeProvider, fixture } from './renderApp';
import { renderScreen } from './renderScreen';

const data = () => ({
  ...fixture(),
  'producto-datos-catalogo': [{ id: 5, productoId: 10, codigoFabricante: 'F-1', precioFabrica: 12345.5 }],
});

const precio = () => screen.findByRole('textbox', { name: /Precio de fábrica/ }) as Promise<HTMLInputElement>;

afterEach(() => Cookies.remove('idioma'));

describe('decimal input', () => {
  it('shows the stored number in Spanish, reads 12,50 as 12.5 and saves a number', async () => {
    const store = data();
    const provider = fakeProvider(store);
    renderScreen('/producto-datos-catalogo/5', { dataProvider: provider });
    const input = await precio();
    await waitFor(() => expect(input.value).toBe('12.345,50'));
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,50' } });
    fireEvent.blur(input);
    expect(input.value).toBe('12,50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(async () => {
      const { data: saved } = await provider.getOne('producto-datos-catalogo', { id: 5 });
      expect(saved.precioFabrica).toBe(12.5);
    });
  });

  it('keeps unreadable text as typed, with the Spanish reason on the field, and saves nothing', async () => {
    const provider = fakeProvider(data());
    renderScreen('/producto-datos-catalogo/5', { dataProvider: provider });
    const input = await precio();
    await waitFor(() => expect(input.value).toBe('12.345,50'));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5,0' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/«12,5,0» tiene más de una marca decimal/)).toBeTruthy();
    expect(input.value).toBe('12,5,0');
    const { data: stored } = await provider.getOne('producto-datos-catalogo', { id: 5 });
    expect(stored.precioFabrica).toBe(12345.5);
  });

  it('in English, shows and reads the English marks', async () => {
    Cookies.set('idioma', 'en');
    const provider = fakeProvider(data());
    renderScreen('/producto-datos-catalogo/5', { dataProvider: provider });
    const input = (await screen.findAllByRole('textbox')).find(
      (box) => box.getAttribute('name') === 'precioFabrica',
    ) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('12,345.50'));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1,234.75' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1,234.75');
  });
});
