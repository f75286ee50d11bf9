import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { fakeProvider, fixture, renderApp } from './renderApp';

const API = 'http://api.test';

describe('logout from the app while the API is unreachable', () => {
  it('"Cerrar sesión" asks the server to revoke the refresh token, then clears all local storage and shows the login page', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem(
      'userDataPim',
      JSON.stringify({
        id: 7,
        nombre: 'Ana Catálogo',
        accessToken: 'access-1',
        roles: [{ id: 1, codigo: 'admin', nombre: 'Administrador' }],
        ability: [{ action: 'manage', subject: 'all' }],
      }),
    );
    localStorage.setItem('selectedEmpresaId', '1');
    const sent: { url: string; body: unknown; refreshTokenStored: string | null }[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: String(input),
        body: JSON.parse(String(init?.body)),
        refreshTokenStored: localStorage.getItem('refreshToken'),
      });
      throw new TypeError('Failed to fetch');
    });
    renderApp('/Marca', {
      dataProvider: fakeProvider({
        ...fixture(),
        parametrosGlobales: [{ id: 1, empresaId: 1, minutosCierreSesion: 5 }],
      }),
      authProvider: authProvider(API, fetchImpl as unknown as typeof fetch),
    });
    await screen.findByText('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: 'Perfil' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(sent).toEqual([
      { url: `${API}/auth/logout`, body: { refreshToken: 'refresh-1' }, refreshTokenStored: 'refresh-1' },
    ]);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userDataPim')).toBeNull();
    expect(localStorage.getItem('selectedEmpresaId')).toBeNull();
  });
});
