import { screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderScreen } from './renderScreen';

/** Signed in, with access to everything except one resource (the shopping feed declares access on productos). */
const authProvider = (denied: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => undefined,
  getIdentity: async () => ({ id: 1, fullName: 'Prueba' }),
  canAccess: async ({ resource }) => resource !== denied,
});

describe('bespoke pages follow canAccess like resource routes', () => {
  it('a page the user may not open shows access denied instead of the page', async () => {
    renderScreen('/shopping-feed', { authProvider: authProvider('productos') });
    expect(await screen.findByText(/acceso denegado|no tiene permiso|no tienes permiso/i)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /descargar/i })).toBeNull();
  });

  it('an allowed page opens', async () => {
    renderScreen('/shopping-feed', { authProvider: authProvider('otra-cosa') });
    expect(await screen.findByRole('button', { name: /descargar/i })).toBeTruthy();
  });
});
