/**
 * One language per screen, in Spanish that agrees: the delete confirmation does not put a masculine article in
 * front of a feminine resource name («este marca»); the sync log pager and dates are Spanish (no «of», dates
 * dd/mm/aaaa like every other screen).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIntegrations } from './integrationsFake';
import { fakeProvider, fixture } from './renderApp';
import { renderReference } from './referenceDataSupport';
import { screenElement } from './renderScreen';

describe('delete confirmation', () => {
  it('names the record and its resource without a gendered article', async () => {
    renderReference('/Marca/1');
    const nombre = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="nombre"]');
      expect(input?.value).toBe('Marca 01');
      return input;
    });
    expect(nombre).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toMatch(/este marca/i);
    expect(within(dialog).getByText(/¿Seguro que quiere eliminar «Marca 01» \(marca\)\?/i)).toBeTruthy();
  });
});

describe('sync log', () => {
  it('pages in Spanish and shows dates as dd/mm/aaaa hh:mm:ss', async () => {
    const data = fakeProvider({
      ...fixture(),
      productos: [
        {
          id: 10,
          empresaId: 1,
          nombre: 'SKU-10',
          fechaSincronizacionConBC: '2025-05-02T08:00:05.000Z',
          fechaEjecucionDeProcesoSincroBC: '2025-05-02T08:00:00.000Z',
          motivoErrorSincroConBC: null,
        },
      ],
      Repuestos: [],
      Sustitutos: [],
      Ensamblados: [],
    });
    const fake = fakeIntegrations(data);
    window.location.hash = '#/registro-sincronizacion';
    render(screenElement('/registro-sincronizacion', { dataProvider: fake.provider }));
    const table = await screen.findByRole('table', { name: 'Registro de sincronización' });
    await waitFor(() => expect(table.querySelectorAll('tbody tr').length).toBe(1));
    expect(screen.getByText('1-1 de 1')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bof\b/);
    const cells = [...table.querySelectorAll('tbody td')].map((td) => td.textContent ?? '');
    const dates = cells.filter((text) => /\d{4}/.test(text));
    expect(dates.length).toBe(2);
    for (const text of dates) expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });
});
