/**
 * The built app as static files, compressed, with caching that suits a hashed build: files under /assets carry
 * a content hash in their names, so they are cached for a year and never revalidated; index.html (which names
 * the current hashes) is revalidated on every load, so a new build is picked up at once.
 *
 * Compression, three ways:
 * - The build writes each text file also as .br and .gz (vite.config.mts); express-static-gzip sends the form the
 *   browser accepts as it is. Compressing the app's 1.3 MB of script on every cold load took 20–40 ms of the
 *   server's CPU per load.
 * - A JSON answer written in one piece (LoopBack's writer does so) is gzipped in one call (`compressAnswer`).
 *   The `compression` middleware's stream per answer cost about 0.5 ms of CPU for a 13 kB page of 25 products,
 *   a fifth of the API's CPU for that page; one zlib call costs 0.04 ms.
 * - Anything else large enough (streamed answers: exports, the shopping feed) goes through `compression`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import compression from 'compression';
import { Router, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { RestApplication } from '@loopback/rest';

export const HASHED_ASSETS_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file served from the build: hashed assets for a year, anything else revalidated. */
export const cacheControlFor = (filePath: string, rootDir: string): string => {
  const relative = path.relative(rootDir, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? HASHED_ASSETS_CACHE : REVALIDATE;
};

/** Below this a JSON answer goes as it is (as `compression`'s default threshold). */
const ONE_SHOT_MIN_BYTES = 1024;
/** Above this, `compression`'s stream (off the event loop) does it: one call would hold every request a while. */
const ONE_SHOT_MAX_BYTES = 256 * 1024;

const isJson = (res: ServerResponse): boolean =>
  /^application\/json\b/i.test(String(res.getHeader('Content-Type') ?? ''));

const isEmpty = (chunk: unknown): boolean =>
  (typeof chunk === 'string' || Buffer.isBuffer(chunk)) && chunk.length === 0;

/** `compression`'s middleware, one for every answer (it holds only its options). */
const streamCompression = compression();

/**
 * Compresses an answer (installed on each request by answer-front.ts): a JSON answer ended in one piece is
 * gzipped in one zlib call when the client accepts gzip (see the header); any other answer — written in pieces,
 * larger, or of another type — goes through `compression`, put in place only then. Installing `compression` on
 * every request, as an Express middleware of LoopBack's chain, cost about 0.1 ms of CPU per request.
 */
export function compressAnswer(req: Request, res: Response): void {
  const end = res.end as (...args: unknown[]) => Response;
  const write = res.write;
  /** The response's own write and end back in place. */
  const restore = (): void => {
    res.end = end as Response['end'];
    res.write = write;
  };
  /** Ends the answer as it is. */
  const endAsItIs = (args: unknown[]): Response => {
    restore();
    return end.apply(res, args);
  };
  /** `compression` takes over: its write and end wrap the response's own, and it sees the headers go. */
  const engage = (): void => {
    restore();
    streamCompression(req, res, () => undefined);
  };
  res.write = function (...args: unknown[]) {
    engage();
    return (res.write as (...a: unknown[]) => boolean)(...args);
  } as Response['write'];
  res.end = function (...args: unknown[]) {
    const [chunk, encoding] = args;
    const throughCompression = () => {
      engage();
      return (res.end as (...a: unknown[]) => Response)(...args);
    };
    // an answer without a body (a 204, a redirect): nothing to compress
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || isEmpty(chunk))
      return endAsItIs(args);
    // the cheap questions first: most small answers are not worth compressing
    if (res.headersSent || req.method === 'HEAD' || res.getHeader('Content-Encoding') || !isJson(res))
      return throughCompression();
    const size =
      typeof chunk === 'string'
        ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.isBuffer(chunk)
          ? chunk.length
          : 0;
    if (size > ONE_SHOT_MAX_BYTES) return throughCompression();
    // as `compression` answers a JSON answer of any size
    res.vary('Accept-Encoding');
    if (size < ONE_SHOT_MIN_BYTES || req.acceptsEncodings('gzip', 'identity') !== 'gzip')
      return endAsItIs(args);
    const body =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : (chunk as Buffer);
    const zipped = gzipSync(body, { level: 1 });
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', zipped.length);
    return endAsItIs([
      zipped,
      ...args.slice(typeof chunk === 'string' && typeof encoding === 'string' ? 2 : 1),
    ]);
  } as Response['end'];
}

export const serveBuiltApp = (
  app: RestApplication,
  rootDir: string,
  moreHeaders?: (res: ServerResponse) => void,
): void => {
  const root = path.resolve(rootDir);
  const files = Router();
  files.use(
    expressStaticGzip(root, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: {
        setHeaders: (res: ServerResponse<IncomingMessage>, filePath: string) => {
          moreHeaders?.(res);
          res.setHeader('Cache-Control', cacheControlFor(filePath, root));
        },
      },
    }),
  );
  // asked only for the paths no API route answers
  app.mountExpressRouter('/', files);
};
