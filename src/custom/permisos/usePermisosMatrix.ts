/**
 * The matrix page's data and state: the whole matrix (every role's complete assignments, and the module list),
 * the rows of the module filter (GET /permisos/matrix?filter=), the pending ticks, and saving one role.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { useAccessApi, type MatrixRol, type PermissionMatrix } from './api';
import {
  assignmentsOf,
  dirtyRoles,
  moduleFilter,
  moduleNames,
  rolePermisoIds,
  tick,
  withRoleAssignments,
  withoutRole,
  type Changes,
} from './matrix';

export const MATRIX_QUERY_KEY = ['pim', 'permisos-matrix'] as const;

const EMPTY: PermissionMatrix = { roles: [], permisos: [], asignaciones: [] };

const onlyModule = (matrix: PermissionMatrix | undefined, module: string) =>
  matrix && {
    ...matrix,
    permisos: matrix.permisos.filter((p) => (p.moduleName ?? '').trim() === module.trim()),
  };

export const rolLabel = (rol: Pick<MatrixRol, 'nombre' | 'codigo' | 'id'>): string =>
  rol.nombre?.trim() || rol.codigo?.trim() || `#${rol.id}`;

export const usePermisosMatrix = () => {
  const api = useAccessApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [module, setModule] = useState('');
  const [changes, setChanges] = useState<Changes>(new Map());
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());

  const all = useQuery({
    queryKey: [...MATRIX_QUERY_KEY, ''],
    queryFn: () => api.getPermisosMatrix(),
    retry: false,
  });
  const filter = moduleFilter(module);
  const rows = useQuery({
    queryKey: [...MATRIX_QUERY_KEY, module],
    queryFn: () => (filter ? api.getPermisosMatrix(filter) : api.getPermisosMatrix()),
    enabled: filter !== undefined,
    retry: false,
  });

  const full = all.data ?? EMPTY;
  const base = useMemo(() => assignmentsOf(full), [full]);
  const modules = useMemo(() => moduleNames(full.permisos), [full]);
  // while the server answers the filter, the rows of the whole matrix for that module are shown (no flash)
  const shown = filter ? (rows.data ?? onlyModule(all.data, module)) : all.data;

  const toggle = useCallback(
    (rolId: number, permisoId: number, ticked: boolean) =>
      setChanges((current) => tick(base, current, rolId, permisoId, ticked)),
    [base],
  );

  const save = useCallback(
    async (rol: MatrixRol) => {
      const ids = rolePermisoIds(base, changes, rol.id);
      setSaving((current) => new Set(current).add(rol.id));
      try {
        await api.setRolPermisos(rol.id, ids);
        // the server now holds exactly `ids` for this role: show it at once, then refetch.
        queryClient.setQueryData<PermissionMatrix>([...MATRIX_QUERY_KEY, ''], (current) =>
          current ? withRoleAssignments(current, rol.id, ids) : current,
        );
        setChanges((current) => withoutRole(current, rol.id));
        notify('pim.access.saved_role', { type: 'success', messageArgs: { rol: rolLabel(rol) } });
        await queryClient.invalidateQueries({ queryKey: MATRIX_QUERY_KEY });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        notify('pim.access.save_error', { type: 'error', messageArgs: { message } });
      } finally {
        setSaving((current) => {
          const next = new Set(current);
          next.delete(rol.id);
          return next;
        });
      }
    },
    [api, base, changes, notify, queryClient],
  );

  return {
    module,
    setModule,
    modules,
    base,
    changes,
    dirty: dirtyRoles(changes),
    discard: () => setChanges(new Map()),
    toggle,
    save,
    saving,
    roles: full.roles,
    /** The permisos shown (the filtered rows, else every permiso). */
    permisos: shown?.permisos ?? [],
    isPending: all.isPending,
    error: all.error ?? (filter ? rows.error : null),
    refetch: () => queryClient.invalidateQueries({ queryKey: MATRIX_QUERY_KEY }),
  };
};
