/**
 * Generic CRUD controllers, one class per API path (a schema's name and each alias), generated from the
 * schema — the same routes, status codes and bodies as LoopBack's `lb4 controller` REST template
 * (@loopback/rest-crud's defineCrudRestController cannot leave routes out or exclude read-only fields from
 * the write schemas, so the decorators are applied here directly).
 *
 * regular:        GET /, GET /count, GET /{id}, POST /, PUT /{id}, PATCH /{id}, PATCH / (unless
 *                 operations.updateMany is false), DELETE /{id}; plus DELETE /{id}/{deleteKey} (composite-routes.ts)
 * view: true:     GET /, GET /count
 * compositeKey:   GET /, GET /count, POST /, PATCH / ; plus the composite deletes (composite-routes.ts)
 */
import { inject, type Constructor } from '@loopback/core';
import type { Count, DataObject, Filter, FilterExcludingWhere, Where } from '@loopback/repository';
import {
  api,
  del,
  get,
  getFilterSchemaFor,
  getModelSchemaRef,
  param,
  patch,
  post,
  put,
  requestBody,
  type SchemaObject,
} from '@loopback/rest';
import type { CrudAction } from '../src/core/apiPermisos';
import type { ResourceSchema } from '../src/resources/types';
import { requires } from './auth/permiso';
import { asRouteCreate } from './create-batch';
import { apiIdOf, serverManagedFields, SURROGATE_ID, type EntityClass } from './models';
import { checkFilter, checkWhere, type SchemaLookup } from './query-guard';
import { resolveFilter, resolveWhere } from './virtual-filters';
import type { IdType, Row } from './repositories';

/** What a generic controller needs from its repository (views implement only find and count). */
export interface CrudRepo {
  find(filter?: Filter<Row>): Promise<Row[]>;
  /** The rows of `filter` as the API answers them (plain objects or entities: the same JSON). */
  findAnswer?(filter?: Filter<Row>): Promise<object[]>;
  count(where?: Where<Row>): Promise<Count>;
  findById?(id: IdType, filter?: FilterExcludingWhere<Row>): Promise<Row>;
  create?(data: DataObject<Row>): Promise<Row>;
  updateAll?(data: DataObject<Row>, where?: Where<Row>): Promise<Count>;
  updateById?(id: IdType, data: DataObject<Row>): Promise<void>;
  replaceById?(id: IdType, data: DataObject<Row>): Promise<void>;
  deleteById?(id: IdType): Promise<void>;
  deleteAll?(where?: Where<Row>): Promise<Count>;
}

/**
 * Every generated controller class carries its schema under this static property, so a global interceptor
 * (company scoping by `companyField` with AuthBindings.CURRENT_USER) can tell which resource a call is for.
 */
export const RESOURCE = 'resource';

export const resourceOf = (controller: object): ResourceSchema | undefined =>
  (controller.constructor as unknown as Record<string, ResourceSchema | undefined>)[RESOURCE];

type ParamDecorator = (target: object, member: string, index: number) => void;
type MethodDecorator = (target: object, member: string, descriptor: PropertyDescriptor) => void;

/** Applies decorators the way TypeScript would: parameters first, then the method. */
export function route(
  ctor: Constructor<object>,
  method: string,
  decorator: MethodDecorator,
  params: ParamDecorator[] = [],
): void {
  const proto = ctor.prototype as object;
  const descriptor = Object.getOwnPropertyDescriptor(proto, method);
  if (!descriptor) throw new Error(`${ctor.name}.${method} is not defined`);
  params.forEach((decorate, index) => decorate(proto, method, index));
  decorator(proto, method, descriptor);
}

const json = (schema: SchemaObject | ReturnType<typeof getModelSchemaRef>) => ({
  content: { 'application/json': { schema } },
});
const noContent = (description: string) => ({ responses: { '204': { description } } });
const ok = (description: string, schema: object) => ({
  responses: { '200': { description, ...json(schema) } },
});
const COUNT_SCHEMA = { type: 'object', title: 'loopback.Count', properties: { count: { type: 'number' } } };

/** The path-parameter schema of the API id (as LoopBack derives it from the model). */
export const idParam = (schema: ResourceSchema, name = 'id'): ParamDecorator => {
  const field = schema.fields.find((f) => f.name === schema.idField);
  const type = field?.type === 'string' || field?.type === 'text' ? 'string' : 'integer';
  return param({ name, in: 'path', required: true, schema: { type } });
};

export interface ControllerSpec {
  schema: ResourceSchema;
  model: EntityClass;
  path: string;
  repositoryKey: string;
  /** The schemas by name, to check the filters of included relations. */
  schemaOf?: SchemaLookup;
}

export function defineCrudController({
  schema,
  model,
  path,
  repositoryKey,
  schemaOf,
}: ControllerSpec): Constructor<object> {
  const modelName = model.modelName;
  const apiId = apiIdOf(schema);
  const managed = serverManagedFields(schema);
  const createExclude = [...(apiId ? [apiId] : [SURROGATE_ID]), ...managed];
  const writeExclude = [...(apiId ? [] : [SURROGATE_ID]), ...managed];
  const schemaRef = (options: { exclude?: string[]; partial?: boolean; title?: string }) =>
    getModelSchemaRef(model, options as Parameters<typeof getModelSchemaRef<Row>>[1]);
  // The permiso each route needs: the CRUD verb on the schema (aliases share their schema's permisos).
  const needs = (action: CrudAction) => requires({ action, resource: schema.name });

  class ResourceController {
    constructor(readonly repo: CrudRepo) {}

    // Every client filter is checked here, before any store sees it (query-guard.ts).
    // Virtual filters (virtual-filters.ts) leave the where before the check and come back as conditions.
    async find(filter?: Filter<Row>): Promise<object[]> {
      const { checked, resolved } = await resolveFilter(schema.name, filter);
      checkFilter(schema, checked, schemaOf);
      return this.repo.findAnswer ? this.repo.findAnswer(resolved) : this.repo.find(resolved);
    }

    async count(where?: Where<Row>): Promise<Count> {
      const { checked, resolved } = await resolveWhere(schema.name, where);
      checkWhere(schema, checked);
      return this.repo.count(resolved);
    }

    async findById(id: IdType, filter?: FilterExcludingWhere<Row>): Promise<Row> {
      checkFilter(schema, filter, schemaOf);
      return this.repo.findById!(id, filter);
    }

    create(data: DataObject<Row>): Promise<Row> {
      return asRouteCreate(() => this.repo.create!(data));
    }

    async updateAll(data: DataObject<Row>, where?: Where<Row>): Promise<Count> {
      checkWhere(schema, where);
      return this.repo.updateAll!(data, where);
    }

    async updateById(id: IdType, data: DataObject<Row>): Promise<void> {
      await this.repo.updateById!(id, data);
    }

    async replaceById(id: IdType, data: DataObject<Row>): Promise<void> {
      await this.repo.replaceById!(id, data);
    }

    async deleteById(id: IdType): Promise<void> {
      await this.repo.deleteById!(id);
    }
  }
  const name = `${modelName}${path === schema.name ? '' : `_${path.replace(/\W/g, '_')}`}Controller`;
  Object.defineProperty(ResourceController, 'name', { value: name });
  Object.defineProperty(ResourceController, RESOURCE, { value: schema });
  inject(repositoryKey)(ResourceController, undefined, 0);
  api({ basePath: `/${path}`, paths: {} })(ResourceController);

  const C = ResourceController;
  route(
    C,
    'find',
    get('/', {
      ...needs('read'),
      ...ok(`Array of ${modelName}`, {
        type: 'array',
        items: getModelSchemaRef(model, { includeRelations: true }),
      }),
    }),
    [param.filter(model)],
  );
  route(C, 'count', get('/count', { ...needs('read'), ...ok(`${modelName} count`, COUNT_SCHEMA) }), [
    param.where(model),
  ]);
  if (schema.view) return C;

  const ops = schema.operations;
  if (ops.create) {
    route(C, 'create', post('/', { ...needs('create'), ...ok(`${modelName} created`, schemaRef({})) }), [
      requestBody(json(schemaRef({ title: `New${modelName}`, exclude: createExclude }))),
    ]);
  }
  const updateMany = ops.update && (ops.updateMany || !!schema.compositeKey);
  if (updateMany) {
    route(
      C,
      'updateAll',
      patch('/', { ...needs('update'), ...ok(`Count of ${modelName} updated`, COUNT_SCHEMA) }),
      [requestBody(json(schemaRef({ partial: true, exclude: writeExclude }))), param.where(model)],
    );
  }
  if (!apiId) return C;

  route(
    C,
    'findById',
    get('/{id}', {
      ...needs('read'),
      ...ok(`${modelName} instance`, getModelSchemaRef(model, { includeRelations: true })),
    }),
    [idParam(schema), param.query.object('filter', getFilterSchemaFor(model, { exclude: 'where' }))],
  );
  if (ops.update) {
    route(C, 'replaceById', put('/{id}', { ...needs('update'), ...noContent(`${modelName} was replaced`) }), [
      idParam(schema),
      requestBody(json(schemaRef({ exclude: writeExclude }))),
    ]);
    route(C, 'updateById', patch('/{id}', { ...needs('update'), ...noContent(`${modelName} was updated`) }), [
      idParam(schema),
      requestBody(json(schemaRef({ partial: true, exclude: writeExclude }))),
    ]);
  }
  if (ops.delete)
    route(C, 'deleteById', del('/{id}', { ...needs('delete'), ...noContent(`${modelName} was deleted`) }), [
      idParam(schema),
    ]);
  return C;
}
