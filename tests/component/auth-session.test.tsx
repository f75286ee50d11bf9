import type { DataProvider } from 'react-admin';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { fakeProvider, fixture, renderApp } from './renderApp';

const API = 'http://api.test';
const MINUTE = 60_000;

const storeAdminSession = () => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem(
    'userDataPim',
    JSON.stringify({
      id: 7,
      nombre: 'Ana',
      accessToken: 'access-1',
      roles: [{ id: 1, codigo: 'admin' }],
      ability: [{ action: 'manage', subject: 'all' }],
    }),
  );
};

const start = (minutosCierreSesion: number) => {
  storeAdminSession();
  const base = fakeProvider({
    ...fixture(),
    parametrosGlobales: [{ id: 1, empresaId: 1, minutosCierreSesion }],
  });
  const getList = vi.fn(base.getList);
  renderApp('/Marca', {
    dataProvider: { ...base, getList: getList as DataProvider['getList'] },
    authProvider: authProvider(API, vi.fn() as unknown as typeof fetch),
  });
  /** Resolves once the session guard has asked for the company's parameters (it loads with the layout). */
  return () =>
    waitFor(() =>
      expect(getList.mock.calls.some(([resource]) => resource === 'parametrosGlobales')).toBe(true),
    );
};

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('session in the app', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("inactivity: after minutosCierreSesion the notice 'Sesión cerrada por inactividad' for 5 s, then the login page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const guardReady = start(1);
    await screen.findByText('Marca 01');
    await guardReady();
    // the company's timeout is known once its parameters are loaded
    await advance(1000);
    await advance(MINUTE);
    expect(await screen.findByText('Sesión cerrada por inactividad')).toBeTruthy();
    expect(screen.getByText('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.')).toBeTruthy();
    // still signed in while the notice shows
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    await advance(5000);
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userDataPim')).toBeNull();
  });

  it('activity keeps the session; tiempoDeEsperaInactividad overrides the company timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('tiempoDeEsperaInactividad', '3');
    const guardReady = start(1);
    await screen.findByText('Marca 01');
    await guardReady();
    await advance(90_000);
    expect(screen.queryByText('Sesión cerrada por inactividad')).toBeNull();
    // a click at 1 min 30 s, before the idle warning (shown 60 s before expiry; from then on only «Seguir
    // conectado» keeps the session): 3 more minutes
    act(() => {
      document.body.click();
    });
    await advance(2 * MINUTE + 30_000);
    expect(screen.queryByText('Sesión cerrada por inactividad')).toBeNull();
    expect(screen.getByText('Marca 01')).toBeTruthy();
    await advance(MINUTE);
    expect(await screen.findByText('Sesión cerrada por inactividad')).toBeTruthy();
  });

  it('a logout in another tab (storage cleared there) logs this tab out too', async () => {
    const guardReady = start(5);
    await screen.findByText('Marca 01');
    await guardReady();
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(await screen.findByText('La sesión se ha cerrado en otra pestaña.')).toBeTruthy();
  });

  it('a token refreshed in another tab does not log this tab out', async () => {
    const guardReady = start(5);
    await screen.findByText('Marca 01');
    await guardReady();
    act(() => {
      localStorage.setItem('accessToken', 'access-2');
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: 'access-2' }));
    });
    await waitFor(() => expect(screen.getByText('Marca 01')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
  });
});
