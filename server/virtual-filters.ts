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

/**
 * `where` as the client sent it, twice: `checked` without the virtual keys of `resource` (what the query guard
 * checks), and `resolved` with each virtual key replaced by its condition, where it stood — the data provider
 * ANDs the company with the list's filters, so a virtual key may sit inside an `and`/`or` clause.
 */
export async function resolveWhere<W>(resource: string, where: W): Promise<{ checked: W; resolved: W }> {
  const own = declared.get(resource);
  if (!own?.size || !isClause(where)) return { checked: where, resolved: where };
  const checked: Record<string, unknown> = {};
  const resolved: Record<string, unknown> = {};
  const extra: Where<object>[] = [];
  for (const [key, value] of Object.entries(where)) {
    const build = own.get(key);
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      const parts = await Promise.all(value.map((clause: unknown) => resolveWhere(resource, clause)));
      checked[key] = parts.map((part) => part.checked);
      resolved[key] = parts.map((part) => part.resolved);
    } else if (!build) {
      checked[key] = value;
      resolved[key] = value;
    } else if (value !== undefined && value !== null && value !== '') extra.push(await build(value));
  }
  return { checked: checked as W, resolved: withExtra(resolved as W, extra) };
}

/** `where` ANDed with `extra`. */
export function withExtra<W>(where: W, extra: Where<object>[]): W {
  if (!extra.length) return where;
  const base = isClause(where) && Object.keys(where).length ? [where] : [];
  return (base.length + extra.length === 1 ? extra[0] : { and: [...base, ...extra] }) as W;
}

/** A filter's `where` resolved as by resolveWhere: `checked` for the guard, `resolved` for the store. */
export async function resolveFilter<F extends Filter<object> | undefined>(
  resource: string,
  filter: F,
): Promise<{ checked: F; resolved: F }> {
  if (!filter?.where) return { checked: filter, resolved: filter };
  const { checked, resolved } = await resolveWhere(resource, filter.where);
  return { checked: { ...filter, where: checked } as F, resolved: { ...filter, where: resolved } as F };
}

export const badVirtualValue = (message: string): Error =>
  Object.assign(new HttpErrors.BadRequest(message), { code: 'INVALID_FILTER' });
