import { describe, expect, it, vi } from 'vitest';
import { accessMethods, toMatrix } from '../../src/custom/permisos/api';
import { idsOf, normalizeIds, sameIds, withoutLinks } from '../../src/custom/permisos/links';
import {
  assignmentsOf,
  dirtyRoles,
  isTicked,
  moduleFilter,
  moduleNames,
  rolePermisoIds,
  tick,
  withRoleAssignments,
  withoutRole,
  type Changes,
} from '../../src/custom/permisos/matrix';

const matrix = {
  asignaciones: [
    { rolId: 1, permisoId: 10 },
    { rolId: 1, permisoId: 11 },
    { rolId: 2, permisoId: 11 },
  ],
};

describe('permissions matrix state', () => {
  const base = assignmentsOf(matrix);
  const none: Changes = new Map();

  it('reads the assignments per role', () => {
    expect(isTicked(base, none, 1, 10)).toBe(true);
    expect(isTicked(base, none, 2, 10)).toBe(false);
    expect(rolePermisoIds(base, none, 1)).toEqual([10, 11]);
    expect(rolePermisoIds(base, none, 3)).toEqual([]);
  });

  it('a tick is pending until it goes back to what the server has', () => {
    let changes = tick(base, none, 2, 10, true);
    expect(isTicked(base, changes, 2, 10)).toBe(true);
    expect(dirtyRoles(changes)).toEqual([2]);
    changes = tick(base, changes, 1, 11, false);
    expect(dirtyRoles(changes)).toEqual([1, 2]);
    changes = tick(base, changes, 2, 10, false);
    expect(dirtyRoles(changes)).toEqual([1]);
    expect(none.size).toBe(0); // immutable
  });

  it("a role's save carries its COMPLETE list (permisos hidden by the module filter included)", () => {
    const changes = tick(base, tick(base, none, 1, 12, true), 1, 10, false);
    expect(rolePermisoIds(base, changes, 1)).toEqual([11, 12]);
    expect(rolePermisoIds(base, changes, 2)).toEqual([11]);
    expect(dirtyRoles(withoutRole(changes, 1))).toEqual([]);
  });

  it('after a save the role holds exactly the saved list', () => {
    const saved = withRoleAssignments(matrix, 1, [12]);
    expect(rolePermisoIds(assignmentsOf(saved), none, 1)).toEqual([12]);
    expect(rolePermisoIds(assignmentsOf(saved), none, 2)).toEqual([11]);
  });

  it('module names are distinct, sorted, blanks left out; the filter is a where on moduleName', () => {
    expect(
      moduleNames([
        { moduleName: 'productos' },
        { moduleName: 'Marca' },
        { moduleName: 'all' },
        { moduleName: 'productos' },
        { moduleName: ' ' },
        { moduleName: null },
      ]),
    ).toEqual(['all', 'Marca', 'productos']);
    expect(moduleFilter('')).toBeUndefined();
    expect(moduleFilter(' Marca ')).toEqual({ where: { moduleName: 'Marca' } });
  });
});

describe('link ids', () => {
  it('normalises form values and included records', () => {
    expect(normalizeIds([3, '1', 3, 'x', null, 2.5])).toEqual([1, 3]);
    expect(normalizeIds(undefined)).toEqual([]);
    expect(idsOf([{ id: 2 }, { id: 1 }, null])).toEqual([1, 2]);
    expect(idsOf(undefined)).toEqual([]);
    expect(sameIds([1, 2], [1, 2])).toBe(true);
    expect(sameIds([1, 2], [2])).toBe(false);
    expect(withoutLinks({ nombre: 'a', rolIds: [1], roles: [] }, ['rolIds', 'roles'])).toEqual({
      nombre: 'a',
    });
  });
});

describe('access endpoints through the http client', () => {
  it('GET /permisos/matrix?filter=, PUT /roles/{id}/permisos, PUT /usuarios/{id}/roles', async () => {
    const http = vi.fn(async (url: string) => ({
      status: 200,
      headers: new Headers(),
      body: '',
      json: url.includes('/matrix') ? { roles: [{ id: 1 }], permisos: [], asignaciones: [] } : undefined,
    }));
    const api = accessMethods('http://api.test/', http);
    await expect(api.getPermisosMatrix({ where: { moduleName: 'Marca' } })).resolves.toEqual({
      roles: [{ id: 1 }],
      permisos: [],
      asignaciones: [],
    });
    await api.getPermisosMatrix();
    await api.setRolPermisos(3, [5, 6]);
    await api.setUsuarioRoles(7, []);
    const calls = http.mock.calls as unknown as [string, { method?: string; body?: string }?][];
    expect(calls[0][0]).toBe(
      `http://api.test/permisos/matrix?filter=${encodeURIComponent('{"where":{"moduleName":"Marca"}}')}`,
    );
    expect(calls[1][0]).toBe('http://api.test/permisos/matrix');
    expect(calls[2][0]).toBe('http://api.test/roles/3/permisos');
    expect(calls[2][1]).toMatchObject({ method: 'PUT', body: '{"permisoIds":[5,6]}' });
    expect(calls[3][0]).toBe('http://api.test/usuarios/7/roles');
    expect(calls[3][1]).toMatchObject({ method: 'PUT', body: '{"rolIds":[]}' });
  });

  it('a malformed matrix answer gives empty lists, not a crash', () => {
    expect(toMatrix(null)).toEqual({ roles: [], permisos: [], asignaciones: [] });
    expect(toMatrix({ roles: 'x' })).toEqual({ roles: [], permisos: [], asignaciones: [] });
  });
});
