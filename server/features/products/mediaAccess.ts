/**
 * Who may download an uploaded file (docs/requirements.md#r7-api "Files", DESIGN.md #r8-errors). Every request under /multimedia needs a
 * valid access token: `Authorization: Bearer …`, or the `access_token` query parameter for what cannot send
 * headers (<img>, links). No or a bad token: 401 like every other endpoint. An admin may read every file; anyone
 * else only the files in the folder of a product of their company (multimedia/{nombre}/…). Another company's
 * file, a folder that is no product, a malformed or traversing path: the same 404 a missing file gets, so
 * nothing tells whether it exists. Only what passes reaches the static files.
 */
import type { Middleware } from '@loopback/express';
import { HttpErrors, RestMiddlewareGroups, type Request } from '@loopback/rest';
import { AuthBindings, type CompanyAccess } from '../../auth/keys';
import { bearerToken } from '../../auth/middleware';
import type { RepositorySet } from '../../repository-set';
import { seesCompany } from './access';

/** The query parameter carrying the access token (the app's mediaUrl adds it). */
export const ACCESS_TOKEN_PARAM = 'access_token';

export const MISSING_TOKEN = `Authorization header or ${ACCESS_TOKEN_PARAM} parameter not found.`;

/**
 * Requests under /multimedia, compared on the raw path exactly as express mounts '/multimedia' for the static
 * files (case-insensitive, then '/' or the end), so nothing the static files would answer escapes the check.
 */
const UNDER_MEDIA = /^\/multimedia(?:\/|$)/i;

export const isMediaPath = (pathname: string): boolean => UNDER_MEDIA.test(pathname);

/** A decoded path segment that can only name an entry inside its folder. */
const isPlainSegment = (segment: string): boolean =>
  segment !== '' && segment !== '.' && segment !== '..' && !/[\\/\0]/.test(segment);

/**
 * The decoded segments after /multimedia — [folder, …, file] — or undefined when the path cannot be a stored
 * file: fewer than two segments, an empty, '.' or '..' segment (also percent-encoded), an encoded slash,
 * backslash or NUL, or broken percent-encoding.
 */
export function mediaSegments(pathname: string): string[] | undefined {
  if (!isMediaPath(pathname)) return undefined;
  const raw = pathname.slice('/multimedia/'.length).split('/');
  if (raw.length < 2) return undefined;
  const decoded: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (!isPlainSegment(segment)) return undefined;
    decoded.push(segment);
  }
  return decoded;
}

/**
 * The access token of a request: the Authorization header when one is sent (with the API's usual 401s for a
 * malformed one), else the single `access_token` query parameter; 401 when there is none.
 */
export function requestToken(authorization: string | undefined, url: string): string {
  if (authorization) return bearerToken(authorization);
  let values: string[] = [];
  try {
    values = new URL(url, 'http://localhost').searchParams.getAll(ACCESS_TOKEN_PARAM);
  } catch {
    // an unparseable address carries no usable token
  }
  if (values.length > 1) {
    throw new HttpErrors.Unauthorized(`Send the ${ACCESS_TOKEN_PARAM} parameter only once.`);
  }
  if (!values[0]) throw new HttpErrors.Unauthorized(MISSING_TOKEN);
  return values[0];
}

/** Whether the caller may read the files of folder `folder` (the name of a product of a company they see). */
export async function maySeeFolder(
  repositories: RepositorySet,
  access: CompanyAccess,
  folder: string,
): Promise<boolean> {
  if (access.admin) return true;
  if (access.empresaId === null) return false;
  const rows = await repositories.repository('productos').find({
    where: { nombre: folder, empresaId: access.empresaId },
    fields: { nombre: true, empresaId: true },
  });
  // Compared here too: MySQL's collation matches names case- and trailing-space-insensitively, folders do not.
  return rows.some((row) => row.nombre === folder && seesCompany(access, row.empresaId));
}

/** Exactly what the API answers for a path nothing serves. */
const notFound = (request: Request): Error =>
  new HttpErrors.NotFound(`Endpoint "${request.method} ${request.path}" not found.`);

/** The gate in front of the static /multimedia files. */
export function mediaAccessMiddleware(repositories: RepositorySet): Middleware {
  return async (ctx, next) => {
    const { request } = ctx;
    if (!isMediaPath(request.path)) return next();
    const tokens = await ctx.get(AuthBindings.TOKENS);
    const user = tokens.verifyAccess(requestToken(request.headers.authorization, request.originalUrl));
    const segments = mediaSegments(request.path);
    if (!segments) throw notFound(request);
    const access = await (await ctx.get(AuthBindings.ACCESS)).accessOf(user);
    if (!(await maySeeFolder(repositories, access, segments[0]))) throw notFound(request);
    return next();
  };
}

export const MEDIA_ACCESS_MIDDLEWARE_OPTIONS = {
  key: 'middleware.pim.mediaAccess',
  group: RestMiddlewareGroups.AUTHENTICATION,
  upstreamGroups: [RestMiddlewareGroups.FIND_ROUTE],
  downstreamGroups: [RestMiddlewareGroups.PARSE_PARAMS],
};
