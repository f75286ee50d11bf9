/**
 * The product editor keeps to what is stored: media changes show when the product is opened again, only
 * pictures can be principal, a failed reload or baseline never lets a save run on stale records, the
 * catalogue lists say when they fail, error toasts keep the spec literal exact, and the load-failure dialog
 * retries (every 5 s, or now) and leads back to the list.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadAnswer } from '../../src/core/productEditor/contract';
import { LoadFailureDialog } from '../../src/custom/productEditor/dialogs';
import { MESSAGES } from '../../src/custom/productEditor/messages';
import { categoriasPicker, editorTab, productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';
import '../../src/custom/productEditor/ProductEdit';

const TITULO = 'Taladro percutor 750 W';
const FILES_INPUT = 'Arrastra aquí imágenes y documentos, o haz clic para elegirlos';

const fixtureWithDocument = () => {
  const data = productFixture();
  data['producto-multimedias'] = [
    ...data['producto-multimedias'],
    {
      id: 91,
      productoId: 10,
      nombre: 'ficha_tecnica',
      tipo: 'Documento',
      principalSN: 'N',
      publicoSN: 'S',
      fichero: 'multimedia/SKU-10/ficha_tecnica.pdf',
    },
  ];
  return data;
};

const upload = async ({ fileName }: { fileName: string }): Promise<UploadAnswer> => ({
  fichero: `multimedia/SKU-10/${fileName}`,
  nombre: fileName,
  formato: 'pdf',
  tipo: 'Documento',
  tamano: 12,
});

const go = async (hash: string) => {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
};

const mediaNames = () =>
  // the name cell's own text (without its 'imagen principal' caption)
  screen
    .getAllByTestId('media-row')
    .map((row) => row.querySelectorAll('td')[1]?.childNodes[0]?.textContent ?? '');

/** A provider whose product loads (getOne productos) fail while `failing.loads` is set. */
const failingLoads = (provider: DataProvider, failing: { loads: boolean }): DataProvider => ({
  ...provider,
  getOne: (resource, params) =>
    resource === 'productos' && failing.loads
      ? Promise.reject(new HttpError('Error de conexión. Verifique su red e intente de nuevo.', 0, null))
      : provider.getOne(resource, params),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('multimedia changes are what the product shows when opened again', () => {
  it('upload and delete, leave, reopen: the stored media show; a document cannot be principal', async () => {
    const recorded = withProductApi({ upload }, fixtureWithDocument());
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue(TITULO);
    fireEvent.click(editorTab('Multimedia'));
    await waitFor(() => expect(mediaNames()).toHaveLength(2));

    // only pictures can be principal
    expect(screen.getByRole('switch', { name: 'Principal: ficha_tecnica' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'Principal: imagen_principal' })).toHaveProperty(
      'disabled',
      false,
    );

    const file = new File(['%PDF-1.4'], 'manual_uso.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(FILES_INPUT), { target: { files: [file] } });
    await waitFor(() => expect(mediaNames()).toContain('manual_uso'));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar ficha_tecnica' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(mediaNames()).not.toContain('ficha_tecnica'));

    await go('#/productos');
    await screen.findByText('PRD-01');
    await go('#/productos/10');
    await screen.findByDisplayValue(TITULO);
    fireEvent.click(editorTab('Multimedia'));
    await waitFor(() => expect(mediaNames().sort()).toEqual(['imagen_principal', 'manual_uso']));
  });
});

describe('never saving on stale records', () => {
  it('the reload after a successful save fails: the load-failure dialog, not the pre-save form; then it loads', async () => {
    const recorded = withProductApi();
    const failing = { loads: false };
    renderScreen('/productos/10', { dataProvider: failingLoads(recorded.provider, failing) });
    fireEvent.change(await screen.findByDisplayValue(TITULO), {
      target: { value: 'Taladro percutor 800 W' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Producto actualizado correctamente')).toBeTruthy();
    failing.loads = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Cargando producto…')).toBeTruthy();
    expect(screen.queryByDisplayValue(TITULO)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();

    failing.loads = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar ahora' }));
    expect(await screen.findByDisplayValue('Taladro percutor 800 W')).toBeTruthy();
    expect(screen.queryByText('Cargando producto…')).toBeNull();
    consoleError.mockRestore();
  });

  it('a failed save whose stored records cannot be reloaded: the next save writes nothing until they load', async () => {
    const recorded = withProductApi();
    const failing = { loads: false, general: true };
    const loads = failingLoads(recorded.provider, failing);
    const provider: DataProvider = {
      ...loads,
      update: (resource, params) =>
        resource === 'producto-generals' && failing.general
          ? Promise.reject(new HttpError('Ocurrió un error inesperado. Intente nuevamente.', 500, null))
          : loads.update(resource, params),
    };
    const update = vi.spyOn(provider, 'update');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/productos/10', { dataProvider: provider });
    fireEvent.change(await screen.findByDisplayValue(TITULO), {
      target: { value: 'Taladro percutor 900 W' },
    });
    failing.loads = true;
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/No se pudo comprobar qué quedó guardado tras el error/)).toBeTruthy();
    const writes = update.mock.calls.length;
    expect(writes).toBeGreaterThan(0);

    const guardar = () => screen.getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(guardar()).toHaveProperty('disabled', false));
    fireEvent.click(guardar());
    // refused before writing anything: the notice alone (not the failed save's message)
    expect((await screen.findAllByText(MESSAGES.staleBaseline)).length).toBeGreaterThan(0);
    // the form's failure text is replaced at once; the first save's notification leaves after its exit transition
    await waitFor(() => expect(screen.queryByText(/^No se pudo actualizar el producto/)).toBeNull());
    expect(update.mock.calls.length).toBe(writes);

    failing.loads = false;
    failing.general = false;
    await waitFor(() => expect(guardar()).toHaveProperty('disabled', false));
    fireEvent.click(guardar());
    expect(await screen.findByText('Producto actualizado correctamente')).toBeTruthy();
    expect((await recorded.base.getOne('producto-generals', { id: 70 })).data.titulo).toBe(
      'Taladro percutor 900 W',
    );
    consoleError.mockRestore();
  });
});

describe('the attribute, group and icon lists', () => {
  it('failing to load: a Spanish notice with Reintentar; a category change says it was not synced', async () => {
    const recorded = withProductApi();
    const failing = { atributos: true };
    const provider: DataProvider = {
      ...recorded.provider,
      getList: (resource, params) =>
        resource === 'atributos' && failing.atributos
          ? Promise.reject(new HttpError('Error de conexión. Verifique su red e intente de nuevo.', 0, null))
          : recorded.provider.getList(resource, params),
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/productos/10', { dataProvider: provider });
    await screen.findByDisplayValue(TITULO);
    const notice = await screen.findByText(
      /^No se pudieron cargar los atributos de la empresa \(Error de conexión\./,
    );
    expect(notice).toBeTruthy();

    const categorias = categoriasPicker();
    categorias.focus();
    fireEvent.change(categorias, { target: { value: 'Bombillas' } });
    // Enter commits the highlighted option: once the company's categories have arrived
    await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Bombillas' });
    fireEvent.keyDown(categorias, { key: 'Enter' });
    expect(
      await screen.findByText(/Los atributos no se han sincronizado con la nueva categoría/),
    ).toBeTruthy();

    failing.atributos = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText(/No se pudieron cargar los atributos/)).toBeNull());
    // loaded again: the pending category change is synced (Bombillas brings Flujo luminoso)
    fireEvent.click(editorTab('Atributos'));
    expect(await screen.findByRole('textbox', { name: 'Flujo luminoso' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Dimensiones' })).toBeTruthy();
    consoleError.mockRestore();
  });
});

describe('error toasts: the spec literal exactly, the detail apart', () => {
  it("'Error replicando el producto' and 'Error eliminando el producto'", async () => {
    const recorded = withProductApi();
    const provider: DataProvider = {
      ...recorded.provider,
      delete: (resource, params) =>
        resource === 'productos'
          ? Promise.reject(new HttpError('Entity not found: Producto with id 10', 404, null))
          : recorded.provider.delete(resource, params),
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/productos/10', { dataProvider: provider });
    await screen.findByDisplayValue(TITULO);
    fireEvent.click(screen.getByRole('button', { name: 'Replicar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replicar' }));
    expect(await screen.findByText('Error replicando el producto')).toBeTruthy();
    expect(screen.getByTestId('toast-detail').textContent).toBe(
      'Esta operación no está disponible con el servidor configurado.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error eliminando el producto')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('toast-detail').map((node) => node.textContent)).toContain(
        'Entity not found: Producto with id 10',
      ),
    );
    consoleError.mockRestore();
  });
});

describe('the load-failure dialog (docs/requirements.md#r8-errors: 5 s, then load again)', () => {
  it('retries by itself every 5 s (not while loading), now on request, and leads back to the list', () => {
    vi.useFakeTimers();
    const onReload = vi.fn();
    const onBack = vi.fn();
    const { rerender } = render(<LoadFailureDialog attempt={1} onReload={onReload} onBack={onBack} />);
    expect(
      screen.getByText('No se pudo cargar el producto. Se volverá a intentar en 5 segundos.'),
    ).toBeTruthy();
    act(() => vi.advanceTimersByTime(4999));
    expect(onReload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onReload).toHaveBeenCalledTimes(1);

    // loading: no automatic retry meanwhile; failing again (a new attempt) waits 5 s more
    rerender(<LoadFailureDialog attempt={1} busy onReload={onReload} onBack={onBack} />);
    act(() => vi.advanceTimersByTime(10000));
    expect(onReload).toHaveBeenCalledTimes(1);
    rerender(<LoadFailureDialog attempt={2} onReload={onReload} onBack={onBack} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(onReload).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Reintentar ahora' }));
    expect(onReload).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('button', { name: 'Volver al listado' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('in the app: a product that fails to load opens with «Reintentar ahora»; «Volver al listado» goes to the list', async () => {
    const recorded = withProductApi();
    const failing = { loads: true };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/productos/10', { dataProvider: failingLoads(recorded.provider, failing) });
    expect(await screen.findByText('Cargando producto…')).toBeTruthy();
    failing.loads = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar ahora' }));
    expect(await screen.findByDisplayValue(TITULO)).toBeTruthy();

    failing.loads = true;
    await go('#/productos');
    await screen.findByText('PRD-01');
    await go('#/productos/10');
    fireEvent.click(await screen.findByRole('button', { name: 'Volver al listado' }));
    expect(await screen.findByText('PRD-01')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Cargando producto…')).toBeNull());
    consoleError.mockRestore();
  });
});
