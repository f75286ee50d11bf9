/**
 * The access-management endpoints of the reference API (server/auth/access-controller.ts), as extra methods of
 * the data provider so they go through the same HTTP client (Bearer, single-flight refresh, Spanish errors):
 *   GET /permisos/matrix?filter=   → {roles, permisos, asignaciones}
 *   PUT /roles/{id}/permisos       {permisoIds}
 *   PUT /usuarios/{id}/roles       {rolIds}
 * Part of the app's one data provider (src/custom/dataProvider.ts).
 */
import { useContext, useMemo } from 'react';
import { DataProviderContext, useDataProvider, type DataProvider, type Identifier } from 'react-admin';
import type { HttpClient } from '../../dataProvider/http';
import { isRecord } from '../../core/guards';

export interface MatrixRol {
  id: number;
  nombre: string | null;
  codigo: string | null;
}

export interface MatrixPermiso {
  id: number;
  controllerName: string | null;
  moduleName: string | null;
  actionName: string | null;
  descripcion?: string | null;
}

export interface PermissionMatrix {
  roles: MatrixRol[];
  permisos: MatrixPermiso[];
  asignaciones: { rolId: number; permisoId: number }[];
}

/** The `filter` of GET /permisos/matrix (LoopBack where/order/limit/skip over permisos). */
export interface MatrixFilter {
  where?: Record<string, unknown>;
  order?: string[];
  limit?: number;
  skip?: number;
}

export interface AccessMethods {
  getPermisosMatrix(filter?: MatrixFilter): Promise<PermissionMatrix>;
  setRolPermisos(rolId: Identifier, permisoIds: readonly number[]): Promise<void>;
  setUsuarioRoles(usuarioId: Identifier, rolIds: readonly number[]): Promise<void>;
}

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A matrix answer, tolerant to missing parts (never undefined arrays). */
export const toMatrix = (json: unknown): PermissionMatrix => {
  const body = isRecord(json) ? json : {};
  return {
    roles: asArray<MatrixRol>(body.roles),
    permisos: asArray<MatrixPermiso>(body.permisos),
    asignaciones: asArray<{ rolId: number; permisoId: number }>(body.asignaciones),
  };
};

const putJson = (body: unknown) => ({
  method: 'PUT',
  body: JSON.stringify(body),
  headers: new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' }),
});

export const accessMethods = (apiUrl: string, httpClient: HttpClient): AccessMethods => {
  const base = apiUrl.replace(/\/+$/, '');
  const idPath = (id: Identifier) => encodeURIComponent(String(id));
  return {
    getPermisosMatrix: async (filter) => {
      const query =
        filter && Object.keys(filter).length > 0
          ? `?filter=${encodeURIComponent(JSON.stringify(filter))}`
          : '';
      const response = await httpClient(`${base}/permisos/matrix${query}`);
      return toMatrix(response.json);
    },
    setRolPermisos: async (rolId, permisoIds) => {
      await httpClient(`${base}/roles/${idPath(rolId)}/permisos`, putJson({ permisoIds: [...permisoIds] }));
    },
    setUsuarioRoles: async (usuarioId, rolIds) => {
      await httpClient(`${base}/usuarios/${idPath(usuarioId)}/roles`, putJson({ rolIds: [...rolIds] }));
    },
  };
};

const METHODS = ['getPermisosMatrix', 'setRolPermisos', 'setUsuarioRoles'] as const;

export const hasAccessMethods = (dataProvider: unknown): dataProvider is AccessMethods =>
  isRecord(dataProvider) || typeof dataProvider === 'function'
    ? METHODS.every((name) => typeof (dataProvider as Record<string, unknown>)[name] === 'function')
    : false;

const missing = (): never => {
  throw new Error('El proveedor de datos no ofrece la gestión de roles y permisos.');
};

/**
 * The access methods of the app's data provider, called through react-admin's proxy (so a 401 still logs out).
 * Without them (a provider without them, e.g. a test's fakerest) every call rejects with a clear message.
 */
export const useAccessApi = (): AccessMethods => {
  const raw = useContext(DataProviderContext);
  const proxied = useDataProvider() as DataProvider & AccessMethods;
  const available = hasAccessMethods(raw);
  return useMemo<AccessMethods>(
    () => ({
      getPermisosMatrix: async (filter) =>
        available ? toMatrix(await proxied.getPermisosMatrix(filter)) : missing(),
      setRolPermisos: async (rolId, ids) => {
        if (!available) missing();
        await proxied.setRolPermisos(rolId, ids);
      },
      setUsuarioRoles: async (usuarioId, ids) => {
        if (!available) missing();
        await proxied.setUsuarioRoles(usuarioId, ids);
      },
    }),
    [available, proxied],
  );
};
