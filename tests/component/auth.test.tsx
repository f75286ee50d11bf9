import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { NOT_ADMIN_MESSAGE } from '../../src/authProvider/authProvider';
import { fakeProvider, fixture, renderApp } from './renderApp';

const API = 'http://api.test';

/** The demo fixture plus the company's global parameters (read by the inactivity timer). */
const data = () =>
  fakeProvider({ ...fixture(), parametrosGlobales: [{ id: 1, empresaId: 1, minutosCierreSesion: 5 }] });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const loginAnswer = (roles: unknown[]) => ({
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: { id: 7, nombre: 'Ana Catálogo', mail: 'ana@pim.test', roles },
});

const signIn = async () => {
  fireEvent.change(await screen.findByRole('textbox', { name: /Usuario/ }), {
    target: { value: 'ana@pim.test' },
  });
  fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'secreto' } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
};

const storeSession = (ability: unknown[]) => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem(
    'userDataPim',
    JSON.stringify({
      id: 7,
      nombre: 'Ana Catálogo',
      accessToken: 'access-1',
      // role admin gets in; what it may do comes from its ability rules
      roles: [{ id: 1, codigo: 'admin', nombre: 'Administrador' }],
      ability,
    }),
  );
};

/** The API's fetch answering a login of an admin allowed everything. */
const adminLoginAnswered = () =>
  vi.fn(async () =>
    json(
      200,
      loginAnswer([
        { codigo: 'admin', permisos: [{ controllerName: 'manage', moduleName: 'all', actionName: 'all' }] },
      ]),
    ),
  );

describe('authentication', () => {
  it('asks to log in, then an admin is back on the route that asked for it, with the session stored', async () => {
    const fetchMock = adminLoginAnswered();
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, fetchMock as unknown as typeof fetch),
    });
    await signIn();
    // react-admin's own behaviour: back to the route that sent the user to the login page
    await waitFor(() => expect(window.location.hash).toBe('#/Marca'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${API}/auth/login`);
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@pim.test', password: 'secreto' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    const user = JSON.parse(localStorage.getItem('userDataPim') ?? '{}');
    expect(user).toMatchObject({
      id: 7,
      accessToken: 'access-1',
      ability: [{ action: 'manage', subject: 'all', fields: ['all'] }],
    });
  });

  it('any other role stays on /login with a clear Spanish notice and no session', async () => {
    const fetchMock = vi.fn(async () =>
      json(
        200,
        loginAnswer([
          {
            codigo: 'editor',
            permisos: [{ controllerName: 'read', moduleName: 'productos', actionName: '' }],
          },
        ]),
      ),
    );
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, fetchMock as unknown as typeof fetch),
    });
    await signIn();
    expect(await screen.findByText(NOT_ADMIN_MESSAGE)).toBeTruthy();
    expect(window.location.hash).toMatch(/^#\/login/);
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userDataPim')).toBeNull();
  });

  it('a stored session of a non-admin is sent back to /login', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('userDataPim', JSON.stringify({ id: 8, roles: [{ codigo: 'editor' }] }));
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, vi.fn() as unknown as typeof fetch),
    });
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(screen.queryByText('Marca 01')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("shows the server's login error message", async () => {
    const fetchMock = vi.fn(async () =>
      json(401, { error: { statusCode: 401, message: 'Email or Password is Invalid' } }),
    );
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, fetchMock as unknown as typeof fetch),
    });
    await signIn();
    expect(await screen.findByText('Email or Password is Invalid')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('permissions drive the menu and the buttons', async () => {
    storeSession([{ action: 'read', subject: 'Marca', fields: ['all'] }]);
    localStorage.setItem('RaStore.sidebar.open', 'true');
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, vi.fn() as unknown as typeof fetch),
    });
    await screen.findByText('Marca 01');
    await screen.findByRole('menuitem', { name: 'Marcas' });
    expect(screen.queryByRole('menuitem', { name: 'Familias' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Usuarios' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Crear' })).toBeNull());
    // no delete rule: selecting rows offers no delete (react-admin's BulkDeleteButton checks canAccess)
    const rowCheckbox = document.querySelector<HTMLInputElement>('.select-item input');
    if (rowCheckbox) fireEvent.click(rowCheckbox);
    if (rowCheckbox) await screen.findByText('1 elemento seleccionado');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('a route the rules do not allow shows access denied, not the screen', async () => {
    storeSession([{ action: 'read', subject: 'Marca' }]);
    renderApp('/Marca/create', {
      dataProvider: data(),
      authProvider: authProvider(API, vi.fn() as unknown as typeof fetch),
    });
    expect(await screen.findByText('Acceso denegado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('a create rule shows the create button', async () => {
    storeSession([
      { action: 'read', subject: 'Marca' },
      { action: 'create', subject: 'Marca' },
    ]);
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, vi.fn() as unknown as typeof fetch),
    });
    await screen.findByText('Marca 01');
    expect(await screen.findByRole('link', { name: 'Crear' })).toBeTruthy();
  });

  it('logout clears all local storage and returns to the login page', async () => {
    storeSession([{ action: 'manage', subject: 'all' }]);
    localStorage.setItem('selectedEmpresaId', '2');
    renderApp('/Marca', {
      dataProvider: data(),
      authProvider: authProvider(API, vi.fn() as unknown as typeof fetch),
    });
    await screen.findByText('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: 'Perfil' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userDataPim')).toBeNull();
    expect(localStorage.getItem('selectedEmpresaId')).toBeNull();
  });
});
