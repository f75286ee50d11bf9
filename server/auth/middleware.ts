/**
 * Authentication, once for every route: a middleware in LoopBack's 'authentication' group (after the route
 * is found, before parameters are parsed). Controller routes need a valid Bearer access token unless their
 * operation spec says `x-public: true`; static files and unknown paths (which answer 404) pass through.
 * The verified principal is bound to the request context (AuthBindings.CURRENT_USER) for controllers and
 * for a later company-scoping interceptor.
 */
import type { Middleware } from '@loopback/express';
import {
  ControllerRoute,
  HttpErrors,
  RestBindings,
  RestMiddlewareGroups,
  Route,
  type ResolvedRoute,
} from '@loopback/rest';
import { forbiddenMessage, UNDECLARED_MESSAGE } from '../../src/core/apiPermisos';
import { canAccessWithRules } from '../../src/core/permissions';
import type { AccessService } from './access';
import { AuthBindings } from './keys';
import { permisoOf, SIGNED_IN } from './permiso';
import type { TokenService } from './tokens';
import { USER_DISABLED } from './users';

/** A token whose user was deleted or whose session was ended (logout elsewhere, password change). */
export const SESSION_ENDED = 'La sesión ya no es válida. Inicie sesión de nuevo.';

/** Writes to these resources change who may do what: cached caller states are dropped after them. */
const ACCESS_RESOURCES = new Set(['usuarios', 'roles', 'permisos']);

/** The access token of an Authorization header, with @loopback/authentication-jwt's 401 messages. */
export function bearerToken(header: string | undefined): string {
  if (!header) throw new HttpErrors.Unauthorized('Authorization header not found.');
  if (!header.startsWith('Bearer')) {
    throw new HttpErrors.Unauthorized("Authorization header is not of type 'Bearer'.");
  }
  const parts = header.split(' ');
  if (parts.length !== 2) {
    throw new HttpErrors.Unauthorized(
      "Authorization header value has too many parts. It must follow the pattern: 'Bearer xx.yy.zz' where xx.yy.zz is a valid JWT token.",
    );
  }
  return parts[1];
}

export const requiresAuth = (route: ResolvedRoute): boolean =>
  (route instanceof ControllerRoute || route instanceof Route) && route.spec['x-public'] !== true;

/**
 * The token, the user behind it (still stored and active, session still open) and the permiso the operation declares,
 * in that order: 401 for the first two, 403 for the last (default deny when nothing is declared).
 */
export function authenticationMiddleware(tokens: TokenService, access: AccessService): Middleware {
  return async (ctx, next) => {
    const route = await ctx.get(RestBindings.Operation.ROUTE, { optional: true });
    if (!route || !requiresAuth(route)) return next();
    const user = tokens.verifyAccess(bearerToken(ctx.request.headers.authorization));
    const [state, open] = await Promise.all([access.stateOf(user.id), tokens.sessionOpen(user)]);
    if (!state || !open) throw new HttpErrors.Unauthorized(SESSION_ENDED);
    if (state.disabled) throw new HttpErrors.Unauthorized(USER_DISABLED);
    ctx.bind(AuthBindings.CURRENT_USER).to(user);
    const needed = permisoOf(route.spec);
    if (!needed) throw new HttpErrors.Forbidden(UNDECLARED_MESSAGE);
    if (needed !== SIGNED_IN && !canAccessWithRules(state.rules, needed)) {
      throw new HttpErrors.Forbidden(forbiddenMessage(needed));
    }
    const result = await next();
    if (needed !== SIGNED_IN && ctx.request.method !== 'GET' && ACCESS_RESOURCES.has(needed.resource)) {
      access.forget();
    }
    return result;
  };
}

export const AUTHENTICATION_MIDDLEWARE_OPTIONS = {
  key: 'middleware.pim.authentication',
  group: RestMiddlewareGroups.AUTHENTICATION,
  upstreamGroups: [RestMiddlewareGroups.FIND_ROUTE],
  downstreamGroups: [RestMiddlewareGroups.PARSE_PARAMS],
};
