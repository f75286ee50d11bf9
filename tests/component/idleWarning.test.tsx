/**
 * The warning before the inactivity logout, with fake timers: 60 s before the logout a notice counts the seconds
 * down; «Seguir conectado» keeps the session (the timer starts again); left alone, the session closes.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import fakeRestDataProvider from 'ra-data-fakerest';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_OVERRIDE_KEY, INACTIVITY_NOTICE_MS, SessionGuard } from '../../src/custom/session';
import { createI18nProvider } from '../../src/i18n';

const SECOND = 1000;
const TIMEOUT_MINUTES = 2;

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

const warning = () => screen.queryByRole('alertdialog');

describe('idle warning before the inactivity logout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(INACTIVITY_OVERRIDE_KEY, String(TIMEOUT_MINUTES));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = () => {
    const logout = vi.fn(async () => undefined);
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => undefined,
    };
    const dataProvider = fakeRestDataProvider(
      { parametrosGlobales: [{ id: 1, empresaId: 1, minutosCierreSesion: TIMEOUT_MINUTES }] },
      false,
    );
    render(
      <MemoryRouter>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={createI18nProvider()}
        >
          <SessionGuard />
        </AdminContext>
      </MemoryRouter>,
    );
    return { logout };
  };

  it('counts down from 60 s; «Seguir conectado» keeps the session and starts the timer again', async () => {
    const { logout } = start();
    await advance(TIMEOUT_MINUTES * 60 * SECOND - 61 * SECOND);
    expect(warning()).toBeNull();
    await advance(1 * SECOND);
    expect(warning()?.textContent).toContain('Sin actividad');
    expect(warning()?.textContent).toContain('La sesión se cerrará por inactividad en 60 segundos.');
    await advance(10 * SECOND);
    expect(warning()?.textContent).toContain('en 50 segundos.');

    fireEvent.click(screen.getByRole('button', { name: 'Seguir conectado' }));
    expect(warning()).toBeNull();
    // the moment the session would have closed (50 s later) passes: still open, no warning
    await advance(50 * SECOND);
    expect(warning()).toBeNull();
    expect(logout).not.toHaveBeenCalled();
    // counted again from «Seguir conectado»: the warning is back 60 s before the new expiry
    await advance((TIMEOUT_MINUTES * 60 - 60 - 50) * SECOND - SECOND);
    expect(warning()).toBeNull();
    await advance(SECOND);
    expect(warning()?.textContent).toContain('en 60 segundos.');
    expect(logout).not.toHaveBeenCalled();
  });

  it('left alone, the warning gives way to the closed-session notice and the logout', async () => {
    const { logout } = start();
    await advance(TIMEOUT_MINUTES * 60 * SECOND - 60 * SECOND);
    expect(warning()).not.toBeNull();
    await advance(59 * SECOND);
    expect(warning()?.textContent).toContain('en 1 segundo.');
    await advance(1 * SECOND);
    expect(warning()).toBeNull();
    await advance(INACTIVITY_NOTICE_MS);
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
