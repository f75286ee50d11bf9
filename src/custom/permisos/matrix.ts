/**
 * The permissions matrix state (roles × permisos), pure: what the server says is assigned, the user's pending
 * ticks on top, and what a role's PUT /roles/{id}/permisos must carry — always the role's COMPLETE list, so
 * permisos hidden by the module filter are kept.
 */
import type { MatrixPermiso, PermissionMatrix } from './api';
import { compareSpanishLoosely } from '../../core/spanishOrder';

/** rolId → the permisoIds assigned on the server. */
export type Assignments = ReadonlyMap<number, ReadonlySet<number>>;
/** rolId → permisoId → the ticked value the user wants (only entries that differ from the server). */
export type Changes = ReadonlyMap<number, ReadonlyMap<number, boolean>>;

export const assignmentsOf = (matrix: Pick<PermissionMatrix, 'asignaciones'>): Assignments => {
  const out = new Map<number, Set<number>>();
  for (const { rolId, permisoId } of matrix.asignaciones) {
    const set = out.get(rolId) ?? new Set<number>();
    set.add(permisoId);
    out.set(rolId, set);
  }
  return out;
};

export const isAssigned = (base: Assignments, rolId: number, permisoId: number): boolean =>
  base.get(rolId)?.has(permisoId) ?? false;

export const isTicked = (base: Assignments, changes: Changes, rolId: number, permisoId: number): boolean =>
  changes.get(rolId)?.get(permisoId) ?? isAssigned(base, rolId, permisoId);

/** A tick or untick: recorded when it differs from the server, forgotten when it goes back to it. */
export const tick = (
  base: Assignments,
  changes: Changes,
  rolId: number,
  permisoId: number,
  ticked: boolean,
): Changes => {
  const next = new Map(changes);
  const role = new Map(changes.get(rolId) ?? []);
  if (ticked === isAssigned(base, rolId, permisoId)) role.delete(permisoId);
  else role.set(permisoId, ticked);
  if (role.size > 0) next.set(rolId, role);
  else next.delete(rolId);
  return next;
};

/** The roles with pending changes. */
export const dirtyRoles = (changes: Changes): number[] => [...changes.keys()].sort((a, b) => a - b);

/** The role's complete permiso list with its pending changes applied (sorted; what the PUT sends). */
export const rolePermisoIds = (base: Assignments, changes: Changes, rolId: number): number[] => {
  const ids = new Set(base.get(rolId) ?? []);
  for (const [permisoId, ticked] of changes.get(rolId) ?? []) {
    if (ticked) ids.add(permisoId);
    else ids.delete(permisoId);
  }
  return [...ids].sort((a, b) => a - b);
};

/** After a role is saved its changes are gone (the server now holds them). */
export const withoutRole = (changes: Changes, rolId: number): Changes => {
  const next = new Map(changes);
  next.delete(rolId);
  return next;
};

/** The distinct module names, sorted the Spanish way (empty names left out). */
export const moduleNames = (permisos: readonly Pick<MatrixPermiso, 'moduleName'>[]): string[] =>
  [...new Set(permisos.map((p) => (p.moduleName ?? '').trim()).filter((name) => name !== ''))].sort((a, b) =>
    compareSpanishLoosely(a, b),
  );

/** The matrix filter for a module ('' = every permiso). */
export const moduleFilter = (module: string): { where: { moduleName: string } } | undefined =>
  module.trim() === '' ? undefined : { where: { moduleName: module.trim() } };

/** The matrix with a role's assignments replaced by `permisoIds` (what the server holds after the PUT). */
export const withRoleAssignments = <M extends Pick<PermissionMatrix, 'asignaciones'>>(
  matrix: M,
  rolId: number,
  permisoIds: readonly number[],
): M => ({
  ...matrix,
  asignaciones: [
    ...matrix.asignaciones.filter((a) => a.rolId !== rolId),
    ...permisoIds.map((permisoId) => ({ rolId, permisoId })),
  ],
});
