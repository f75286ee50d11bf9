/**
 * What the integration screens say and save, over ra-data-fakerest with fake integration calls: the sync log
 * exports every row page by page with progress and Cancel (no cap); a sync with many failures says '… y N más'
 * and offers them all as a CSV; an AECOC file that stayed in the local folder is a warning, not a success; an
 * empty shopping feed says 'No hay productos para el feed' and saves nothing.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IntegrationsApi, LogRow } from '../../src/custom/integrations/api';
import { fakeIntegrations } from './integrationsFake';
import { fakeProvider, fixture } from './renderApp';
import { screenElement } from './renderScreen';
import { captureDownloads, readBlob } from './downloads';

const downloads = captureDownloads();

const renderAt = (path: string, overrides: Partial<IntegrationsApi> = {}) => {
  const base = fixture();
  // marked for the ERP sync and for AECOC: the bulk actions' confirmation counts them
  const productos = base.productos.map((row) => ({ ...row, sincronizarConBC: 'S', enviarAecoc: 'S' }));
  const fake = fakeIntegrations(fakeProvider({ ...base, productos }), overrides);
  window.location.hash = `#${path}`;
  render(screenElement(path, { dataProvider: fake.provider }));
  return fake.api;
};

/** The confirmation dialog's button, once the products are counted. */
const confirmButton = async (name: string) => {
  const button = within(await screen.findByRole('dialog')).getByRole('button', { name });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
};

/** A log of `total` productos rows served page by page; `gate(page)` may hold a page back. */
const bigLog = (total: number, gate: (page: number) => Promise<void> = async () => undefined) =>
  vi.fn(async (_table: string, _filters: unknown, page: number, perPage: number) => {
    await gate(page);
    const from = (page - 1) * perPage;
    const data: LogRow[] = [];
    for (let i = from; i < Math.min(total, from + perPage); i++) {
      data.push({
        id: i + 1,
        nombre: `SKU-${i + 1}`,
        fechaSincronizacionConBC: null,
        fechaEjecucionDeProcesoSincroBC: '2025-05-02T08:00:00.000Z',
        motivoErrorSincroConBC: i % 2 ? 'El ERP rechazó' : null,
      });
    }
    return { data, total };
  });

describe('sync log CSV export', () => {
  it('exports every row of a 12,000-row log page by page (no cap), the fixed columns', async () => {
    const syncLog = bigLog(12_000);
    renderAt('/registro-sincronizacion', { integrationsSyncLog: syncLog });
    const button = await screen.findByRole('button', { name: /Exportar CSV/ });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('log_productos_PIM.csv');
    const lines = (await readBlob(downloads[0].blob)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFnombre;fechaSincronizacionConBC;fechaEjecucionDeProcesoSincroBC;motivoErrorSincroConBC',
    );
    expect(lines).toHaveLength(12_001);
    expect(lines.at(-1)).toMatch(/^SKU-12000;/);
    // pages of 5,000, never one giant request
    const exportCalls = syncLog.mock.calls.filter((call) => call[3] === 5000);
    expect(exportCalls.map((call) => call[2])).toEqual([1, 2, 3]);
    expect(await screen.findByText('log_productos_PIM.csv: 12.000 filas exportadas')).toBeTruthy();
  });

  it('shows the progress of a large export and Cancel stops it: no file', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const syncLog = bigLog(12_000, (page) => (page === 2 ? held : Promise.resolve()));
    renderAt('/registro-sincronizacion', { integrationsSyncLog: syncLog });
    const button = await screen.findByRole('button', { name: /Exportar CSV/ });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: /Exportando Registro de sincronización/ });
    expect(within(dialog).getByRole('status').textContent).toBe('5000 de 12.000 filas');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    release();
    expect(await screen.findByText('Exportación cancelada')).toBeTruthy();
    expect(downloads).toHaveLength(0);
    expect(syncLog.mock.calls.filter((call) => call[3] === 5000).map((call) => call[2])).toEqual([1, 2]);
  });
});

describe('sync result with many failures', () => {
  it("lists the first 20, says '… y N más' and downloads all of them as CSV", async () => {
    const errores = Array.from({ length: 27 }, (_, i) => ({
      tabla: 'productos',
      registro: `SKU-${i + 1}`,
      motivo: `Motivo ${i + 1}`,
    }));
    renderAt('/sincronizacion-erp', {
      integrationsSyncProducts: vi.fn(async () => ({
        estado: 'PARCIAL' as const,
        mensaje: 'Sincronización parcial: 3 sincronizados y 27 con error de 30',
        total: 30,
        sincronizados: 3,
        fallidos: 27,
        errores,
      })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizar productos' }));
    fireEvent.click(await confirmButton('Sincronizar'));
    const status = await screen.findByRole('status');
    const list = within(status).getByRole('list', { name: 'Registros con error' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(status).getByText('… y 7 más')).toBeTruthy();
    fireEvent.click(within(status).getByRole('button', { name: 'Descargar los 27 errores (CSV)' }));
    expect(downloads.map((d) => d.name)).toEqual(['fallos_sincronizacion_PIM.csv']);
    const lines = (await readBlob(downloads[0].blob)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFtabla;registro;motivo');
    expect(lines).toHaveLength(28);
    expect(lines.at(-1)).toBe('productos;SKU-27;Motivo 27');
  });
});

describe('AECOC and shopping feed outcomes', () => {
  it('a file generated with no FTP configured is a warning that nothing was sent', async () => {
    renderAt('/aecoc', {
      integrationsSendAecoc: vi.fn(async () => ({
        estado: 'OK' as const,
        mensaje: 'Fichero AECOC_1_x.csv generado en la carpeta local con 4 productos',
        fichero: 'AECOC_1_x.csv',
        productos: 4,
        subido: false,
        destino: 'local' as const,
      })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    fireEvent.click(await confirmButton('Enviar'));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('No enviado a AECOC')).toBeTruthy();
    expect(status.textContent).toContain(
      'Fichero generado en la carpeta local; no se ha enviado a AECOC (FTP no configurado).',
    );
    expect(status.className).toContain('Warning');
    expect(status.className).not.toContain('Success');
  });

  it("an empty feed says 'No hay productos para el feed' and saves no file", async () => {
    renderAt('/shopping-feed', {
      integrationsShoppingFeed: vi.fn(async () => ({
        blob: new Blob(['header only']),
        fileName: 'shoppingfeed_1.xlsx',
        rows: 0,
      })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar shopping feed' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('No hay productos para el feed');
    expect(status.textContent).not.toContain('Descargado');
    expect(downloads).toHaveLength(0);
  });

  it('a feed with products downloads and says how many', async () => {
    renderAt('/shopping-feed', {
      integrationsShoppingFeed: vi.fn(async () => ({
        blob: new Blob(['xlsx']),
        fileName: 'shoppingfeed_1.xlsx',
        rows: 12,
      })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar shopping feed' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Descargado shoppingfeed_1.xlsx (12 productos)',
    );
    expect(downloads.map((d) => d.name)).toEqual(['shoppingfeed_1.xlsx']);
  });
});
