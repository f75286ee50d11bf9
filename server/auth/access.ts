/**
 * Roles and permissions on the server: the CompanyAccess of a user (admin = a role with codigo 'admin'),
 * the roles × permisos matrix, and replacing a role's permisos or a user's roles. The join models and their
 * keys are read from the relations the schemas declare (usuarios.roles, roles.permisos).
 */
import { EntityNotFoundError, type Filter, type Where } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import type { RelationSchema, ResourceSchema } from '../../src/resources/types';
import { ADMIN_ROLE, restrictWhere } from '../company';
import { checkFilter } from '../query-guard';
import type { InternalRepository, Row, SchemaRepository } from '../repositories';
import type { PlainRow, RepositoryOf, RepositorySet } from '../repository-set';
import { Mutex } from '../mutex';
import { MANAGE_ALL } from '../../src/core/apiPermisos';
import {
  canAccessWithRules,
  permissionsToRules,
  type AbilityRule,
  type Permiso,
} from '../../src/core/permissions';
import type { CompanyAccess, CurrentUser } from './keys';
import { userDisabled } from './users';

export const FORBIDDEN_ADMIN_ROLE = 'Solo un administrador puede asignar o quitar el rol de administrador.';
export const FORBIDDEN_GRANT_BEYOND = 'No puede conceder permisos que usted no tiene.';
export const FORBIDDEN_ADMIN_PERMISOS =
  'Solo un administrador puede cambiar los permisos del rol de administrador.';

export interface PermissionMatrix {
  roles: PlainRow[];
  permisos: PlainRow[];
  asignaciones: { rolId: number; permisoId: number }[];
}

/** A hasManyThrough relation with its join repository. */
interface Link {
  repo: InternalRepository;
  keyFrom: string;
  keyTo: string;
}

const NO_ACCESS: CompanyAccess = { userId: null, admin: false, empresaId: null };

/** What a stored user may do: their company access and the rules of their roles' permisos. */
export interface CallerState {
  access: CompanyAccess;
  rules: AbilityRule[];
  /** The user is disabled (activoSN 'N'): every request is refused; `access` and `rules` grant nothing. */
  disabled: boolean;
}

/** How long a user's roles and permisos are reused between requests (a role edit applies within this). */
export const CALLER_CACHE_MS = 2000;

export class AccessService {
  readonly usuarios: RepositoryOf<'usuarios'>;
  readonly roles: RepositoryOf<'roles'>;
  readonly permisos: RepositoryOf<'permisos'>;
  private readonly userRoles: Link;
  private readonly rolePermisos: Link;
  /** Serialises assignment replacements in this process (a replacement reads, then writes). */
  private readonly lock = new Mutex();

  private readonly callers = new Map<number, { at: number; state: Promise<CallerState | undefined> }>();

  constructor(
    set: RepositorySet,
    private readonly cacheMs = CALLER_CACHE_MS,
  ) {
    this.usuarios = set.repository('usuarios');
    this.roles = set.repository('roles');
    this.permisos = set.repository('permisos');
    this.userRoles = this.link(set, this.usuarios, 'roles');
    this.rolePermisos = this.link(set, this.roles, this.permisos.schema.name);
  }

  private link(set: RepositorySet, source: { schema: ResourceSchema }, target: string): Link {
    const relation = (source.schema.relations ?? []).find(
      (r: RelationSchema) => r.kind === 'hasManyThrough' && r.target === target,
    );
    const repo = relation?.through && set.joinRepositories.get(relation.through.model);
    if (!relation?.through || !repo) throw new Error(`${source.schema.name}: no hasManyThrough to ${target}`);
    return { repo, keyFrom: relation.through.keyFrom, keyTo: relation.through.keyTo };
  }

  /** The stored user's company and whether one of their roles is admin. */
  async accessOf(user: CurrentUser | undefined): Promise<CompanyAccess> {
    if (!user) return NO_ACCESS;
    const state = await this.stateOf(user.id);
    return state && !state.disabled ? state.access : NO_ACCESS;
  }

  /**
   * The stored user's access and rules (undefined when the user no longer exists, `disabled` when they are
   * disabled), read at most every
   * `cacheMs` per user: roles and permisos edited while a user is signed in apply at their next request.
   */
  stateOf(usuarioId: number): Promise<CallerState | undefined> {
    const now = Date.now();
    const cached = this.callers.get(usuarioId);
    if (cached && now - cached.at < this.cacheMs) return cached.state;
    const state = this.readState(usuarioId);
    this.callers.set(usuarioId, { at: now, state });
    state.catch(() => this.callers.delete(usuarioId));
    return state;
  }

  /** Drops every cached caller state (after a write to users, roles or permisos in this process). */
  forget(): void {
    this.callers.clear();
  }

  private async readState(usuarioId: number): Promise<CallerState | undefined> {
    const [found] = await this.usuarios.find({ where: { id: usuarioId }, limit: 1 });
    if (!found) return undefined;
    if (userDisabled(found)) return { access: NO_ACCESS, rules: [], disabled: true };
    const empresaId = typeof found.empresaId === 'number' ? found.empresaId : null;
    const roleIds = await this.rolesOf(usuarioId);
    const admin = (await this.adminRoleIds(roleIds)).size > 0;
    const rules = permissionsToRules(await this.permisosOfRoles(roleIds));
    if (admin) rules.unshift({ action: MANAGE_ALL.action, subject: MANAGE_ALL.resource });
    return { access: { userId: usuarioId, admin, empresaId }, rules, disabled: false };
  }

  /** The permisos of these roles (each once). */
  private async permisosOfRoles(roleIds: number[]): Promise<Permiso[]> {
    if (!roleIds.length) return [];
    const { repo, keyFrom, keyTo } = this.rolePermisos;
    const links = await repo.find({ where: { [keyFrom]: { inq: roleIds } } });
    const ids = [...new Set(links.map((l) => Number(l[keyTo])))];
    if (!ids.length) return [];
    const rows = await this.permisos.find({ where: { id: { inq: ids } } });
    return rows.map((p) => ({
      controllerName: String(p.controllerName ?? ''),
      moduleName: String(p.moduleName ?? ''),
      actionName: String(p.actionName ?? ''),
    }));
  }

  private async rolesOf(usuarioId: number): Promise<number[]> {
    const links = await this.userRoles.repo.find({ where: { [this.userRoles.keyFrom]: usuarioId } });
    return links.map((l) => Number(l[this.userRoles.keyTo]));
  }

  /** The ids among `among` of roles that are admin (codigo exactly 'admin', compared here, not by the store). */
  async adminRoleIds(among: number[]): Promise<Set<number>> {
    if (!among.length) return new Set();
    const admins = await this.roles.find({ where: { id: { inq: among } } });
    return new Set(admins.filter((r) => r.codigo === ADMIN_ROLE).map((r) => Number(r.id)));
  }

  /** The ids among `usuarioIds` of users holding an admin role. */
  async adminUserIds(usuarioIds: number[]): Promise<Set<number>> {
    if (!usuarioIds.length) return new Set();
    const { repo, keyFrom, keyTo } = this.userRoles;
    const links = await repo.find({ where: { [keyFrom]: { inq: usuarioIds } } });
    const admins = await this.adminRoleIds([...new Set(links.map((l) => Number(l[keyTo])))]);
    return new Set(links.filter((l) => admins.has(Number(l[keyTo]))).map((l) => Number(l[keyFrom])));
  }

  /** The ids among `permisoIds` of permisos assigned to an admin role. */
  async adminPermisoIds(permisoIds: number[]): Promise<Set<number>> {
    if (!permisoIds.length) return new Set();
    const { repo, keyFrom, keyTo } = this.rolePermisos;
    const links = await repo.find({ where: { [keyTo]: { inq: permisoIds } } });
    const admins = await this.adminRoleIds([...new Set(links.map((l) => Number(l[keyFrom])))]);
    return new Set(links.filter((l) => admins.has(Number(l[keyFrom]))).map((l) => Number(l[keyTo])));
  }

  // ---- the matrix ----

  /** Every role, the permisos of `filter` (where/order/limit/skip), and the assignments between them. */
  async matrix(filter: Filter<Row> = {}): Promise<PermissionMatrix> {
    checkFilter(this.permisos.schema, filter);
    const sort = this.permisos.schema.sort;
    const permisos = await this.permisos.find({
      where: filter.where,
      order: filter.order ?? [`${sort.field} ${sort.order}`, 'id ASC'],
      limit: filter.limit,
      skip: filter.skip ?? filter.offset,
    });
    const roles = await this.roles.find({ order: ['id ASC'] });
    const { repo, keyFrom, keyTo } = this.rolePermisos;
    const permisoIds = permisos.map((p) => Number(p.id));
    const rolIds = roles.map((r) => Number(r.id));
    const links =
      permisoIds.length && rolIds.length
        ? await repo.find({
            where: { and: [{ [keyTo]: { inq: permisoIds } }, { [keyFrom]: { inq: rolIds } }] },
            order: [`${keyFrom} ASC`, `${keyTo} ASC`],
          })
        : [];
    return {
      roles: roles.map((r) => this.shape(this.roles.schema, r.toObject())),
      permisos: permisos.map((p) => this.shape(this.permisos.schema, p.toObject())),
      asignaciones: links.map((l) => ({ rolId: Number(l[keyFrom]), permisoId: Number(l[keyTo]) })),
    };
  }

  /** Every readable field of the schema, null when unset (the same shape on both stores). */
  private shape(schema: ResourceSchema, row: PlainRow): PlainRow {
    const out: PlainRow = {};
    for (const field of schema.fields) if (!field.writeOnly) out[field.name] = row[field.name] ?? null;
    return out;
  }

  // ---- replacing assignments ----

  /** 404 ENTITY_NOT_FOUND for the first id of `ids` that `repo` does not hold. */
  private async assertExist(repo: SchemaRepository, ids: number[], where?: Where<Row>): Promise<Row[]> {
    if (!ids.length) return [];
    const idField = repo.schema.idField;
    const idWhere = { [idField]: { inq: ids } };
    const found = await repo.find({ where: where ? { and: [idWhere, where] } : idWhere });
    const known = new Set(found.map((r) => Number(r[idField])));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw new EntityNotFoundError(repo.schema.model, missing);
    return found;
  }

  /** Makes the join rows of `from` exactly `to` (deleting and adding only the differences). */
  private replaceLinks(link: Link, from: number, to: number[]): Promise<void> {
    const { repo, keyFrom, keyTo } = link;
    return this.lock.run(async () => {
      const current = (await repo.find({ where: { [keyFrom]: from } })).map((l) => Number(l[keyTo]));
      const wanted = new Set(to);
      const stale = current.filter((id) => !wanted.has(id));
      const added = to.filter((id) => !current.includes(id));
      if (stale.length) await repo.deleteAll({ [keyFrom]: from, [keyTo]: { inq: stale } });
      if (added.length) await repo.createAll(added.map((id) => ({ [keyFrom]: from, [keyTo]: id })));
      this.forget();
    });
  }

  /** Replaces a role's permisos; only an admin may change those of the admin role (403 otherwise). */
  async setRolePermisos(access: CompanyAccess, rolId: number, permisoIds: number[]): Promise<void> {
    await this.assertExist(this.roles.untyped, [rolId]);
    if (!access.admin && (await this.adminRoleIds([rolId])).size) {
      throw new HttpErrors.Forbidden(FORBIDDEN_ADMIN_PERMISOS);
    }
    const ids = [...new Set(permisoIds)];
    const rows = await this.assertExist(this.permisos.untyped, ids);
    if (!access.admin) {
      // Nobody grants more than they hold: every permiso added must be one the caller's own rules cover.
      const rules = (access.userId !== null && (await this.stateOf(access.userId))?.rules) || [];
      const current = new Set(
        (await this.rolePermisos.repo.find({ where: { [this.rolePermisos.keyFrom]: rolId } })).map((l) =>
          Number(l[this.rolePermisos.keyTo]),
        ),
      );
      const beyond = rows.find(
        (p) =>
          !current.has(Number(p.id)) &&
          !canAccessWithRules(rules, {
            action: String(p.controllerName ?? ''),
            resource: String(p.moduleName ?? ''),
          }),
      );
      if (beyond) throw new HttpErrors.Forbidden(FORBIDDEN_GRANT_BEYOND);
    }
    await this.replaceLinks(this.rolePermisos, rolId, ids);
  }

  /**
   * Replaces a user's roles. The user must be visible to `access` (404 otherwise, as any company row); only
   * an admin may grant or remove the admin role (it lifts company isolation) — 403 otherwise.
   */
  async setUserRoles(access: CompanyAccess, usuarioId: number, rolIds: number[]): Promise<void> {
    const companyField = this.usuarios.schema.companyField;
    const visible = companyField ? restrictWhere(undefined, access, companyField) : undefined;
    await this.assertExist(this.usuarios.untyped, [usuarioId], visible);
    const ids = [...new Set(rolIds)];
    await this.assertExist(this.roles.untyped, ids);
    if (!access.admin) {
      const current = await this.rolesOf(usuarioId);
      const changed = [
        ...ids.filter((id) => !current.includes(id)),
        ...current.filter((id) => !ids.includes(id)),
      ];
      if ((await this.adminRoleIds(changed)).size) throw new HttpErrors.Forbidden(FORBIDDEN_ADMIN_ROLE);
    }
    await this.replaceLinks(this.userRoles, usuarioId, ids);
  }
}
