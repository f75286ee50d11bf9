/**
 * Each integration page asks for its own permission (docs/requirements.md#r6-roles rules through canAccessWithRules): with editor-like
 * rules (read productos, read logsnavs) the menu offers the sync log and the shopping feed but not the ERP sync
 * nor AECOC, which show "access denied" when opened; 'sync' on 'erp' opens the ERP page; 'manage all' (admin)
 * opens everything.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AbilityRule } from '../../src/core/permissions';
import { authWithRules } from './authWithRules';
import { fakeIntegrations } from './integrationsFake';
import { fakeProvider, fixture, renderApp } from './renderApp';
import { renderScreen } from './renderScreen';

const withRules = authWithRules;

const EDITOR: AbilityRule[] = [
  { action: 'read', subject: 'Auth' },
  { action: 'read', subject: 'productos' },
  { action: 'read', subject: 'logsnavs' },
];

const DENIED = /acceso denegado|no tiene permiso|no tienes permiso/i;

const open = (path: string, rules: AbilityRule[]) =>
  renderScreen(path, {
    dataProvider: fakeIntegrations(fakeProvider(fixture())).provider,
    authProvider: withRules(rules),
  });

describe('integration pages need their own permission', () => {
  it('the menu offers only the pages the rules allow', async () => {
    // the menu is the app shell's: the whole app
    renderApp('/productos', {
      dataProvider: fakeIntegrations(fakeProvider(fixture())).provider,
      authProvider: withRules(EDITOR),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const group = await screen.findByRole('group', { name: 'Integraciones' });
    expect(within(group).getByRole('menuitem', { name: 'Registro de sincronización' })).toBeTruthy();
    expect(within(group).getByRole('menuitem', { name: 'Shopping feed' })).toBeTruthy();
    expect(within(group).queryByRole('menuitem', { name: 'Sincronización con ERP' })).toBeNull();
    expect(within(group).queryByRole('menuitem', { name: 'Envío a AECOC' })).toBeNull();
  });

  it('the ERP sync page is denied without sync on erp, and opens with it', async () => {
    const { unmount } = open('/sincronizacion-erp', EDITOR);
    expect(await screen.findByText(DENIED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sincronizar productos' })).toBeNull();
    unmount();
    open('/sincronizacion-erp', [...EDITOR, { action: 'sync', subject: 'erp' }]);
    expect(await screen.findByRole('button', { name: 'Sincronizar productos' })).toBeTruthy();
  });

  it('AECOC is denied without send on aecoc; the admin (manage all) opens it', async () => {
    const { unmount } = open('/aecoc', EDITOR);
    expect(await screen.findByText(DENIED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar ahora' })).toBeNull();
    unmount();
    open('/aecoc', [{ action: 'manage', subject: 'all' }]);
    expect(await screen.findByRole('button', { name: 'Enviar ahora' })).toBeTruthy();
  });

  it('the sync log needs read on logsnavs', async () => {
    open('/registro-sincronizacion', [{ action: 'read', subject: 'productos' }]);
    expect(await screen.findByText(DENIED)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Registro de sincronización' })).toBeNull();
  });
});
