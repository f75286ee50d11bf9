/** Plain HTTP calls to the reference API as a signed-in user, for contract tests of custom endpoints. */

export type Row = Record<string, unknown> & { error?: Record<string, unknown> };

/** A value as the URL-encoded JSON LoopBack reads in `?filter=` and `?where=`. */
export const q = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

/**
 * `call(token, method, path, body?)` → `{status, body}` against the server whose URL `baseUrl()` gives (read at
 * call time, so it can be the server a beforeAll starts). The body is parsed JSON, or undefined when empty.
 */
export const apiCaller =
  (baseUrl: () => string) => async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Row & Row[] };
  };
