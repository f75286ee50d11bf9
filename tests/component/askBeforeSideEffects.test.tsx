/**
 * Bulk side effects ask first, naming how many products they touch (the ERP sync of the products marked
 * «Sincronizar con BC», the AECOC send of those marked «Enviar a AECOC»), and nothing starts on Cancelar or
 * when nothing is marked. After a save whose ERP sync was refused, the refusal dialog is the last word: no
 * green «Producto actualizado correctamente» follows it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IntegrationsApi } from '../../src/custom/integrations/api';
import { MESSAGES } from '../../src/custom/productEditor/messages';
import { fakeIntegrations } from './integrationsFake';
import { withProductApi } from './productsFixture';
import { fakeProvider, fixture } from './renderApp';
import { renderScreen } from './renderScreen';
import '../../src/custom/productEditor/ProductEdit';

type Marks = { sincronizarConBC?: 'S' | 'N'; enviarAecoc?: 'S' | 'N' };

/** Three products of the company with the given marks. */
const renderIntegrations = (path: string, marks: Marks[], overrides: Partial<IntegrationsApi> = {}) => {
  const productos = marks.map((mark, index) => ({
    id: 10 + index,
    empresaId: 1,
    nombre: `SKU-${10 + index}`,
    ...mark,
  }));
  const fake = fakeIntegrations(fakeProvider({ ...fixture(), productos }), overrides);
  renderScreen(path, { dataProvider: fake.provider });
  return fake.api;
};

describe('bulk side effects ask first', () => {
  it('«Sincronizar productos» names how many products it sends; Cancelar sends nothing', async () => {
    const api = renderIntegrations('/sincronizacion-erp', [
      { sincronizarConBC: 'S' },
      { sincronizarConBC: 'N' },
      { sincronizarConBC: 'S' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizar productos' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sincronizar productos' });
    expect(await within(dialog).findByText(/¿Sincronizar 2 productos con Business Central\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.integrationsSyncProducts).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar productos' }));
    dialog = await screen.findByRole('dialog', { name: 'Sincronizar productos' });
    await within(dialog).findByText(/2 productos/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sincronizar' }));
    await waitFor(() => expect(api.integrationsSyncProducts).toHaveBeenCalledTimes(1));
  });

  it('«Enviar ahora» names how many products go to AECOC, in the singular for one', async () => {
    const api = renderIntegrations('/aecoc', [{ enviarAecoc: 'S' }, { enviarAecoc: 'N' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar a AECOC' });
    expect(await within(dialog).findByText(/¿Enviar 1 producto a AECOC\?/)).toBeTruthy();
    expect(api.integrationsSendAecoc).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.integrationsSendAecoc).toHaveBeenCalledTimes(1));
  });

  it('with nothing marked, the send cannot be confirmed and says why', async () => {
    const api = renderIntegrations('/aecoc', [{ enviarAecoc: 'N' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar a AECOC' });
    expect(await within(dialog).findByText(/No hay productos con «Enviar a AECOC» = S/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Enviar' }).hasAttribute('disabled')).toBe(true);
    expect(api.integrationsSendAecoc).not.toHaveBeenCalled();
  });
});

describe('a refused ERP sync never shows a success dialog', () => {
  it('after the refusal dialog the product reloads without «Producto actualizado correctamente»', async () => {
    const recorded = withProductApi({
      syncManual: async () => {
        throw new Error('No se pudo sincronizar el producto con BC: el ERP rechazó SKU-10');
      },
    });
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    const titulo = await screen.findByDisplayValue('Taladro percutor 750 W');
    fireEvent.change(titulo, { target: { value: 'Taladro percutor 800 W' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    const refusal = await screen.findByRole('dialog', { name: MESSAGES.syncFailedTitle });
    expect(refusal.textContent).toContain('el ERP rechazó SKU-10');
    expect(refusal.textContent).toContain('El producto se ha actualizado en el sistema');
    expect(recorded.syncManual).toHaveBeenCalledWith(10);
    fireEvent.click(within(refusal).getByRole('button', { name: 'Aceptar' }));

    // the saved product is shown again, and no success dialog came after the refusal
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByDisplayValue('Taladro percutor 800 W')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.updated)).toBeNull();
  });

  it('a successful save still ends with «Producto actualizado correctamente»', async () => {
    const recorded = withProductApi();
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    const titulo = await screen.findByDisplayValue('Taladro percutor 750 W');
    fireEvent.change(titulo, { target: { value: 'Taladro percutor 900 W' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.updated })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: MESSAGES.syncFailedTitle })).toBeNull();
  });
});
