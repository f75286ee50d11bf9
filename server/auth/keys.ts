/** Binding keys of the auth layer, and the authenticated principal kept in each request context. */
import { BindingKey } from '@loopback/core';
import type { AccessService } from './access';
import type { LoginThrottle } from './throttle';
import type { TokenService } from './tokens';
import type { UserService } from './users';

/** What a valid access token says about its bearer (the JWT payload). */
export interface CurrentUser {
  id: number;
  email: string;
  /** The user's company when the token was signed (company scoping reads the stored user instead). */
  empresaId: number | null;
  /** The session (sign-in) the token belongs to. */
  sid: string;
}

/**
 * What the current user may see of company data (schemas with `companyField`, and the company resource
 * itself), read from the stored usuario on each request: an admin (a role with codigo 'admin') sees every
 * company, anyone else only `empresaId` (nothing at all when it is null).
 */
export interface CompanyAccess {
  /** The stored usuario's id; null when the token's user no longer exists. */
  userId: number | null;
  admin: boolean;
  empresaId: number | null;
}

export const AuthBindings = {
  /** Bound in every authenticated request's context by the authentication middleware. */
  CURRENT_USER: BindingKey.create<CurrentUser>('pim.auth.currentUser'),
  TOKENS: BindingKey.create<TokenService>('pim.auth.tokens'),
  USERS: BindingKey.create<UserService>('pim.auth.users'),
  ACCESS: BindingKey.create<AccessService>('pim.auth.access'),
  THROTTLE: BindingKey.create<LoginThrottle>('pim.auth.throttle'),
  /** REQUEST-scoped: the CompanyAccess of the request's CURRENT_USER (computed once per request). */
  COMPANY_ACCESS: BindingKey.create<CompanyAccess>('pim.auth.companyAccess'),
} as const;

/** OpenAPI extension marking an operation that needs no token. */
export const PUBLIC = { 'x-public': true } as const;
