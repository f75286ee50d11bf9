/**
 * A RECORDING httpClient for data provider tests: records every call (url, method, decoded query, body) and
 * answers with canned LoopBack-shaped responses. Errors are thrown as ra-core HttpErrors, as fetchJson does.
 */
import { HttpError } from 'ra-core';
import type { fetchUtils } from 'ra-core';
import type { HttpClient, HttpResponse } from '../../../src/dataProvider/http';

export interface RecordedCall {
  url: string;
  /** The raw (still URL-encoded) path, without the query string. */
  path: string;
  method: string;
  /** Query parameters, JSON-decoded when they hold JSON (filter, where). */
  query: Record<string, unknown>;
  body: unknown;
  headers: Headers;
}

export interface CannedResponse {
  status?: number;
  json?: unknown;
}

export type Responder = (call: RecordedCall) => CannedResponse | Promise<CannedResponse>;

const decodeQuery = (url: string): Record<string, unknown> => {
  const index = url.indexOf('?');
  if (index < 0) return {};
  const query: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(url.slice(index + 1))) {
    try {
      query[key] = JSON.parse(value);
    } catch {
      query[key] = value;
    }
  }
  return query;
};

export const recordingClient = (respond: Responder) => {
  const calls: RecordedCall[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const client: HttpClient = async (url: string, options: fetchUtils.Options = {}): Promise<HttpResponse> => {
    const index = url.indexOf('?');
    const call: RecordedCall = {
      url,
      path: index < 0 ? url : url.slice(0, index),
      method: (options.method ?? 'GET').toUpperCase(),
      query: decodeQuery(url),
      body: typeof options.body === 'string' ? JSON.parse(options.body) : undefined,
      headers: new Headers(options.headers),
    };
    calls.push(call);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const response = await respond(call);
      const status = response.status ?? 200;
      const body = response.json === undefined ? '' : JSON.stringify(response.json);
      if (status < 200 || status >= 300) throw new HttpError('HTTP error', status, response.json ?? null);
      return { status, headers: new Headers(), body, json: response.json };
    } finally {
      inFlight -= 1;
    }
  };
  return {
    client,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
  };
};

export const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A minimal LoopBack-ish responder over fixed rows: list (honours inq/equality on where), count, by id, writes. */
export const cannedBackend =
  (rows: Record<string, unknown>[], idField = 'id'): Responder =>
  (call) => {
    if (call.method === 'GET' && call.path.endsWith('/count')) return { json: { count: rows.length } };
    if (call.method === 'GET' && call.query.filter !== undefined) {
      const filter = call.query.filter as { where?: Record<string, unknown> };
      const where = filter.where ?? {};
      const idCondition = where[idField] as { inq?: unknown[] } | undefined;
      const matches = idCondition?.inq ? rows.filter((row) => idCondition.inq?.includes(row[idField])) : rows;
      return { json: [...matches].reverse() };
    }
    if (call.method === 'GET') {
      const id = decodeURIComponent(call.path.split('/').pop() ?? '');
      const row = rows.find((candidate) => String(candidate[idField]) === id);
      return row
        ? { json: row }
        : {
            status: 404,
            json: {
              error: {
                statusCode: 404,
                name: 'Error',
                message: `Entity not found`,
                code: 'ENTITY_NOT_FOUND',
              },
            },
          };
    }
    if (call.method === 'POST') return { json: { [idField]: 99, ...(call.body as object) } };
    if (call.method === 'PATCH' && call.query.where !== undefined) return { json: { count: 2 } };
    return { status: 204 };
  };
