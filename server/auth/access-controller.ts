/**
 * Roles × permisos (docs/requirements.md#r6-roles, #r7-api "Other lookups"), behind the authentication middleware like every route:
 * GET /permisos/matrix?filter=   → {roles, permisos, asignaciones}; `filter` (where/order/limit/skip) selects permisos
 * PUT /roles/{id}/permisos       {permisoIds: number[]} → 204, the role's permisos become exactly these
 *                                (only an admin changes those of the admin role: 403 otherwise)
 * PUT /usuarios/{id}/roles       {rolIds: number[]}     → 204, the user's roles become exactly these
 *                                (company isolation applies to the user; only an admin grants/removes 'admin')
 * Bad bodies: 422 VALIDATION_FAILED; unknown ids (role, user, any listed permiso/rol): 404 ENTITY_NOT_FOUND.
 */
import { inject, type Constructor } from '@loopback/core';
import type { Filter } from '@loopback/repository';
import {
  api,
  get,
  getFilterSchemaFor,
  param,
  put,
  requestBody,
  type RequestBodyObject,
} from '@loopback/rest';
import { route } from '../crud-controllers';
import type { EntityClass } from '../models';
import type { Row } from '../repositories';
import type { AccessService, PermissionMatrix } from './access';
import { requires } from './permiso';
import { AuthBindings, type CompanyAccess } from './keys';

const idList = (title: string, key: string): RequestBodyObject => ({
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        title,
        required: [key],
        additionalProperties: false,
        properties: { [key]: { type: 'array', items: { type: 'integer' } } },
      },
    },
  },
});

const MATRIX_SCHEMA = {
  type: 'object',
  title: 'PermissionMatrix',
  properties: {
    roles: { type: 'array', items: { type: 'object' } },
    permisos: { type: 'array', items: { type: 'object' } },
    asignaciones: {
      type: 'array',
      items: {
        type: 'object',
        properties: { rolId: { type: 'integer' }, permisoId: { type: 'integer' } },
      },
    },
  },
};

const intId = param({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } });

/** The controller, built once the Permiso model exists (its filter schema validates `filter`). */
export function defineAccessController(permisoModel: EntityClass): Constructor<object> {
  class AccessController {
    constructor(@inject(AuthBindings.ACCESS) private readonly access: AccessService) {}

    matrix(filter?: Filter<Row>): Promise<PermissionMatrix> {
      return this.access.matrix(filter);
    }

    async setRolePermisos(id: number, body: { permisoIds: number[] }, current: CompanyAccess): Promise<void> {
      await this.access.setRolePermisos(current, id, body.permisoIds);
    }

    async setUserRoles(id: number, body: { rolIds: number[] }, current: CompanyAccess): Promise<void> {
      await this.access.setUserRoles(current, id, body.rolIds);
    }
  }
  api({ paths: {} })(AccessController);
  route(
    AccessController,
    'matrix',
    get('/permisos/matrix', {
      ...requires({ action: 'read', resource: 'roles' }),
      responses: {
        '200': {
          description: 'Roles × permisos',
          content: { 'application/json': { schema: MATRIX_SCHEMA } },
        },
      },
    }),
    [param.query.object('filter', getFilterSchemaFor(permisoModel, { exclude: ['include', 'fields'] }))],
  );
  route(
    AccessController,
    'setRolePermisos',
    put('/roles/{id}/permisos', {
      ...requires({ action: 'update', resource: 'roles' }),
      responses: { '204': { description: 'Permisos replaced' } },
    }),
    [intId, requestBody(idList('RolPermisos', 'permisoIds')), inject(AuthBindings.COMPANY_ACCESS)],
  );
  route(
    AccessController,
    'setUserRoles',
    put('/usuarios/{id}/roles', {
      ...requires({ action: 'update', resource: 'usuarios' }),
      responses: { '204': { description: 'Roles replaced' } },
    }),
    [intId, requestBody(idList('UsuarioRoles', 'rolIds')), inject(AuthBindings.COMPANY_ACCESS)],
  );
  return AccessController;
}
