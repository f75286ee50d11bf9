/**
 * The users side of auth: credential check (bcrypt), the `userData` document (the usuario without its
 * password, with its roles each carrying their permisos), and sign-up.
 */
import { HttpErrors } from '@loopback/rest';
import { isRecord } from '../../src/core/guards';
import { passwordProblem } from '../../src/core/passwordPolicy';
import { forbiddenCompany, mayWriteCompany } from '../company';
import { decoyHash, verifyPassword } from '../passwords';
import { escapeLike } from '../../src/core/likePatterns';
import { fieldErrors } from '../write-rules';
import type { PlainRow, RepositoryOf, RowOf, StoredEntity } from '../repository-set';
import type { CompanyAccess, CurrentUser } from './keys';

export const WRONG_CREDENTIALS = 'Email o contraseña incorrectos.';
export const SIGNUP_ADMIN_ONLY = 'Solo un administrador puede dar de alta usuarios.';
export const SIGNUP_DISABLED = 'El alta de usuarios está desactivada en este servidor.';
export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';
export const USER_DISABLED = 'Este usuario está desactivado. Consulte con un administrador.';

/** A disabled user (activoSN 'N'): refused at sign-in, at refresh and on every request. Active otherwise. */
export const userDisabled = (user: { activoSN?: unknown } | null | undefined): boolean =>
  user?.activoSN === 'N';

export interface UserServiceOptions {
  /** Whether POST /auth/signup creates accounts (always only for admins). */
  signup: boolean;
}

export interface CredentialsChange {
  currentPassword: string;
  password?: string;
  mail?: string;
}

/** A LIKE pattern matching `text` literally (MySQL's default escape character is the backslash). */

export interface SignupData {
  email: string;
  password: string;
  nombre?: string;
  codigo?: string;
  empresaId?: number;
}

export class UserService {
  constructor(
    private readonly usuarios: RepositoryOf<'usuarios'>,
    private readonly options: UserServiceOptions = { signup: true },
  ) {}

  /** The user of an email, compared case-insensitively (as MySQL's collation does) on both stores. */
  async findByEmail(email: string): Promise<RowOf<'usuarios'> | null> {
    const found = await this.usuarios.find({
      where: { mail: { like: escapeLike(email.trim()) } },
      limit: 1,
    });
    return found[0] ?? null;
  }

  /** The user for these credentials, or 401 'Email o contraseña incorrectos.'. */
  async verifyCredentials(email: string, password: string): Promise<RowOf<'usuarios'>> {
    const user = await this.findByEmail(email);
    const hash = user?.password;
    // An unknown e-mail costs one bcrypt check too, so the answer time does not tell which e-mails exist.
    const stored = typeof hash === 'string' ? hash : await decoyHash();
    if (!(await verifyPassword(password, stored)) || !user || typeof hash !== 'string') {
      throw new HttpErrors.Unauthorized(WRONG_CREDENTIALS);
    }
    return user;
  }

  /**
   * The signed-in user changes their own password and/or e-mail, proving it with the current password (401
   * otherwise); a new password follows the policy (422 naming `password`).
   */
  async changeOwnCredentials(id: number, change: CredentialsChange): Promise<void> {
    const [user] = await this.usuarios.find({ where: { id }, limit: 1 });
    const hash = user?.password;
    if (!user || typeof hash !== 'string' || !(await verifyPassword(change.currentPassword, hash))) {
      throw new HttpErrors.Unauthorized(WRONG_CURRENT_PASSWORD);
    }
    const mail = change.mail ?? String(user.mail);
    const data: Pick<StoredEntity<'usuarios'>, 'mail' | 'password'> = {};
    if (change.mail !== undefined) data.mail = change.mail;
    if (change.password !== undefined) {
      const problem = passwordProblem(change.password, mail);
      if (problem) throw fieldErrors({ password: problem }, 'passwordPolicy');
      data.password = change.password;
    }
    if (Object.keys(data).length) await this.usuarios.updateById(id, data);
  }

  profile(user: Pick<StoredEntity<'usuarios'>, 'id' | 'mail' | 'empresaId'>, sid: string): CurrentUser {
    return {
      id: Number(user.id),
      email: String(user.mail),
      empresaId: typeof user.empresaId === 'number' ? user.empresaId : null,
      sid,
    };
  }

  /**
   * The usuario (no password) with `empresaId` (null when none) and `roles`, each with `permisos` (both always
   * arrays here).
   */
  async userData(id: number): Promise<PlainRow> {
    const user = await this.usuarios.findById(id, {
      include: [{ relation: 'roles', scope: { include: [{ relation: 'permisos' }] } }],
    });
    // the included relations are no declared fields: the row as JSON, with `roles` read through a guard
    const data: PlainRow = { ...user.toJSON() };
    data.empresaId = data.empresaId ?? null;
    const roles = Array.isArray(data.roles) ? data.roles.filter(isRecord) : [];
    data.roles = roles.map((rol) => ({ ...rol, permisos: Array.isArray(rol.permisos) ? rol.permisos : [] }));
    return data;
  }

  /** A new usuario, by default in the creator's company: only an admin signs users up (403 otherwise). */
  async signup(data: SignupData, creator: CompanyAccess): Promise<PlainRow> {
    if (!this.options.signup) throw new HttpErrors.Forbidden(SIGNUP_DISABLED);
    if (!creator.admin) throw new HttpErrors.Forbidden(SIGNUP_ADMIN_ONLY);
    const empresaId = data.empresaId ?? creator.empresaId ?? undefined;
    if (!mayWriteCompany(creator, empresaId)) throw forbiddenCompany();
    const problem = passwordProblem(data.password, data.email);
    if (problem) throw fieldErrors({ password: problem }, 'passwordPolicy');
    const created = await this.usuarios.create({
      nombre: data.nombre ?? data.email,
      mail: data.email,
      password: data.password,
      ...(data.codigo !== undefined ? { codigo: data.codigo } : {}),
      ...(empresaId !== undefined && empresaId !== null ? { empresaId } : {}),
    });
    return { ...created.toJSON() };
  }
}
