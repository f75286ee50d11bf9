/**
 * Who is writing and from where, for the product history: kept per request (AsyncLocalStorage) by a middleware
 * that runs after authentication, so the write hooks of the repositories know it without new parameters. The
 * origin comes from the request's `X-Origen` header (the app's data provider sets it: form, import, mass edit),
 * the ERP sync routes are 'sincronizacion_erp', anything else 'api'. Writes outside a request (jobs, the seed)
 * are the system's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from '@loopback/express';
import { RestMiddlewareGroups } from '@loopback/rest';
import { ORIGIN_HEADER, origenOf, type Origen } from '../../../src/core/history/versions';
import { AuthBindings } from '../../auth/keys';

export interface WriteContext {
  usuario: string;
  origen: Origen;
  /** productoId → the version this request writes into (its later writes join it). */
  versions: Map<number, number>;
  /** Start a new version rather than join the user's last one (a restore). */
  fresh?: boolean;
}

export const SYSTEM_USER = 'sistema';

const storage = new AsyncLocalStorage<WriteContext>();

/** The context of the running request, or the system's outside one. */
export const writeContext = (): WriteContext =>
  storage.getStore() ?? { usuario: SYSTEM_USER, origen: 'api', versions: new Map() };

/**
 * Runs `work` as a write of `origen` by the current user (or by `usuario`: a job resumed outside the request
 * that started it), into a version of its own.
 */
export function asOwnVersion<T>(origen: Origen, work: () => Promise<T>, usuario?: string): Promise<T> {
  const current = writeContext();
  return storage.run({ usuario: usuario ?? current.usuario, origen, versions: new Map(), fresh: true }, work);
}

const ERP_ROUTES = /^\/sincroniza/i;

export function writeContextMiddleware(): Middleware {
  return async (ctx, next) => {
    const user = await ctx.get(AuthBindings.CURRENT_USER, { optional: true });
    const request = ctx.request;
    const origen: Origen = ERP_ROUTES.test(request.path)
      ? 'sincronizacion_erp'
      : origenOf(request.headers[ORIGIN_HEADER.toLowerCase()]);
    return storage.run({ usuario: user?.email ?? SYSTEM_USER, origen, versions: new Map() }, () => next());
  };
}

export const WRITE_CONTEXT_MIDDLEWARE_OPTIONS = {
  key: 'middleware.pim.writeContext',
  group: 'pim.writeContext',
  upstreamGroups: [RestMiddlewareGroups.AUTHENTICATION],
  downstreamGroups: [RestMiddlewareGroups.INVOKE_METHOD],
};
