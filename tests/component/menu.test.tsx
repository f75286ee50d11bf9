import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { canAccessWithRules, type AbilityRule } from '../../src/core/permissions';
import { authWithRules } from './authWithRules';
import { renderApp } from './renderApp';

describe('layout and menu', () => {
  it('starts with the sidebar collapsed and shows the app name', async () => {
    renderApp('/Marca');
    await screen.findByText('Marca 01');
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeTruthy();
    expect(screen.getByText('PIM')).toBeTruthy();
    expect(localStorage.getItem('RaStore.sidebar.open')).toBeNull();
  });

  it('groups resources by menu group and hides hidden resources', async () => {
    renderApp('/Marca');
    await screen.findByText('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const catalogo = await screen.findByRole('group', { name: 'Catálogo' });
    expect(within(catalogo).getByRole('menuitem', { name: 'Marcas' })).toBeTruthy();
    expect(within(catalogo).getByRole('menuitem', { name: 'Familias' })).toBeTruthy();
    for (const group of [
      'Productos',
      'Marketplaces',
      'Relaciones',
      'Empresas',
      'Usuarios',
      'Integraciones',
      'Configuración',
    ]) {
      expect(screen.getByRole('group', { name: group })).toBeTruthy();
    }
    const productos = screen.getByRole('group', { name: 'Productos' });
    expect(within(productos).getByRole('menuitem', { name: 'Productos' })).toBeTruthy();
    // hidden (child) resources are registered but not in the menu
    expect(screen.queryByRole('menuitem', { name: 'Iconos de productos' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Datos generales de productos' })).toBeNull();
    expect(localStorage.getItem('RaStore.sidebar.open')).toBe('true');
  });

  it('lists companies in the app bar and stores the selected one', async () => {
    renderApp('/Marca');
    await screen.findByText('Marca 01');
    const selector = await screen.findByRole('combobox', { name: 'Empresa' });
    // shown disabled and empty while the companies load
    await waitFor(() => expect(selector.textContent).toBe('Empresa Demo'));
    fireEvent.mouseDown(selector);
    fireEvent.click(await screen.findByRole('option', { name: 'Otra Empresa' }));
    expect(localStorage.getItem('selectedEmpresaId')).toBe('2');
  });

  it('switches language and writes the idioma cookie', async () => {
    renderApp('/Marca');
    await screen.findByText('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: /^Idioma/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await screen.findByRole('button', { name: 'Export' });
    expect(document.cookie).toContain('idioma=en');
    document.cookie = 'idioma=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});

describe('menu access in one synchronous pass', () => {
  it('decides every entry from the stored rules without asking canAccess once per entry', async () => {
    const rules: AbilityRule[] = [
      { action: 'read', subject: 'Marca' },
      { action: 'read', subject: 'productos' },
    ];
    const canAccess = vi.fn(async ({ action, resource }: { action: string; resource: string }) =>
      canAccessWithRules(rules, { action, resource }),
    );
    const canAccessSync = vi.fn(({ action, resource }: { action: string; resource: string }) =>
      canAccessWithRules(rules, { action, resource }),
    );
    renderApp('/Marca', { authProvider: { ...authWithRules(rules), canAccess, canAccessSync } });
    await screen.findByText('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const catalogo = await screen.findByRole('group', { name: 'Catálogo' });
    expect(within(catalogo).getByRole('menuitem', { name: 'Marcas' })).toBeTruthy();
    expect(within(catalogo).queryByRole('menuitem', { name: 'Familias' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Usuarios' })).toBeNull();
    // the menu asked the synchronous matcher for its entries; the asynchronous canAccess is left to the routes
    expect(canAccessSync.mock.calls.length).toBeGreaterThan(20);
    expect(canAccess.mock.calls.length).toBeLessThan(10);
  });
});
