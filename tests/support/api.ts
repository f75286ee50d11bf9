/** Plain HTTP calls to the reference API as a signed-in user, for contract tests of custom endpoints. */

export type Row = Record<string, unknown> & { error?: Record<string, unknown> };

/** A value as the URL-encoded JSON LoopBack reads in `?filter=` and `?where=`. */
export const q = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

/**
 * `call(token, method, path, body?)` → `{status, body}` against the server whose URL `baseUrl()` gives (read at
 * call time, so it can be the server a beforeAll starts). The body is parsed JSON, or undefined when empty.
 * `headers` adds to the request's (e.g. `X-Origen`).
 */
export const apiCaller =
  (baseUrl: () => string) =>
  async (
    token: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Row & Row[] };
  };

/** `call` plus list and count shortcuts (`GET {path}?filter=`, `GET {path}/count?where=`) for one server. */
export const apiHelpers = (baseUrl: () => string) => {
  const call = apiCaller(baseUrl);
  const rows = async (token: string, path: string, filter: unknown = {}) =>
    (await call(token, 'GET', `${path}?filter=${q(filter)}`)).body as Row[];
  const count = async (token: string, path: string, where: unknown = {}) =>
    ((await call(token, 'GET', `${path}/count?where=${q(where)}`)).body as unknown as { count: number })
      .count;
  return { call, rows, count };
};

/** The reference API's answer to a write into another company (company isolation). */
export const FORBIDDEN = {
  error: { statusCode: 403, name: 'ForbiddenError', message: 'No tiene acceso a los datos de esa empresa.' },
};

/** LoopBack's 404 for an id that does not exist (or, for a non-admin, belongs to another company). */
export const notFound = (model: string, id: unknown) => ({
  error: {
    statusCode: 404,
    name: 'Error',
    message: `Entity not found: ${model} with id ${id}`,
    code: 'ENTITY_NOT_FOUND',
  },
});
