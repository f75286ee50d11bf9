/**
 * Opened with no session (src/login/startSignedOut.tsx): the login form alone, after one redirect to #/login that
 * keeps the route asked for; signing in stores the session, puts the asked-for route back in the address and hands
 * the same React root to the app's start. The network is a stubbed fetch; the app's start is a stand-in that
 * records what it was given (the real app after a light login is covered by tests/e2e/open-signed-out.spec.ts).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_MESSAGE } from '../../src/authProvider/authProvider';
import { startSignedOut } from '../../src/login/startSignedOut';
import type { StartedBefore } from '../../src/appStart';

const API = 'http://api.test';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const adminAnswer = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: {
    id: 7,
    mail: 'ana@pim.test',
    roles: [
      { codigo: 'admin', permisos: [{ controllerName: 'manage', moduleName: 'all', actionName: 'all' }] },
    ],
  },
};

type Config = Window & { __PIM_CONFIG__?: unknown };

let container: HTMLElement;
let roots: Root[] = [];
/** What each start returned: its history listener must not outlive the test (the layer shares its window). */
let stops: (() => void)[] = [];

/** Starts the signed-out screen, keeping its stop for afterEach. */
const start = async (load: Parameters<typeof startSignedOut>[1]) => {
  await act(async () => {
    stops.push(await startSignedOut(container, load));
  });
};

/** The app's start, standing in: what it was handed, and the root it renders its first line into. */
const appStart = () => {
  const calls: { hash: string; options: StartedBefore; session: string | null }[] = [];
  const startApp = vi.fn(async (_container: HTMLElement, options: StartedBefore = {}) => {
    calls.push({ hash: window.location.hash, options, session: localStorage.getItem('accessToken') });
    if (options.root) roots.push(options.root);
    options.root?.render(<p>la aplicación</p>);
  });
  return { calls, startApp, load: vi.fn(async () => ({ startApp })) };
};

const open = async (hash: string, app = appStart()) => {
  window.history.replaceState(null, '', hash || window.location.pathname);
  const pushes = vi.spyOn(window.history, 'pushState');
  const replaces = vi.spyOn(window.history, 'replaceState');
  await start(app.load);
  await screen.findByRole('button', { name: 'Iniciar sesión' });
  return { pushes, replaces, app };
};

const signIn = (password = 'secreto') => {
  fireEvent.change(screen.getByRole('textbox', { name: /Usuario/ }), { target: { value: 'ana@pim.test' } });
  fireEvent.change(screen.getByLabelText(/Contraseña/, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
};

beforeEach(() => {
  (window as Config).__PIM_CONFIG__ = { apiUrl: API };
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  delete (window as Config).__PIM_CONFIG__;
  // the login screen's listener and form go; a root handed to the app is unmounted here
  for (const stop of stops) act(() => stop());
  for (const root of roots) act(() => root.unmount());
  stops = [];
  roots = [];
  container.remove();
});

describe('opened signed out', () => {
  it('a deep link shows the form after one redirect; signing in returns there with the app in the same root', async () => {
    const fetchMock = vi.fn(async () => json(200, adminAnswer));
    vi.stubGlobal('fetch', fetchMock);
    const { pushes, replaces, app } = await open('#/Marca/3?tab=1');
    expect(window.location.hash).toBe('#/login');
    // in place: no history entry added for the login page
    expect(replaces).toHaveBeenCalledTimes(1);
    expect(pushes).not.toHaveBeenCalled();
    // the app's code is not fetched just to show the form
    expect(app.load).not.toHaveBeenCalled();
    signIn();
    await waitFor(() => expect(app.calls).toHaveLength(1));
    const [call] = app.calls;
    expect(call.hash).toBe('#/Marca/3?tab=1');
    expect(call.session).toBe('access-1');
    expect(call.options.runtime).toEqual({ apiUrl: API });
    expect(await screen.findByText('la aplicación')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${API}/auth/login`);
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@pim.test', password: 'secreto' });
  });

  it('another address while signed out (Back, or typed) shows the login page again and signing in goes there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, adminAnswer)),
    );
    const { app } = await open('#/productos/5');
    window.history.replaceState(null, '', '#/Marca');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(window.location.hash).toBe('#/login');
    signIn();
    await waitFor(() => expect(app.calls).toHaveLength(1));
    expect(app.calls[0].hash).toBe('#/Marca');
  });

  it("the app's code failing to load after a good login says so on the card, with no unhandled error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, adminAnswer)),
    );
    const load = vi.fn(async (): Promise<{ startApp: ReturnType<typeof appStart>['startApp'] }> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    window.history.replaceState(null, '', '#/productos');
    await start(load);
    signIn();
    expect(await screen.findByText(CONNECTION_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('the app code is fetched from the first key typed', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { app } = await open('#/productos');
    expect(app.load).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('textbox', { name: /Usuario/ }), { key: 'a' });
    expect(app.load).toHaveBeenCalledTimes(1);
  });

  it("a refused login shows the server's message, keeps the form and stores nothing", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(401, { error: { statusCode: 401, message: 'Email o contraseña incorrectos.' } }),
      ),
    );
    const { app } = await open('#/productos/5');
    signIn('mala');
    expect(await screen.findByText('Email o contraseña incorrectos.')).toBeTruthy();
    expect(app.startApp).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('a non-admin is refused with the Spanish notice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { ...adminAnswer, userData: { ...adminAnswer.userData, roles: [{ codigo: 'editor' }] } }),
      ),
    );
    const { app } = await open('#/productos');
    signIn();
    expect(
      await screen.findByText(/Acceso denegado: solo los usuarios con el rol de administrador/),
    ).toBeTruthy();
    expect(app.startApp).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('empty fields say they are required and nothing is sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await open('#/productos');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('Obligatorio')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opened at #/login, signing in goes to the home route without a redirect', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, adminAnswer)),
    );
    const { pushes, replaces, app } = await open('#/login');
    expect(pushes).not.toHaveBeenCalled();
    expect(replaces).not.toHaveBeenCalled();
    signIn();
    await waitFor(() => expect(app.calls).toHaveLength(1));
    expect(app.calls[0].hash).toBe('#/');
  });

  it.each([
    ['en', 'Sign in', 'Username'],
    ['fr', 'Connexion', 'Identifiant'],
    ['de', 'Anmelden', 'Benutzer'],
    ['pt', 'Iniciar sessão', 'Utilizador'],
  ])('in the language of the cookie (%s)', async (language, signInLabel, userLabel) => {
    document.cookie = `idioma=${language}; path=/`;
    window.history.replaceState(null, '', '#/login');
    await start(appStart().load);
    expect(await screen.findByRole('button', { name: signInLabel })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: new RegExp(userLabel) })).toBeTruthy();
  });
});
