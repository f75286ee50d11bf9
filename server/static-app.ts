/**
 * The built app as static files, compressed, with caching that suits a hashed build: files under /assets carry
 * a content hash in their names, so they are cached for a year and never revalidated; index.html (which names
 * the current hashes) is revalidated on every load, so a new build is picked up at once. The `compression`
 * middleware (gzip/deflate as the browser accepts) applies to every answer large enough to gain from it,
 * API JSON included.
 */
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import type { RestApplication } from '@loopback/rest';

export const HASHED_ASSETS_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file served from the build: hashed assets for a year, anything else revalidated. */
export const cacheControlFor = (filePath: string, rootDir: string): string => {
  const relative = path.relative(rootDir, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? HASHED_ASSETS_CACHE : REVALIDATE;
};

export const compressAnswers = (app: RestApplication): void => {
  app.expressMiddleware('middleware.compression', compression());
};

export const serveBuiltApp = (
  app: RestApplication,
  rootDir: string,
  moreHeaders?: (res: ServerResponse) => void,
): void => {
  const root = path.resolve(rootDir);
  app.static('/', root, {
    setHeaders: (res: ServerResponse, filePath: string) => {
      moreHeaders?.(res);
      res.setHeader('Cache-Control', cacheControlFor(filePath, root));
    },
  });
};
