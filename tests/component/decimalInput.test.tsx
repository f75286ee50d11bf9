/** Decimal fields (type 'number') in the generated forms: typed and shown the way the interface language writes numbers. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { productFixture, withProductApi } from './productsFixture';
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

/** The product editor's numeric attribute «Potencia» (stored as text the Spanish way, src/core/attributeValues.ts). */
const potenciaOf = async (stored: string) => {
  const data = productFixture();
  const row = data['producto-atributos'].find((r) => r.nombre === 'Potencia')!;
  row.valor = stored;
  const recorded = withProductApi({}, data);
  renderScreen('/productos/10', { dataProvider: recorded.provider });
  await screen.findByDisplayValue('Taladro percutor 750 W');
  const tab = screen.getAllByRole('tab').find((t) => /Atributos|Attributes/.test(t.textContent ?? ''))!;
  fireEvent.click(tab);
  const input = (await screen.findByRole('textbox', { name: 'Potencia' })) as HTMLInputElement;
  const saved = async () =>
    String((await recorded.base.getOne('producto-atributos', { id: row.id })).data.valor);
  return { input, saved, id: row.id };
};

/** The form has read the corrected text again (its message gone) before the next save. */
const revalidated = (input: HTMLInputElement) =>
  waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('false'));

const save = () =>
  fireEvent.click(screen.getAllByRole('button').find((b) => /^(Guardar|Save)$/.test(b.textContent ?? ''))!);

describe('numeric attribute values follow the interface language', () => {
  it('in Spanish: the stored 1234,5 shows 1.234,5; 1.500,25 typed is saved as 1500,25', async () => {
    const { input, saved } = await potenciaOf('1234,5');
    expect(input.value).toBe('1.234,5');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5,0' } });
    fireEvent.blur(input);
    save();
    expect(await screen.findByText(/El atributo «Potencia» es numérico: «12,5,0»/)).toBeTruthy();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1.500,25' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1.500,25');
    await revalidated(input);
    save();
    await waitFor(async () => expect(await saved()).toBe('1500,25'));
  });

  it('in English: the stored 1234,5 shows 1,234.5; 1,500.25 typed is saved as 1500,25; 12,5,0 is refused', async () => {
    Cookies.set('idioma', 'en');
    const { input, saved } = await potenciaOf('1234,5');
    expect(input.value).toBe('1,234.5');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5,0' } });
    fireEvent.blur(input);
    save();
    expect(await screen.findByText(/El atributo «Potencia» es numérico: «12,5,0»/)).toBeTruthy();
    expect(input.value).toBe('12,5,0');
    expect(await saved()).toBe('1234,5');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1,500.25' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1,500.25');
    await revalidated(input);
    save();
    await waitFor(async () => expect(await saved()).toBe('1500,25'));
  });
});
