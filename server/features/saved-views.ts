/**
 * Saved views of the lists (src/resources/vistasGuardadas/schema.ts, issue 16), and the ownership rule of any
 * schema declaring `ownedBy` (one global interceptor on the generated CRUD routes):
 *
 * - create: the owner field is the caller's usuario id (it is read-only in the API's bodies);
 * - list, count, read by id: the caller's own rows, and the rows others shared (`shared` = 'S'); the company
 *   scope (company.ts) still applies, so another company's shared rows are never seen;
 * - update, replace, delete: the owner only — a row shared by someone else answers 403, a row the caller cannot
 *   see answers 404 (its existence is not revealed); PATCH ?where touches the caller's own rows only.
 *
 * Saved views: one default view (`predeterminadaSN` 'S') per owner, company and list — making one the default
 * lowers the flag of the others.
 */
import type { Interceptor } from '@loopback/core';
import { EntityNotFoundError, type Where } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import { vistasGuardadas } from '../../src/resources/vistasGuardadas/schema';
import type { ResourceSchema } from '../../src/resources/types';
import { AuthBindings } from '../auth/keys';
import { mayWriteCompany } from '../company';
import { resourceOf } from '../crud-controllers';
import type { Feature } from '../feature';
import type { IdType, Row } from '../repositories';
import type { RepositorySet } from '../repository-set';

export const NOT_OWNER = 'Solo quien creó este registro puede modificarlo o eliminarlo.';

type Clause = Record<string, unknown>;

const and = (where: unknown, extra: Clause): Clause =>
  where && typeof where === 'object' && Object.keys(where).length ? { and: [where, extra] } : extra;

/** The rows `userId` may see of an owned schema. */
export function ownedVisible(schema: ResourceSchema, userId: number | null): Clause {
  const owned = schema.ownedBy!;
  if (userId === null) return { and: [{ [owned.field]: null }, { [owned.field]: { neq: null } }] };
  const mine = { [owned.field]: userId };
  return owned.shared ? { or: [mine, { [owned.shared]: 'S' }] } : mine;
}

/** The saved views' rule: one default view per owner, company and list. */
async function lowerOtherDefaults(repos: RepositorySet, id: IdType): Promise<void> {
  const repo = repos.repository(vistasGuardadas.name);
  const row = await repo.findOne({ where: { id: Number(id) } });
  if (!row || row.predeterminadaSN !== 'S') return;
  await repo.updateAll(
    { predeterminadaSN: 'N' },
    {
      and: [
        { usuarioId: { eq: row.usuarioId } },
        { empresaId: { eq: row.empresaId } },
        { recurso: { eq: row.recurso } },
        { predeterminadaSN: 'S' },
        { id: { neq: Number(id) } },
      ],
    },
  );
}

export function ownershipInterceptor(repos: RepositorySet): Interceptor {
  return async (invocation, next) => {
    const schema = resourceOf(invocation.target);
    if (!schema?.ownedBy || !repos.repositories.has(schema.name)) return next();
    const owned = schema.ownedBy;
    const access = await invocation.get(AuthBindings.COMPANY_ACCESS);
    const { userId } = access;
    const args = invocation.args;
    const repo = repos.repository(schema.name);
    // A row of another company is left to the company scope (404, its existence is not revealed).
    const byId = async (id: unknown): Promise<Clause | null> => {
      const row = (await repo.findOne({ where: { [schema.idField]: id } as Where<Row> })) as Clause | null;
      const company = schema.companyField;
      return row && company && !mayWriteCompany(access, row[company]) ? null : row;
    };
    const isDefaultView = schema.name === vistasGuardadas.name;

    switch (invocation.methodName) {
      case 'find': {
        const filter = (args[0] ?? {}) as Clause;
        args[0] = { ...filter, where: and(filter.where, ownedVisible(schema, userId)) };
        return next();
      }
      case 'count':
        args[0] = and(args[0], ownedVisible(schema, userId));
        return next();
      case 'findById': {
        const row = await byId(args[0]);
        if (row && row[owned.field] !== userId && !(owned.shared && row[owned.shared] === 'S')) {
          throw new EntityNotFoundError(schema.model, args[0]);
        }
        return next();
      }
      case 'create': {
        if (userId === null) throw new HttpErrors.Forbidden(NOT_OWNER);
        args[0] = { ...(args[0] as Clause), [owned.field]: userId };
        const created = (await next()) as Clause;
        if (isDefaultView) await lowerOtherDefaults(repos, created[schema.idField] as IdType);
        return created;
      }
      case 'updateAll':
        args[1] = and(args[1], { [owned.field]: userId });
        return next();
      case 'updateById':
      case 'replaceById':
      case 'deleteById': {
        const row = await byId(args[0]);
        if (row && row[owned.field] !== userId) {
          if (owned.shared && row[owned.shared] === 'S') throw new HttpErrors.Forbidden(NOT_OWNER);
          throw new EntityNotFoundError(schema.model, args[0]);
        }
        const result = await next();
        if (isDefaultView && invocation.methodName !== 'deleteById' && row) {
          await lowerOtherDefaults(repos, args[0] as IdType);
        }
        return result;
      }
      default:
        return next();
    }
  };
}

export const feature: Feature = {
  name: 'saved-views',
  register: ({ app, repositories, registry }) => {
    if (!registry.some((schema) => schema.ownedBy)) return;
    app.interceptor(ownershipInterceptor(repositories), {
      global: true,
      source: 'route',
      key: 'interceptors.pim.ownership',
    });
  },
};
