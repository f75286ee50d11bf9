/** Binding keys of the auth layer, and the authenticated principal kept in each request context. */
import { BindingKey } from '@loopback/core';
import type { TokenService } from './tokens';
import type { UserService } from './users';

/** What a valid access token says about its bearer (the JWT payload). */
export interface CurrentUser {
  id: number;
  email: string;
  /** The user's company; a later interceptor scopes company data (schemas with `companyField`) by it. */
  empresaId: number | null;
}

export const AuthBindings = {
  /** Bound in every authenticated request's context by the authentication middleware. */
  CURRENT_USER: BindingKey.create<CurrentUser>('pim.auth.currentUser'),
  TOKENS: BindingKey.create<TokenService>('pim.auth.tokens'),
  USERS: BindingKey.create<UserService>('pim.auth.users'),
} as const;

/** OpenAPI extension marking an operation that needs no token. */
export const PUBLIC = { 'x-public': true } as const;
