/**
 * Response headers of the built app and the API: a strict Content-Security-Policy for the app (scripts only
 * from this origin, no inline script; MUI's emotion injects style elements, hence inline styles), no framing
 * anywhere, no MIME sniffing, no referrer leaving the origin. CORS answers only configured origins.
 */
import type { ServerResponse } from 'node:http';

/** The app's CSP; `connectSrc` adds the origins of an API served elsewhere (config.json apiUrl). */
export function contentSecurityPolicy(connectSrc: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSrc].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer carries. */
export function setCommonHeaders(res: Pick<ServerResponse, 'setHeader'>): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
}

/** setHeaders of the app's static files: the common headers and the CSP. */
export const appHeaders =
  (connectSrc: readonly string[] = []) =>
  (res: ServerResponse): void => {
    setCommonHeaders(res);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(connectSrc));
  };

/** The headers of every API answer (answer-front.ts): the common ones and a CSP that allows nothing to run. */
export function setApiHeaders(res: Pick<ServerResponse, 'setHeader'>): void {
  setCommonHeaders(res);
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
}

/** CORS_ORIGINS=https://a.example,https://b.example → those origins; nothing configured → no CORS at all. */
export const corsOrigins = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
