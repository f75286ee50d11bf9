/**
 * What only an admin may write: the records that make someone an admin. Admin = a role whose codigo is exactly
 * 'admin' (server/company.ts); it lifts company isolation, so a non-admin who could create that role, give
 * their own role that codigo, or take over an admin's account would become one. For a non-admin these writes
 * answer 403 in LoopBack's shape and write nothing:
 * - roles: creating one with codigo 'admin', giving a role that codigo, changing or deleting the admin role
 *   (POST, PUT, PATCH by id, PATCH ?where, DELETE);
 * - permisos: changing or deleting a permiso assigned to the admin role (its permisos are the admin's);
 * - usuarios: changing or deleting a user who holds the admin role (password, mail, company, activoSN…).
 * The admin role's permisos through PUT /roles/{id}/permisos and granting/removing the admin role to users
 * through PUT /usuarios/{id}/roles are refused by AccessService itself. Ordinary roles, permisos and users
 * are managed by non-admins as before; admins keep full control.
 *
 * Enforced by a global interceptor on the generated CRUD routes (the generic controller and repository stay
 * generic; their write hooks see neither the caller nor the row before the change). It runs after body and
 * parameter validation and before the write; ids a non-admin cannot see keep answering 404.
 */
import type { Interceptor } from '@loopback/core';
import type { Where } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import type { ResourceSchema } from '../../src/resources/types';
import { ADMIN_ROLE, restrictWhere } from '../company';
import { resourceOf } from '../crud-controllers';
import type { IdType, Row, SchemaRepository } from '../repositories';
import type { PlainRow, RepositoryOf } from '../repository-set';
import { isRecord } from '../../src/core/guards';
import { FORBIDDEN_ADMIN_PERMISOS, type AccessService } from './access';
import { passwordProblem } from '../../src/core/passwordPolicy';
import { fieldErrors } from '../write-rules';
import { AuthBindings, type CompanyAccess } from './keys';
import type { TokenService } from './tokens';

export const FORBIDDEN_ADMIN_ROLE_EDIT =
  'Solo un administrador puede crear, modificar o eliminar el rol de administrador.';
export const FORBIDDEN_ADMIN_USER =
  'Solo un administrador puede modificar o eliminar a un usuario administrador.';
export const FORBIDDEN_SELF_DISABLE = 'No puede desactivar su propio usuario.';
export const FORBIDDEN_CREDENTIALS =
  'Solo un administrador puede cambiar la contraseña o el correo de un usuario; cada usuario cambia los suyos con su contraseña actual.';

/** A write of a generated CRUD controller: what it sends and which stored rows it touches. */
export interface GuardedWrite {
  /** The body of a create, replace or update (as the client sent it). */
  data?: PlainRow;
  /** The row of a by-id replace, update or delete. */
  id?: IdType;
  /** PATCH ?where: every row `where` matches (all rows without one). */
  many?: { where?: Where<Row> };
}

/**
 * The write a generated controller method performs with these arguments (crud-controllers.ts: create(data),
 * updateAll(data, where), updateById(id, data), replaceById(id, data), deleteById(id)); undefined for reads,
 * other methods and a PATCH by id with an empty body (LoopBack answers it 400 and writes nothing).
 */
export function writeOf(method: string, args: readonly unknown[]): GuardedWrite | undefined {
  const body = (value: unknown): PlainRow => (isRecord(value) ? value : {});
  switch (method) {
    case 'create':
      return { data: body(args[0]) };
    case 'updateAll':
      return { data: body(args[0]), many: { where: args[1] as Where<Row> | undefined } };
    case 'updateById':
    case 'replaceById': {
      const data = body(args[1]);
      return Object.keys(data).length || method === 'replaceById'
        ? { data, id: args[0] as IdType }
        : undefined;
    }
    case 'deleteById':
      return { id: args[0] as IdType };
    default:
      return undefined;
  }
}

type Check = (caller: CompanyAccess, write: GuardedWrite) => Promise<string | undefined>;

export class AdminGuard {
  private readonly checks: ReadonlyMap<string, Check>;

  constructor(private readonly access: AccessService) {
    this.checks = new Map<string, Check>([
      [access.roles.schema.name, (_, write) => this.roleWrite(write)],
      [access.permisos.schema.name, (_, write) => this.permisoWrite(write)],
      [access.usuarios.schema.name, (caller, write) => this.usuarioWrite(caller, write)],
    ]);
  }

  get usuarios(): RepositoryOf<'usuarios'> {
    return this.access.usuarios;
  }

  /** Whether writes to `schema` are checked. */
  guards(schema: ResourceSchema): boolean {
    return this.checks.has(schema.name);
  }

  /** Throws 403 when `caller` (not an admin) may not perform `write` on `schema`. */
  async check(caller: CompanyAccess, schema: ResourceSchema, write: GuardedWrite): Promise<void> {
    if (caller.admin) return;
    const refusal = await this.checks.get(schema.name)?.(caller, write);
    if (refusal) throw new HttpErrors.Forbidden(refusal);
  }

  /** The stored rows `write` changes or deletes (within `visible` when given). */
  private async targets(
    repo: SchemaRepository,
    write: GuardedWrite,
    visible?: CompanyAccess,
  ): Promise<Row[]> {
    const idField = repo.schema.idField;
    let where: Where<Row> | undefined;
    if (write.id !== undefined) where = { [idField]: write.id };
    else if (write.many) where = write.many.where;
    else return [];
    const companyField = repo.schema.companyField;
    if (visible && companyField) where = restrictWhere(where, visible, companyField);
    return repo.find({ where });
  }

  private ids(repo: SchemaRepository, rows: Row[]): number[] {
    return rows.map((r) => Number(r[repo.schema.idField]));
  }

  private async roleWrite(write: GuardedWrite): Promise<string | undefined> {
    if (write.data?.codigo === ADMIN_ROLE) return FORBIDDEN_ADMIN_ROLE_EDIT;
    const rows = await this.targets(this.access.roles.untyped, write);
    return rows.some((r) => r.codigo === ADMIN_ROLE) ? FORBIDDEN_ADMIN_ROLE_EDIT : undefined;
  }

  private async permisoWrite(write: GuardedWrite): Promise<string | undefined> {
    const repo = this.access.permisos.untyped;
    const ids = this.ids(repo, await this.targets(repo, write));
    return (await this.access.adminPermisoIds(ids)).size ? FORBIDDEN_ADMIN_PERMISOS : undefined;
  }

  private async usuarioWrite(caller: CompanyAccess, write: GuardedWrite): Promise<string | undefined> {
    const repo = this.access.usuarios.untyped;
    // Users of another company stay invisible: their routes answer 404 as before.
    const ids = this.ids(repo, await this.targets(repo, write, caller));
    if ((await this.access.adminUserIds(ids)).size) return FORBIDDEN_ADMIN_USER;
    // Credentials: a password is set only by an admin (the user's own goes through /usuarios/me/credenciales),
    // and an e-mail changed only by an admin.
    const data = write.data ?? {};
    const setsPassword = typeof data.password === 'string' && data.password !== '';
    const changesMail = 'mail' in data && (write.id !== undefined || write.many !== undefined);
    return setsPassword || changesMail ? FORBIDDEN_CREDENTIALS : undefined;
  }
}

/** 422 naming `password` when a new password breaks the policy (for every caller, admins included). */
async function checkPasswordPolicy(repo: RepositoryOf<'usuarios'>, write: GuardedWrite): Promise<void> {
  const password = write.data?.password;
  if (typeof password !== 'string' || password === '') return;
  let mail = typeof write.data?.mail === 'string' ? write.data.mail : undefined;
  if (mail === undefined && write.id !== undefined) {
    const [stored] = await repo.find({ where: { id: Number(write.id) }, limit: 1 });
    mail = stored?.mail ?? undefined;
  }
  const problem = passwordProblem(password, mail);
  if (problem) throw fieldErrors({ password: problem }, 'passwordPolicy');
}

/** Whether `write` disables (activoSN 'N') the caller's own account. */
const disablesSelf = (caller: CompanyAccess, write: GuardedWrite): boolean =>
  write.data?.activoSN === 'N' &&
  caller.userId !== null &&
  write.id !== undefined &&
  Number(write.id) === caller.userId;

/**
 * The global interceptor running `guard` before the writes of the generated CRUD controllers. Nobody disables
 * their own account (403, admins included); a user whose password or e-mail an admin changed, or who was
 * disabled, is signed out everywhere.
 */
export function adminGuardInterceptor(guard: AdminGuard, tokens: TokenService): Interceptor {
  return async (invocation, next) => {
    const schema = resourceOf(invocation.target);
    const write =
      schema && guard.guards(schema) ? writeOf(invocation.methodName, invocation.args) : undefined;
    if (!schema || !write) return next();
    const caller = await invocation.get(AuthBindings.COMPANY_ACCESS);
    await guard.check(caller, schema, write);
    const usuarios = guard.usuarios;
    if (schema.name !== usuarios.schema.name) return next();
    if (disablesSelf(caller, write)) throw new HttpErrors.Forbidden(FORBIDDEN_SELF_DISABLE);
    await checkPasswordPolicy(usuarios, write);
    const result = await next();
    const credentials = write.data && ('password' in write.data || 'mail' in write.data);
    const disabled = write.data?.activoSN === 'N';
    if (write.id !== undefined && (credentials || disabled || invocation.methodName === 'deleteById')) {
      await tokens.endOtherSessions(Number(write.id));
    }
    return result;
  };
}
