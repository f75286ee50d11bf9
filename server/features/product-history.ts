/**
 * Product history (versions): every change of a product and its parts is recorded with who, when, from where
 * and each field old → new (features/history/recorder.ts), and two endpoints read and restore it:
 *
 * - GET  /productos/{id}/versiones                          newest first; `?campo=` and `?usuario=` filter
 * - POST /productos/{id}/versiones/{versionId}/restaurar    body `{campo?, momento?}`: the whole product or one
 *                                                           field, as it was after (default) or before the version
 *
 * Permisos: `read historial` and `restore historial` (an admin's `manage all` covers both). Company isolation:
 * another company's product answers 404 like the product itself. Retention: features/history/retention.ts.
 */
import { inject } from '@loopback/core';
import type { Where } from '@loopback/repository';
import { get, param, post, requestBody, RestMiddlewareGroups } from '@loopback/rest';
import type { Middleware } from '@loopback/express';
import { READ_HISTORIAL, RESTORE_HISTORIAL } from '../../src/core/apiPermisos';
import {
  touchesField,
  VERSIONS_PATH,
  type RestoreAnswer,
  type RestoreBody,
  type Version,
} from '../../src/core/history/versions';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { requires } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet, StoredEntity } from '../repository-set';
import { visibleProduct } from './products/access';
import { WRITE_CONTEXT_MIDDLEWARE_OPTIONS, writeContextMiddleware } from './history/context';
import { installRecorder, toVersion } from './history/recorder';
import { restoreVersion } from './history/restore';
import { purgeHistory } from './history/retention';

const MAX_VERSIONS = 500;
/** How often the purge runs (and first, this long after start). */
const PURGE_EVERY_MS = 6 * 3600 * 1000;
const PURGE_FIRST_MS = 5_000;

/** Who, when, from where and the changes of a version (a product's or a reference record's). */
export const VERSION_PROPERTIES = {
  fecha: { type: 'string', format: 'date-time' },
  usuario: { type: 'string' },
  origen: { type: 'string' },
  cambios: {
    type: 'array',
    items: {
      type: 'object',
      properties: { campo: { type: 'string' }, etiqueta: { type: 'string' }, anterior: {}, nuevo: {} },
    },
  },
};

const VERSION_SCHEMA = {
  type: 'object',
  properties: { id: { type: 'integer' }, productoId: { type: 'integer' }, ...VERSION_PROPERTIES },
};

export class ProductHistoryController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  @get(VERSIONS_PATH('{id}'), {
    ...requires(READ_HISTORIAL),
    responses: {
      '200': {
        description: 'The versions of the product, newest first',
        content: { 'application/json': { schema: { type: 'array', items: VERSION_SCHEMA } } },
      },
    },
  })
  async versions(
    @param.path.integer('id') id: number,
    @param.query.string('campo') campo?: string,
    @param.query.string('usuario') usuario?: string,
    @param.query.integer('limit') limit?: number,
  ): Promise<Version[]> {
    await visibleProduct(this.repos, this.access, id);
    const where: Where<StoredEntity<'historial'>> = { productoId: id };
    if (usuario) where.usuario = usuario;
    const rows = await this.repos.repository('historial').find({
      where,
      order: ['id DESC'],
      limit: Math.min(Math.max(1, limit ?? MAX_VERSIONS), MAX_VERSIONS),
    });
    const versions = rows.map((row) => toVersion(row.toObject()));
    return campo ? versions.filter((v) => touchesField(v.cambios, campo)) : versions;
  }

  @post(`${VERSIONS_PATH('{id}')}/{versionId}/restaurar`, {
    ...requires(RESTORE_HISTORIAL),
    responses: {
      '200': {
        description: 'The restored product and the version the restore wrote',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  })
  async restore(
    @param.path.integer('id') id: number,
    @param.path.integer('versionId') versionId: number,
    @requestBody({
      required: false,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              campo: { type: 'string', maxLength: 300 },
              momento: { type: 'string', enum: ['despues', 'antes'] },
            },
            additionalProperties: false,
          },
        },
      },
    })
    body: RestoreBody = {},
  ): Promise<RestoreAnswer> {
    const product = await visibleProduct(this.repos, this.access, id);
    const { producto, versionId: written } = await restoreVersion(this.repos, product, versionId, body ?? {});
    if (written === undefined) return { producto };
    const [row] = await this.repos.repository('historial').find({ where: { id: written }, limit: 1 });
    return row ? { producto, version: toVersion(row.toObject()) } : { producto };
  }
}

export const feature: Feature = {
  name: 'product-history',
  register: ({ app, repositories }) => {
    app.middleware(writeContextMiddleware() as Middleware, {
      ...WRITE_CONTEXT_MIDDLEWARE_OPTIONS,
      upstreamGroups: [RestMiddlewareGroups.AUTHENTICATION],
    });
    installRecorder(repositories);
    app.controller(ProductHistoryController);
    // one purge at a time; a stopping server lets the statement in flight end before the database closes
    let stopping = false;
    let running: Promise<unknown> | undefined;
    const purge = () => {
      if (running || stopping) return;
      running = purgeHistory(repositories, { stopped: () => stopping })
        .catch((err: unknown) => console.error('product history: purge failed', err))
        .finally(() => {
          running = undefined;
        });
    };
    // Once the API has started: on a first start the tables are made and seeded after the features register,
    // and a purge that came first read tables that were not there yet.
    let first: NodeJS.Timeout | undefined;
    let every: NodeJS.Timeout | undefined;
    app.onStart(() => {
      first = setTimeout(purge, PURGE_FIRST_MS);
      every = setInterval(purge, PURGE_EVERY_MS);
      first.unref();
      every.unref();
    });
    app.onStop(async () => {
      stopping = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    });
  },
};
