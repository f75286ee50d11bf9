/**
 * The users side of auth: credential check (bcrypt), the `userData` document (the usuario without its
 * password, with its roles each carrying their permisos), and sign-up.
 */
import type { AnyObject } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import bcrypt from 'bcryptjs';
import { forbiddenCompany, mayWriteCompany } from '../company';
import type { Row, SchemaRepository } from '../repositories';
import type { CompanyAccess, CurrentUser } from './keys';

export const WRONG_CREDENTIALS = 'Email o contraseña incorrectos.';

/** A LIKE pattern matching `text` literally (MySQL's default escape character is the backslash). */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SignupData {
  email: string;
  password: string;
  nombre?: string;
  codigo?: string;
  empresaId?: number;
}

export class UserService {
  constructor(private readonly usuarios: SchemaRepository) {}

  /** The user of an email, compared case-insensitively (as MySQL's collation does) on both stores. */
  async findByEmail(email: string): Promise<Row | null> {
    const found = await this.usuarios.find({
      where: { mail: { like: likeLiteral(email.trim()) } },
      limit: 1,
    });
    return found[0] ?? null;
  }

  /** The user for these credentials, or 401 'Email o contraseña incorrectos.'. */
  async verifyCredentials(email: string, password: string): Promise<Row> {
    const user = await this.findByEmail(email);
    const hash = user?.password;
    if (!user || typeof hash !== 'string' || !(await bcrypt.compare(password, hash))) {
      throw new HttpErrors.Unauthorized(WRONG_CREDENTIALS);
    }
    return user;
  }

  profile(user: AnyObject, sid: string): CurrentUser {
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
  async userData(id: number): Promise<AnyObject> {
    const user = await this.usuarios.findById(id, {
      include: [{ relation: 'roles', scope: { include: [{ relation: 'permisos' }] } }],
    });
    const data = user.toJSON() as AnyObject;
    data.empresaId = data.empresaId ?? null;
    const roles = Array.isArray(data.roles) ? (data.roles as AnyObject[]) : [];
    data.roles = roles.map((rol) => ({ ...rol, permisos: Array.isArray(rol.permisos) ? rol.permisos : [] }));
    return data;
  }

  /** A new usuario, by default in the creator's company; a non-admin creates users of their company only (403). */
  async signup(data: SignupData, creator: CompanyAccess): Promise<AnyObject> {
    const empresaId = data.empresaId ?? creator.empresaId ?? undefined;
    if (!mayWriteCompany(creator, empresaId)) throw forbiddenCompany();
    const created = await this.usuarios.create({
      nombre: data.nombre ?? data.email,
      mail: data.email,
      password: data.password,
      ...(data.codigo !== undefined ? { codigo: data.codigo } : {}),
      ...(empresaId !== undefined && empresaId !== null ? { empresaId } : {}),
    });
    return created.toJSON() as AnyObject;
  }
}
