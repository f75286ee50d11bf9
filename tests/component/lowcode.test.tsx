/**
 * Low-code proof (app side): a resource that exists only as a schema (tests/support/almacenes.ts, not in the
 * registry, no other code) gets a menu entry, a list with its filters, create, edit and delete with the
 * schema's validation and toasts, and a CSV export. The API side is tests/contract/reference-data-lowcode.test.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { almacenes } from '../support/almacenes';
import { fixture } from './renderApp';
import { referenceProvider, renderReference } from './referenceDataSupport';

/** Clicks Guardar once react-admin enables it (it is disabled while the last change validates). */
const save = async () => {
  const button = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};

const rows = () =>
  [...document.querySelectorAll('tbody tr td.column-nombre')].map((cell) => cell.textContent);
const input = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;

/** `app`: the whole app, for the test about its menu entry. */
const start = (path: string, app = false) => {
  const data = {
    ...fixture(),
    Almacenes: [
      { id: 1, empresaId: 1, nombre: 'Central Madrid', codigo: 'MAD', capacidad: 1200, activo: 'S' },
      { id: 2, empresaId: 1, nombre: 'Zaragoza', codigo: 'ZAR', capacidad: 300, activo: 'N' },
    ],
  };
  // fakerest reading the filters as the schema declares them (contains → like), see referenceDataSupport
  const { provider } = referenceProvider(data);
  const spy = { create: vi.spyOn(provider, 'create') };
  return { ...renderReference(path, { dataProvider: provider, schemas: [almacenes], app }), data, spy };
};

afterEach(() => vi.restoreAllMocks());

describe('a resource declared only by a schema', () => {
  it('has a menu entry in its group and a paged list sorted by nombre, with its filters', async () => {
    start('/Almacenes', true);
    await waitFor(() => expect(rows()).toEqual(['Central Madrid', 'Zaragoza']));
    expect(screen.getByText('1-2 de 2')).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Configuración' });
    expect(within(group).getByRole('menuitem', { name: 'Almacenes' })).toBeTruthy();
    expect(input('nombre')).toBeTruthy();
    fireEvent.change(input('nombre'), { target: { value: 'zara' } });
    await waitFor(() => expect(rows()).toEqual(['Zaragoza']));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir filtro' }));
    expect(within(await screen.findByRole('menu')).getByText('Activo')).toBeTruthy();
  });

  it('creates with the schema defaults and validation, and shows the schema toast', async () => {
    const { spy } = start('/Almacenes/create');
    await screen.findByRole('textbox', { name: /Código/ });
    expect(input('capacidad').value).toBe('0');
    expect(input('activo').value).toBe('S');
    expect(input('empresaId')).toBeNull();
    fireEvent.change(input('capacidad'), { target: { value: '2.5' } });
    await save();
    expect(await screen.findByText('Obligatorio')).toBeTruthy();
    expect(screen.getByText('Debe ser un número entero')).toBeTruthy();
    expect(spy.create).not.toHaveBeenCalled();
    fireEvent.change(input('nombre'), { target: { value: 'Sevilla' } });
    fireEvent.change(input('capacidad'), { target: { value: '50' } });
    await save();
    expect(await screen.findByText('Almacén creado')).toBeTruthy();
    expect(spy.create.mock.calls[0][1].data).toMatchObject({ nombre: 'Sevilla', capacidad: 50, activo: 'S' });
    await waitFor(() => expect(rows()).toEqual(['Central Madrid', 'Sevilla', 'Zaragoza']));
  });

  it('edits and deletes with the generic toasts', async () => {
    start('/Almacenes/2');
    await waitFor(() => expect(input('nombre').value).toBe('Zaragoza'));
    fireEvent.change(input('nombre'), { target: { value: 'Zaragoza Norte' } });
    await save();
    expect(await screen.findByText('Registro actualizado correctamente!!')).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual(['Central Madrid', 'Zaragoza Norte']));
    fireEvent.click(screen.getByText('Zaragoza Norte'));
    await waitFor(() => expect(input('nombre')?.value).toBe('Zaragoza Norte'));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Registro eliminado correctamente!!')).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual(['Central Madrid']));
  });

  it('exports its rows as CSV ({table}_PIM.csv)', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:almacenes';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    start('/Almacenes');
    await waitFor(() => expect(rows()).toEqual(['Central Madrid', 'Zaragoza']));
    const exportButton = screen.getByRole('button', { name: 'Exportar' }) as HTMLButtonElement;
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    fireEvent.click(exportButton);
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await blobs[0].text();
    expect(names).toEqual(['almacenes_PIM.csv']);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0].split(';')).toEqual(expect.arrayContaining(['nombre', 'codigo', 'capacidad', 'activo']));
    expect(text).toContain('Central Madrid');
    expect(text).toContain('Zaragoza');
    expect(lines).toHaveLength(3);
  });
});
