/**
 * CORS for browsers calling the API from the configured origins (CORS_ORIGINS), as a LoopBack middleware of its
 * own in the place of the one the REST server registers (`middleware.cors`): the same `cors` package with the
 * same options, without LoopBack's Express adapter, which for every request waited on the answer's end with
 * listeners on its socket and three promises. With no origin configured `cors` does nothing at all (not even
 * for a preflight), so there is no step.
 */
import cors, { type CorsOptions } from 'cors';
import type { Middleware } from '@loopback/express';
import type { RestApplication } from '@loopback/rest';

/** The REST server's CORS middleware (LoopBack registers it under this key). */
const CORS_KEY = 'middleware.cors';

/** CORS options for the configured origins (none: CORS off). */
export const corsOptions = (origins: readonly string[] | undefined): CorsOptions => ({
  origin: origins?.length ? [...origins] : false,
  credentials: true,
  methods: 'GET,HEAD,PUT,PATCH,POST,DELETE',
  maxAge: 86400,
});

/**
 * `cors` run at once: with fixed options (a list of origins) it either answers a preflight itself or calls
 * `next` before it returns.
 */
export function corsMiddleware(options: CorsOptions): Middleware {
  if (typeof options.origin === 'function') throw new Error('CORS origins must be a fixed list');
  const handle = cors(options);
  return (ctx, next) => {
    let outcome: { error?: unknown } | undefined;
    handle(ctx.request, ctx.response, (error?: unknown) => {
      outcome = { error };
    });
    if (outcome?.error) throw outcome.error;
    if (outcome) return next();
    // a preflight, answered by `cors`
    return ctx.response;
  };
}

/** Puts it in place of the REST server's; call once every route and middleware is registered, before start. */
export function replaceRestCors(app: RestApplication, options: CorsOptions): void {
  const server = app.restServer;
  // the REST server registers its CORS middleware when it builds its request handler
  void server.requestHandler;
  if (options.origin) server.getBinding(CORS_KEY).to(corsMiddleware(options));
  else server.unbind(CORS_KEY);
}
