import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import { AdminContext, useNotify, useUpdate } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../src/i18n';
import { PimNotification } from '../../src/layout/Notification';

/** Notices raised by the app, not by a click (a click elsewhere closes a snackbar by itself: MUI's click-away). */
const renderNotices = () => {
  const dataProvider = fakeRestProvider({ marcas: [{ id: 1, nombre: 'Bosch' }] });
  const update = vi.spyOn(dataProvider, 'update');
  const app: { notify?: ReturnType<typeof useNotify>; rename?: () => void } = {};
  const Raiser = () => {
    const notify = useNotify();
    const [change] = useUpdate();
    app.notify = notify;
    app.rename = () =>
      change(
        'marcas',
        { id: 1, data: { nombre: 'Makita' }, previousData: { id: 1, nombre: 'Bosch' } },
        { mutationMode: 'undoable', onSuccess: () => notify('Marca actualizada', { undoable: true }) },
      );
    return null;
  };
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
      <Raiser />
      <PimNotification />
    </AdminContext>,
  );
  return {
    notify: (message: string, options?: Parameters<ReturnType<typeof useNotify>>[1]) =>
      act(() => {
        app.notify?.(message, { type: 'info', ...options });
      }),
    rename: () =>
      act(() => {
        app.rename?.();
      }),
    update,
  };
};

describe('notices', () => {
  it('a newer notice replaces the one on screen at once instead of waiting behind it for 4 s', async () => {
    const { notify } = renderNotices();
    notify('El formulario no es válido.');
    expect(await screen.findByText('El formulario no es válido.')).toBeTruthy();
    notify('Marca creada');
    // react-admin's own snackbar shows it only when the first one's 4 s are over
    expect(await screen.findByText('Marca creada', {}, { timeout: 1500 })).toBeTruthy();
    expect(screen.queryByText('El formulario no es válido.')).toBeNull();
  });

  it('a notice that sets its own time keeps it: the next one shows when it is over', async () => {
    const { notify } = renderNotices();
    notify('Generando el fichero CSV…', { autoHideDuration: 1200 });
    expect(await screen.findByText('Generando el fichero CSV…')).toBeTruthy();
    notify('marcas_PIM.csv: 3 filas exportadas', { type: 'success' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByText('Generando el fichero CSV…')).not.toBeNull();
    expect(screen.queryByText('marcas_PIM.csv: 3 filas exportadas')).toBeNull();
    expect(await screen.findByText('marcas_PIM.csv: 3 filas exportadas')).toBeTruthy();
  });

  it('a notice alone stays on screen; one that stays until closed keeps its place until it is closed', async () => {
    const { notify } = renderNotices();
    notify('No se pudieron quitar los valores.', { autoHideDuration: null });
    expect(await screen.findByText('No se pudieron quitar los valores.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByText('No se pudieron quitar los valores.')).not.toBeNull();
    notify('Registro actualizado', { type: 'success' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByText('No se pudieron quitar los valores.')).not.toBeNull();
    expect(screen.queryByText('Registro actualizado')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(await screen.findByText('Registro actualizado', {}, { timeout: 1500 })).toBeTruthy();
  });

  it('an undoable change is sent when its notice leaves, and never after «Deshacer»', async () => {
    const first = renderNotices();
    first.rename();
    expect(await screen.findByText('Marca actualizada')).toBeTruthy();
    expect(first.update).not.toHaveBeenCalled();
    first.notify('Otra cosa');
    await waitFor(() => expect(first.update).toHaveBeenCalledTimes(1));
    expect(first.update.mock.calls[0][1]).toMatchObject({ id: 1, data: { nombre: 'Makita' } });
  });

  it('«Deshacer» drops the undoable change', async () => {
    const { rename, update } = renderNotices();
    rename();
    await screen.findByText('Marca actualizada');
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(screen.queryByText('Marca actualizada')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(update).not.toHaveBeenCalled();
  });
});
