/**
 * History of the reference data products depend on: every change of a category, family, brand or attribute is
 * recorded with who, when, from where and each field old → new (features/history/reference-recorder.ts), in
 * the change's own transaction, and read here:
 *
 * - GET /categorias/{id}/versiones, /familias/{id}/versiones, /Marca/{id}/versiones, /atributos/{id}/versiones
 *   newest first (at most 500; `?usuario=` and `?campo=` filter)
 *
 * Permiso `read historial`, as the product history (an admin's `manage all` covers it). Company isolation:
 * another company's record answers 404 like the record itself; a deleted record's history stays readable by
 * its company. Retention (the company's `versionesHistorial` and `diasHistorial`) as the product history's.
 */
import { inject } from '@loopback/core';
import { EntityNotFoundError, type Where } from '@loopback/repository';
import { get, param } from '@loopback/rest';
import { READ_HISTORIAL } from '../../src/core/apiPermisos';
import {
  REFERENCE_HISTORY_RESOURCES,
  REFERENCE_VERSIONS_PATH,
  type ReferenceVersion,
} from '../../src/core/history/referenceVersions';
import { touchesField } from '../../src/core/history/versions';
import { schemaFor } from '../../src/resources/registry';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { requires } from '../auth/permiso';
import { FeatureBindings, type Feature } from '../feature';
import type { RepositorySet, StoredEntity } from '../repository-set';
import {
  installReferenceRecorder,
  REFERENCE_HISTORY,
  toReferenceVersion,
} from './history/reference-recorder';
import { VERSION_PROPERTIES } from './product-history';
import { seesCompany } from './products/access';

const MAX_VERSIONS = 500;

const VERSION_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    recurso: { type: 'string' },
    registroId: { type: 'integer' },
    ...VERSION_PROPERTIES,
  },
};

const spec = (recurso: string) => ({
  ...requires(READ_HISTORIAL),
  responses: {
    '200': {
      description: `The versions of the ${REFERENCE_HISTORY_RESOURCES[recurso]}, newest first`,
      content: { 'application/json': { schema: { type: 'array', items: VERSION_SCHEMA } } },
    },
  },
});

/** The versions of record `id` of `recurso` the caller may see, newest first; 404 as the record itself. */
export async function referenceVersions(
  repos: RepositorySet,
  access: CompanyAccess,
  recurso: string,
  id: number,
  filter: { campo?: string; usuario?: string; limit?: number } = {},
): Promise<ReferenceVersion[]> {
  const schema = schemaFor(recurso);
  const model = schema?.model ?? recurso;
  if (!schema || !Number.isInteger(id) || id <= 0) throw new EntityNotFoundError(model, String(id));
  const [record] = await repos
    .repository(recurso)
    .find({ where: { [schema.idField ?? 'id']: id }, limit: 1 });
  if (record && !seesCompany(access, record.empresaId)) throw new EntityNotFoundError(model, id);
  const where: Where<StoredEntity<typeof REFERENCE_HISTORY>> = { recurso, registroId: id };
  // a deleted record: its company's versions only
  if (!record && !access.admin) where.empresaId = access.empresaId ?? -1;
  if (filter.usuario) where.usuario = filter.usuario;
  const rows = await repos.repository(REFERENCE_HISTORY).find({
    where,
    order: ['id DESC'],
    limit: Math.min(Math.max(1, filter.limit ?? MAX_VERSIONS), MAX_VERSIONS),
  });
  if (!record && !rows.length) throw new EntityNotFoundError(model, id);
  const versions = rows.map((row) => toReferenceVersion(row.toObject()));
  return filter.campo ? versions.filter((v) => touchesField(v.cambios, filter.campo as string)) : versions;
}

export class ReferenceHistoryController {
  constructor(
    @inject(FeatureBindings.REPOSITORIES) private readonly repos: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) private readonly access: CompanyAccess,
  ) {}

  private read(recurso: string, id: number, campo?: string, usuario?: string, limit?: number) {
    return referenceVersions(this.repos, this.access, recurso, id, { campo, usuario, limit });
  }

  @get(REFERENCE_VERSIONS_PATH('categorias', '{id}'), spec('categorias'))
  categorias(
    @param.path.integer('id') id: number,
    @param.query.string('campo') campo?: string,
    @param.query.string('usuario') usuario?: string,
    @param.query.integer('limit') limit?: number,
  ): Promise<ReferenceVersion[]> {
    return this.read('categorias', id, campo, usuario, limit);
  }

  @get(REFERENCE_VERSIONS_PATH('familias', '{id}'), spec('familias'))
  familias(
    @param.path.integer('id') id: number,
    @param.query.string('campo') campo?: string,
    @param.query.string('usuario') usuario?: string,
    @param.query.integer('limit') limit?: number,
  ): Promise<ReferenceVersion[]> {
    return this.read('familias', id, campo, usuario, limit);
  }

  @get(REFERENCE_VERSIONS_PATH('Marca', '{id}'), spec('Marca'))
  marcas(
    @param.path.integer('id') id: number,
    @param.query.string('campo') campo?: string,
    @param.query.string('usuario') usuario?: string,
    @param.query.integer('limit') limit?: number,
  ): Promise<ReferenceVersion[]> {
    return this.read('Marca', id, campo, usuario, limit);
  }

  @get(REFERENCE_VERSIONS_PATH('atributos', '{id}'), spec('atributos'))
  atributos(
    @param.path.integer('id') id: number,
    @param.query.string('campo') campo?: string,
    @param.query.string('usuario') usuario?: string,
    @param.query.integer('limit') limit?: number,
  ): Promise<ReferenceVersion[]> {
    return this.read('atributos', id, campo, usuario, limit);
  }
}

export const feature: Feature = {
  name: 'reference-history',
  register: ({ app, repositories }) => {
    installReferenceRecorder(repositories);
    app.controller(ReferenceHistoryController);
  },
};
