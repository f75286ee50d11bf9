import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { MatrixFilter, PermissionMatrix } from '../../src/custom/permisos/api';
import { fakeProvider, fixture } from './renderApp';
import { renderScreen } from './renderScreen';

const ROLES = [
  { id: 1, nombre: 'Administrador', codigo: 'admin' },
  { id: 2, nombre: 'Editor de catálogo', codigo: 'editor' },
];
const PERMISOS = [
  { id: 10, controllerName: 'manage', moduleName: 'all', actionName: '', descripcion: 'Acceso total' },
  {
    id: 11,
    controllerName: 'read',
    moduleName: 'productos',
    actionName: '',
    descripcion: 'Consultar productos',
  },
  {
    id: 12,
    controllerName: 'update',
    moduleName: 'productos',
    actionName: '',
    descripcion: 'Editar productos',
  },
  { id: 13, controllerName: 'read', moduleName: 'Marca', actionName: '', descripcion: 'Consultar marcas' },
];

/** fakerest plus the access endpoints over the same data (the reference API's behaviour, in memory). */
const accessProvider = () => {
  let asignaciones = [
    { rolId: 1, permisoId: 10 },
    { rolId: 2, permisoId: 11 },
    { rolId: 2, permisoId: 13 },
  ];
  const permisosOf = (rolId: number) =>
    PERMISOS.filter((p) => asignaciones.some((a) => a.rolId === rolId && a.permisoId === p.id));
  const base = fakeProvider({
    ...fixture(),
    parametrosGlobales: [{ id: 1, empresaId: 1, minutosCierreSesion: 5 }],
    // roles and users come with their included relations, as `include` gives them
    roles: ROLES.map((rol) => ({ ...rol, permisos: permisosOf(rol.id) })),
    permisos: PERMISOS.map((p) => ({ ...p })),
    usuarios: [
      { id: 1, empresaId: 1, nombre: 'Admin PIM', codigo: 'ADM', mail: 'admin@demo.pim', roles: [ROLES[0]] },
      {
        id: 2,
        empresaId: 1,
        nombre: 'Eva Editora',
        codigo: 'EVA',
        mail: 'editor@demo.pim',
        roles: [ROLES[1]],
      },
      { id: 3, empresaId: 1, nombre: 'Sin Rol', codigo: 'SR', mail: 'nadie@demo.pim', roles: [] },
    ],
  });
  const getPermisosMatrix = vi.fn(async (filter?: MatrixFilter): Promise<PermissionMatrix> => {
    const moduleName = (filter?.where as { moduleName?: string } | undefined)?.moduleName;
    const permisos = PERMISOS.filter((p) => !moduleName || p.moduleName === moduleName);
    return {
      roles: ROLES,
      permisos,
      asignaciones: asignaciones.filter((a) => permisos.some((p) => p.id === a.permisoId)),
    };
  });
  const setRolPermisos = vi.fn(async (rolId: number, ids: readonly number[]) => {
    asignaciones = [
      ...asignaciones.filter((a) => a.rolId !== rolId),
      ...ids.map((permisoId) => ({ rolId, permisoId })),
    ];
  });
  const setUsuarioRoles = vi.fn(async () => undefined);
  const update = vi.fn(base.update);
  const dataProvider = {
    ...base,
    update,
    getPermisosMatrix,
    setRolPermisos,
    setUsuarioRoles,
  } as DataProvider;
  return { dataProvider, getPermisosMatrix, setRolPermisos, setUsuarioRoles, update };
};

describe('permissions matrix page', () => {
  it('roles × permisos; a role is saved with its complete list, permisos hidden by the module filter kept', async () => {
    const api = accessProvider();
    renderScreen('/matriz-permisos', { dataProvider: api.dataProvider });
    const table = await screen.findByRole('table', { name: 'Matriz de permisos' });
    expect(within(table).getByText('Administrador')).toBeTruthy();
    expect(within(table).getByText('Editor de catálogo')).toBeTruthy();
    // Each permiso says what it opens on the API (src/core/apiPermisos.ts, the API's own declarations).
    expect(within(table).getByText('Qué permite en la API')).toBeTruthy();
    expect(within(table).getByText('Todas las operaciones')).toBeTruthy();
    const editorReadMarca = screen.getByRole('checkbox', { name: 'Editor de catálogo: Marca · read' });
    expect((editorReadMarca as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Guardar los permisos de Editor de catálogo' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    // filter by module: only the productos rows, through GET /permisos/matrix?filter=
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Módulo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'productos' }));
    await waitFor(() =>
      expect(api.getPermisosMatrix).toHaveBeenCalledWith({ where: { moduleName: 'productos' } }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Editor de catálogo: Marca · read' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Editor de catálogo: productos · update' }));
    expect(screen.getByText('Hay 1 rol con cambios sin guardar')).toBeTruthy();
    const saveNow = screen.getByRole('button', { name: 'Guardar los permisos de Editor de catálogo' });
    expect((saveNow as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(saveNow);
    await waitFor(() => expect(api.setRolPermisos).toHaveBeenCalledWith(2, [11, 12, 13]));
    expect(await screen.findByText('Permisos del rol Editor de catálogo guardados')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Hay 1 rol con cambios sin guardar')).toBeNull());
    expect(api.setRolPermisos).toHaveBeenCalledTimes(1);
  });

  it('a failed save keeps the ticks and says why', async () => {
    const api = accessProvider();
    api.setRolPermisos.mockRejectedValueOnce(new Error('Entity not found: Permiso with id 12'));
    renderScreen('/matriz-permisos', { dataProvider: api.dataProvider });
    await screen.findByRole('table', { name: 'Matriz de permisos' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Administrador: productos · read' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar los permisos de Administrador' }));
    expect(await screen.findByText('No se pudo guardar: Entity not found: Permiso with id 12')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Administrador: productos · read' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByText('Hay 1 rol con cambios sin guardar')).toBeTruthy();
  });
});

describe('users', () => {
  it('the list shows roles as chips and searches nombre, codigo and mail', async () => {
    const api = accessProvider();
    renderScreen('/usuarios', { dataProvider: api.dataProvider });
    await screen.findByText('Eva Editora');
    const rows = screen.getAllByRole('row');
    const eva = rows.find((row) => within(row).queryByText('Eva Editora'));
    expect(within(eva as HTMLElement).getByText('Editor de catálogo')).toBeTruthy();
    const nobody = rows.find((row) => within(row).queryByText('Sin Rol'));
    expect(within(nobody as HTMLElement).getByText('Sin roles')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Buscar'), { target: { value: 'nadie@' } });
    await waitFor(() => expect(screen.queryByText('Eva Editora')).toBeNull());
    expect(screen.getByText('Sin Rol')).toBeTruthy();
  });

  it('edit: roles chosen with the multi-select are saved through PUT /usuarios/{id}/roles with the user', async () => {
    const api = accessProvider();
    renderScreen('/usuarios/2', { dataProvider: api.dataProvider });
    const nombre = await screen.findByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect((nombre as HTMLInputElement).value).toBe('Eva Editora'));
    expect(await screen.findByRole('button', { name: 'Editor de catálogo' })).toBeTruthy();
    const roles = screen.getByRole('combobox', { name: 'Roles' });
    fireEvent.mouseDown(roles);
    fireEvent.click(await screen.findByRole('option', { name: 'Administrador' }));
    fireEvent.change(nombre, { target: { value: 'Eva Editora Jefa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.setUsuarioRoles).toHaveBeenCalledWith(2, [1, 2]));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    const [, params] = api.update.mock.calls[0] as [string, { data: Record<string, unknown> }];
    expect(params.data.nombre).toBe('Eva Editora Jefa');
    expect(params.data).not.toHaveProperty('rolIds');
    expect(params.data).not.toHaveProperty('roles');
    expect(params.data).not.toHaveProperty('password');
    expect(await screen.findByText('Usuario actualizado')).toBeTruthy();
  });

  it('edit: a refused role change keeps the form and shows the server message', async () => {
    const api = accessProvider();
    api.setUsuarioRoles.mockRejectedValueOnce(
      new Error('Solo un administrador puede asignar o quitar el rol de administrador.'),
    );
    renderScreen('/usuarios/3', { dataProvider: api.dataProvider });
    await screen.findByRole('textbox', { name: /Nombre/ });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Roles' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Administrador' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'No se pudo guardar: Solo un administrador puede asignar o quitar el rol de administrador.',
      ),
    ).toBeTruthy();
    expect(api.update).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/usuarios/3');
  });
});

describe('roles', () => {
  it("edit: the role's permisos are a checklist by module, saved through PUT /roles/{id}/permisos", async () => {
    const api = accessProvider();
    renderScreen('/roles/2', { dataProvider: api.dataProvider });
    const update = await screen.findByRole('checkbox', { name: 'productos: update — Editar productos' });
    expect((update as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Marca: read — Consultar marcas' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(update);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.setRolPermisos).toHaveBeenCalledWith(2, [11, 12, 13]));
    expect(await screen.findByText('Rol actualizado')).toBeTruthy();
  });

  it('create: the new role gets its permisos once it exists', async () => {
    const api = accessProvider();
    renderScreen('/roles/create', { dataProvider: api.dataProvider });
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre/ }), {
      target: { value: 'Revisor' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Código/ }), { target: { value: 'revisor' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Marca: read — Consultar marcas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.setRolPermisos).toHaveBeenCalledWith(3, [13]));
    expect(await screen.findByText('Rol creado')).toBeTruthy();
  });
});
