/**
 * Filters a resource's list answers by something that is not one of its columns (the product list's
 * «Preparado»: `where.preparado = '<marketplaceId>:listo'`), declared by server features: the generic
 * controller takes such a key out of the client's `where` before checking it, and ANDs the condition the
 * feature builds (a subquery on a SQL store) — so the filter is served by the API, paged and counted like any
 * other.
 */
import type { Filter, Where } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';

/** Builds the condition of a virtual filter's value; throw a 400 for a value it does not understand. */
export type VirtualFilter = (value: unknown) => Promise<Where<object>>;

const declared = new Map<string, Map<string, VirtualFilter>>();

/** Declares `key` as a virtual filter of `resource`; answers the function that removes it. */
export function registerVirtualFilter(resource: string, key: string, build: VirtualFilter): () => void {
  const own = declared.get(resource) ?? new Map<string, VirtualFilter>();
  own.set(key, build);
  declared.set(resource, own);
  return () => own.delete(key);
}

const isClause = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `where` without the virtual keys of `resource`, and the conditions they stand for. */
export async function splitWhere<W>(
  resource: string,
  where: W,
): Promise<{ where: W; extra: Where<object>[] }> {
  const own = declared.get(resource);
  if (!own?.size || !isClause(where)) return { where, extra: [] };
  const rest: Record<string, unknown> = {};
  const extra: Where<object>[] = [];
  for (const [key, value] of Object.entries(where)) {
    const build = own.get(key);
    if (!build) rest[key] = value;
    else if (value !== undefined && value !== null && value !== '') extra.push(await build(value));
  }
  return { where: rest as W, extra };
}

/** `where` ANDed with `extra`. */
export function withExtra<W>(where: W, extra: Where<object>[]): W {
  if (!extra.length) return where;
  const base = isClause(where) && Object.keys(where).length ? [where] : [];
  return { and: [...base, ...extra] } as W;
}

export async function splitFilter<F extends Filter<object> | undefined>(
  resource: string,
  filter: F,
): Promise<{ filter: F; extra: Where<object>[] }> {
  if (!filter?.where) return { filter, extra: [] };
  const { where, extra } = await splitWhere(resource, filter.where);
  return { filter: { ...filter, where } as F, extra };
}

export const badVirtualValue = (message: string): Error =>
  Object.assign(new HttpErrors.BadRequest(message), { code: 'INVALID_FILTER' });
