/**
 * The AECOC manual send carries FTP credentials in its path (docs/requirements.md#r7-api GET /enviarAECOCmanual/{email}/{password}).
 * LoopBack's default error logger prints `method url status stack` for every 5xx, which would put the password
 * in the server log. The logger bound here (features/integrations-aecoc.ts) behaves like LoopBack's own
 * (nothing below 500) but masks that route's path segments, and any copy of them in the error text.
 */
import type { LogError, Request } from '@loopback/rest';

const MANUAL_ROUTE = /(\/enviarAECOCmanual)\/([^?#]*)/i;
export const MASK = '***';

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The credential segments of a manual-send URL (raw and decoded), longest first; [] for any other URL. */
export function credentialsIn(url: string): string[] {
  const match = MANUAL_ROUTE.exec(url);
  if (!match) return [];
  const raw = match[2].split('/').filter((segment) => segment !== '');
  const all = new Set<string>();
  for (const segment of raw) {
    all.add(segment);
    all.add(decode(segment));
  }
  return [...all].filter((value) => value.length > 0).sort((a, b) => b.length - a.length);
}

/** The URL with the manual route's credentials replaced by ***. */
export const maskUrl = (url: string): string =>
  url.replace(MANUAL_ROUTE, (_whole, route: string) => `${route}/${MASK}/${MASK}`);

/** Text with every given secret replaced by ***. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(MASK);
  return out;
}

/** LoopBack's log-error action, with the manual AECOC credentials masked. */
export function maskedLogError(
  write: (...args: unknown[]) => void = (...args) => console.error(...args),
): LogError {
  return (err: Error, statusCode: number, req: Request) => {
    if (statusCode < 500) return;
    const url = req.originalUrl || req.url;
    const secrets = credentialsIn(url);
    const detail = String(err?.stack ?? err);
    write(
      'Request %s %s failed with status code %s. %s',
      req.method,
      maskUrl(url),
      statusCode,
      maskSecrets(detail, secrets),
    );
  };
}
