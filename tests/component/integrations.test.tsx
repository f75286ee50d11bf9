/**
 * The synchronisation log and the ERP sync screens over ra-data-fakerest with fake integration methods on the
 * data provider: the table selector switches the identity columns, an unknown table shows the spec's message,
 * the error filter keeps rows with / without motivoErrorSincroConBC; a sync shows progress (how many products it
 * has reached) then its summary with the failed rows, and a failed call its Spanish message; one product goes
 * through the manual route and its rules show ('volumen NO').
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IntegrationsApi, SyncSummary } from '../../src/custom/integrations/api';
import { fakeIntegrations } from './integrationsFake';
import { fakeProvider, fixture } from './renderApp';
import { screenElement } from './renderScreen';

const logFixture = () => {
  const base = fixture();
  return {
    ...base,
    productos: [
      {
        id: 10,
        empresaId: 1,
        nombre: 'SKU-10',
        sincronizarConBC: 'S',
        fechaSincronizacionConBC: '2025-05-02T08:00:05.000Z',
        fechaEjecucionDeProcesoSincroBC: '2025-05-02T08:00:00.000Z',
        motivoErrorSincroConBC: null,
      },
      {
        id: 11,
        empresaId: 1,
        nombre: 'SKU-11',
        fechaSincronizacionConBC: null,
        fechaEjecucionDeProcesoSincroBC: '2025-05-03T09:00:00.000Z',
        motivoErrorSincroConBC: 'El ERP rechazó SKU-11',
      },
      // never synced: not in the log
      { id: 12, empresaId: 1, nombre: 'SKU-12', fechaEjecucionDeProcesoSincroBC: null },
    ],
    Repuestos: [
      {
        id: 1,
        skuPrincipal: 'SKU-10',
        skuRepuesto: 'REP-1',
        fechaSincronizacionConBC: '2025-05-02T08:00:06.000Z',
        fechaEjecucionDeProcesoSincroBC: '2025-05-02T08:00:01.000Z',
        motivoErrorSincroConBC: null,
      },
    ],
    Sustitutos: [],
    Ensamblados: [],
    categorias: [
      { id: 1, empresaId: 1, codigo: 'master', padre: '', nombre: 'Raíz' },
      { id: 2, empresaId: 1, codigo: 'SILLAS', padre: 'master', nombre: 'Sillas de oficina' },
      { id: 3, empresaId: 1, codigo: 'MESAS', padre: 'master', nombre: 'Mesas' },
    ],
  };
};

const renderWithData = (path: string, overrides: Partial<IntegrationsApi> = {}) => {
  const data = fakeProvider(logFixture());
  const getList = vi.spyOn(data, 'getList');
  const fake = fakeIntegrations(data, overrides);
  window.location.hash = `#${path}`;
  render(screenElement(path, { dataProvider: fake.provider }));
  return { api: fake.api, getList };
};
const renderAt = (path: string, overrides: Partial<IntegrationsApi> = {}) =>
  renderWithData(path, overrides).api;

const logTable = () => screen.findByRole('table', { name: 'Registro de sincronización' });
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
const firstCells = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent);

const choose = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('Sync log page', () => {
  it('lists the synced rows of productos, newest run first, and the table selector switches columns', async () => {
    const api = renderAt('/registro-sincronizacion');
    const table = await logTable();
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11', 'SKU-10']));
    expect(headers(table)).toEqual([
      'Nombre (SKU)',
      'Fecha de sincronización con BC',
      'Fecha de ejecución',
      'Motivo del error',
    ]);
    expect(within(table).getByText('El ERP rechazó SKU-11')).toBeTruthy();

    await choose(/Tabla/, 'repuestos');
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-10']));
    expect(headers(table)).toEqual([
      'SKU principal',
      'SKU repuesto',
      'Fecha de sincronización con BC',
      'Fecha de ejecución',
      'Motivo del error',
    ]);
    expect(within(table).getByText('REP-1')).toBeTruthy();
    expect(window.location.hash).toContain('tabla=repuestos');
    expect(api.integrationsSyncLog).toHaveBeenLastCalledWith('repuestos', expect.anything(), 1, 10);

    await choose(/Tabla/, 'sustitutos');
    await waitFor(() =>
      expect(screen.getByText('No hay registros de sincronización con estos filtros')).toBeTruthy(),
    );
    expect(headers(await logTable())).toContain('SKU sustituto');
  });

  it("an unknown table shows 'Problema con el nombre de la tabla' and reads nothing", async () => {
    const api = renderAt('/registro-sincronizacion?tabla=precios');
    expect(await screen.findByText('Problema con el nombre de la tabla')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Registro de sincronización' })).toBeNull();
    expect(screen.getByRole('button', { name: /Exportar CSV/ }).hasAttribute('disabled')).toBe(true);
    expect(api.integrationsSyncLog).not.toHaveBeenCalled();

    // choosing a known table recovers
    await choose(/Tabla/, 'productos');
    const table = await logTable();
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11', 'SKU-10']));
    expect(screen.queryByText('Problema con el nombre de la tabla')).toBeNull();
  });

  it('the error filter keeps the rows with, or without, motivoErrorSincroConBC', async () => {
    const api = renderAt('/registro-sincronizacion');
    const table = await logTable();
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11', 'SKU-10']));

    await choose(/Errores/, 'Con error');
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11']));
    expect(within(table).getByText('El ERP rechazó SKU-11')).toBeTruthy();
    expect(api.integrationsSyncLog).toHaveBeenLastCalledWith(
      'productos',
      expect.objectContaining({ errores: 'con' }),
      1,
      10,
    );

    await choose(/Errores/, 'Sin error');
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-10']));
    expect(within(table).queryByText('El ERP rechazó SKU-11')).toBeNull();

    await choose(/Errores/, 'Todos');
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11', 'SKU-10']));
  });

  it('a failing read shows its message', async () => {
    renderAt('/registro-sincronizacion', {
      integrationsSyncLog: async () => {
        throw new Error('Error de conexión. Verifique su red e intente de nuevo.');
      },
    });
    expect(await screen.findByText('Error de conexión. Verifique su red e intente de nuevo.')).toBeTruthy();
  });
});

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** Types a product name and takes the first suggestion with the keyboard (Enter). */
const pickProduct = async (input: HTMLElement, name: string) => {
  input.focus();
  fireEvent.change(input, { target: { value: name } });
  await screen.findByRole('option', { name });
  fireEvent.keyDown(input, { key: 'Enter' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  expect((input as HTMLInputElement).value).toBe(name);
};

describe('ERP sync page', () => {
  it('shows progress while the sync runs, then the summary with the failed rows and their reason', async () => {
    const run = deferred<SyncSummary>();
    const api = renderAt('/sincronizacion-erp', {
      integrationsSyncProducts: () => run.promise,
      integrationsSyncBaseline: vi.fn(async () => '2025-05-03T09:00:00.000Z'),
      integrationsSyncProgress: vi.fn(async () => ({ done: 3, total: 12 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizar productos' }));
    const dialog = await screen.findByRole('dialog');
    // asked first, naming how many products the sync sends
    expect(await within(dialog).findByText(/¿Sincronizar 1 producto con Business Central\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sincronizar' }));
    // the page is hidden from assistive technology until the dialog has closed
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(await screen.findByText('Sincronizando con el ERP…')).toBeTruthy();
    // determinate: how many of the marked products the run has reached, counted from the baseline
    expect((await screen.findByTestId('sync-progress')).textContent).toBe('Productos: 3 de 12');
    expect(screen.getByRole('progressbar', { name: 'Sincronizando' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(api.integrationsSyncProgress).toHaveBeenCalledWith('2025-05-03T09:00:00.000Z');
    // nothing else can start meanwhile
    expect(screen.getByRole('button', { name: 'Sincronizar productos' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Sincronizar estado de referencias' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();

    run.resolve({
      estado: 'PARCIAL',
      mensaje: 'Sincronización parcial: 2 sincronizados y 1 con error de 3',
      total: 3,
      sincronizados: 2,
      fallidos: 1,
      errores: [{ tabla: 'repuestos', registro: 'SKU-10 → REP-1', motivo: 'El ERP rechazó REP-1' }],
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Sincronización parcial: 2 sincronizados y 1 con error de 3');
    expect(within(status).getByText('repuestos: SKU-10 → REP-1')).toBeTruthy();
    expect(within(status).getByText('El ERP rechazó REP-1')).toBeTruthy();
    expect(screen.queryByText('Sincronizando con el ERP…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sincronizar productos' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('syncs one product picked by name (keyboard only) with its id, and shows the ERP failure message', async () => {
    const { api, getList } = renderWithData('/sincronizacion-erp', {
      integrationsSyncReferenceState: async () => {
        throw new Error('El ERP no responde');
      },
    });
    const one = () => screen.getByRole('button', { name: 'Sincronizar producto' });
    const oneState = () => screen.getByRole('button', { name: 'Sincronizar estado del producto' });
    const input = await screen.findByRole('combobox', { name: 'Producto' });
    expect(one().hasAttribute('disabled')).toBe(true);

    await pickProduct(input, 'SKU-10');
    // the search is the productos schema's own 'Nombre contiene' filter
    expect(getList).toHaveBeenCalledWith(
      'productos',
      expect.objectContaining({ filter: { nombre: 'SKU-10' } }),
    );
    await waitFor(() => expect(one().hasAttribute('disabled')).toBe(false));
    fireEvent.click(one());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Sincronización completada');
    // the spec's per-product route, never the full sync
    expect(api.integrationsSyncProduct).toHaveBeenCalledWith(10);
    expect(api.integrationsSyncProducts).not.toHaveBeenCalled();

    fireEvent.click(oneState());
    expect(await screen.findByText('El ERP no responde')).toBeTruthy();
    // a failure never leaves the previous success on screen
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("a product without volume shows the 'volumen NO' warning, not a success", async () => {
    renderAt('/sincronizacion-erp', {
      integrationsSyncProduct: vi.fn(async () => ({
        respuesta: 'volumen NO',
        mensaje: 'El volumen del producto es menor o igual que 0: no se envía a BC.',
      })),
    });
    await pickProduct(await screen.findByRole('combobox', { name: 'Producto' }), 'SKU-11');
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizar producto' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Volumen de producto')).toBeTruthy();
    expect(status.textContent).toContain('no se envía a BC');
    expect(status.className).toContain('Warning');
  });
});

describe('ERP sync page pickers', () => {
  it("offers the company's categories for a new EAN, and still accepts an ERP-only code", async () => {
    const api = renderAt('/sincronizacion-erp');
    const input = await screen.findByRole('combobox', { name: /Código de categoría/ });
    const ask = () => screen.getByRole('button', { name: 'Solicitar EAN' });
    input.focus();
    fireEvent.change(input, { target: { value: 'sill' } });
    // matched by code or name; the category's name is shown beside its code (once the categories have arrived)
    await within(await screen.findByRole('listbox')).findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('SILLAS'));
    fireEvent.click(ask());
    expect(await screen.findByText('8400000000017')).toBeTruthy();
    expect(api.integrationsNewEanCode).toHaveBeenLastCalledWith('SILLAS');

    fireEvent.change(input, { target: { value: 'BC-ONLY-7' } });
    fireEvent.click(ask());
    await waitFor(() => expect(api.integrationsNewEanCode).toHaveBeenLastCalledWith('BC-ONLY-7'));
  });

  it('lists categories with their names as suggestions', async () => {
    renderAt('/sincronizacion-erp');
    const input = await screen.findByRole('combobox', { name: /Código de categoría/ });
    input.focus();
    fireEvent.change(input, { target: { value: 'mesa' } });
    expect(await screen.findByRole('option', { name: 'MESAS — Mesas' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /SILLAS/ })).toBeNull();
  });

  it('removes from the ERP a product picked by name, after confirmation', async () => {
    const api = renderAt('/sincronizacion-erp');
    const input = await screen.findByRole('combobox', { name: 'SKU (no)' });
    input.focus();
    fireEvent.change(input, { target: { value: 'SKU-11' } });
    await screen.findByRole('option', { name: 'SKU-11' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Marca'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar del ERP' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('SKU-11');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Producto SKU-11 eliminado del ERP')).toBeTruthy();
    expect(api.integrationsDeleteFromErp).toHaveBeenCalledWith([{ no: 'SKU-11', marca: 'Acme' }]);
  });
});

describe('Sync log SKU filter', () => {
  it('typing 5 characters quickly makes one request, with the whole text', async () => {
    const api = renderAt('/registro-sincronizacion');
    const table = await logTable();
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11', 'SKU-10']));
    const calls = vi.mocked(api.integrationsSyncLog).mock.calls.length;

    const input = screen.getByLabelText('SKU contiene');
    let typed = '';
    for (const char of 'SKU-1') {
      typed += char;
      fireEvent.change(input, { target: { value: typed } });
    }
    await waitFor(() => expect(vi.mocked(api.integrationsSyncLog).mock.calls.length).toBe(calls + 1));
    expect(api.integrationsSyncLog).toHaveBeenLastCalledWith(
      'productos',
      expect.objectContaining({ texto: 'SKU-1' }),
      1,
      10,
    );
    // nothing else follows once the user has paused
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(vi.mocked(api.integrationsSyncLog).mock.calls.length).toBe(calls + 1);

    fireEvent.change(input, { target: { value: 'SKU-11' } });
    await waitFor(() => expect(firstCells(table)).toEqual(['SKU-11']));
  });
});
