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
import { AuthBindings } from './keys';
import type { TokenService } from './tokens';

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

export function authenticationMiddleware(tokens: TokenService): Middleware {
  return async (ctx, next) => {
    const route = await ctx.get(RestBindings.Operation.ROUTE, { optional: true });
    if (route && requiresAuth(route)) {
      const user = tokens.verifyAccess(bearerToken(ctx.request.headers.authorization));
      ctx.bind(AuthBindings.CURRENT_USER).to(user);
    }
    return next();
  };
}

export const AUTHENTICATION_MIDDLEWARE_OPTIONS = {
  key: 'middleware.pim.authentication',
  group: RestMiddlewareGroups.AUTHENTICATION,
  upstreamGroups: [RestMiddlewareGroups.FIND_ROUTE],
  downstreamGroups: [RestMiddlewareGroups.PARSE_PARAMS],
};
