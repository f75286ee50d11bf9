/**
 * The Multimedia tab runs the plans of src/core/productEditor/mediaPlan.ts: the principal switch moves the
 * principal picture and the product's imagen, público is one write, and a failing write stops the plan with
 * its Spanish notice (the stored media stay as they were).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { editorTab, productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productEditor/ProductEdit';

const TITULO = 'Taladro percutor 750 W';

const withLateral = () => {
  const data = productFixture();
  data['producto-multimedias'] = [
    ...data['producto-multimedias'],
    {
      id: 92,
      productoId: 10,
      nombre: 'lateral',
      tipo: 'Imagen',
      principalSN: 'N',
      publicoSN: 'S',
      fichero: 'multimedia/SKU-10/lateral.jpg',
    },
  ];
  return data;
};

const openMedia = async (dataProvider: DataProvider) => {
  renderScreen('/productos/10', { dataProvider });
  await screen.findByDisplayValue(TITULO);
  fireEvent.click(editorTab('Multimedia'));
  await waitFor(() => expect(screen.getAllByTestId('media-row')).toHaveLength(2));
};

const checked = (name: string) => (screen.getByRole('switch', { name }) as HTMLInputElement).checked;

const stored = async (provider: DataProvider, id: number) =>
  (await provider.getOne('producto-multimedias', { id })).data;

describe('Multimedia tab actions', () => {
  it('principal on a picture: the old one off, this one on, the product imagen at its 800x600', async () => {
    const recorded = withProductApi({}, withLateral());
    await openMedia(recorded.provider);
    fireEvent.click(screen.getByRole('switch', { name: 'Principal: lateral' }));
    expect(await screen.findByText('Imagen principal actualizada')).toBeTruthy();
    await waitFor(() => expect(checked('Principal: lateral')).toBe(true));
    expect(checked('Principal: imagen_principal')).toBe(false);
    expect((await stored(recorded.base, 90)).principalSN).toBe('N');
    expect((await stored(recorded.base, 92)).principalSN).toBe('S');
    expect((await recorded.base.getOne('productos', { id: 10 })).data.imagen).toBe(
      'multimedia/SKU-10/800x600_lateral.png',
    );
  });

  it('a failing first write stops the plan: the notice names it, nothing else was written', async () => {
    const recorded = withProductApi({}, withLateral());
    const failing: DataProvider = {
      ...recorded.provider,
      update: (resource, params) =>
        resource === 'producto-multimedias' && params.id === 90
          ? Promise.reject(new Error('Error de conexión'))
          : recorded.provider.update(resource, params),
    };
    await openMedia(failing);
    fireEvent.click(screen.getByRole('switch', { name: 'Principal: lateral' }));
    expect(await screen.findByText('No se pudo cambiar la imagen principal: Error de conexión')).toBeTruthy();
    expect((await stored(recorded.base, 92)).principalSN).toBe('N');
    expect((await stored(recorded.base, 90)).principalSN).toBe('S');
    expect(checked('Principal: imagen_principal')).toBe(true);
  });

  it('público off is one write on that record', async () => {
    const recorded = withProductApi({}, withLateral());
    await openMedia(recorded.provider);
    fireEvent.click(screen.getByRole('switch', { name: 'Público: lateral' }));
    expect(await screen.findByText('Multimedia actualizada')).toBeTruthy();
    await waitFor(() => expect(checked('Público: lateral')).toBe(false));
    expect((await stored(recorded.base, 92)).publicoSN).toBe('N');
    expect((await stored(recorded.base, 90)).publicoSN).toBe('S');
  });
});
