/**
 * GET /openapi.json: the API's OpenAPI document, for admins only (`manage all`) unless the server is started
 * with publicOpenApi (env OPENAPI_PUBLIC=1). It lists every operation with the permiso it needs (x-permiso).
 */
import { inject, type Constructor } from '@loopback/core';
import { api, get, RestBindings, type OpenApiSpec, type RestServer } from '@loopback/rest';
import { MANAGE_ALL } from '../src/core/apiPermisos';
import { PUBLIC } from './auth/keys';
import { requires } from './auth/permiso';
import { route } from './crud-controllers';

export function defineOpenApiController(isPublic: boolean): Constructor<object> {
  class OpenApiController {
    constructor(@inject(RestBindings.SERVER) private readonly server: RestServer) {}

    spec(): Promise<OpenApiSpec> {
      return this.server.getApiSpec();
    }
  }
  api({ paths: {} })(OpenApiController);
  route(
    OpenApiController,
    'spec',
    get('/openapi.json', {
      ...(isPublic ? PUBLIC : requires(MANAGE_ALL)),
      'x-visibility': 'undocumented',
      responses: { '200': { description: 'The OpenAPI document' } },
    }),
  );
  return OpenApiController;
}
