/**
 * Deletes keyed by more than the id (docs/requirements.md#r7-api):
 * - `deleteKey` (Ensamblados, Sustitutos, Repuestos): DELETE /{path}/{id}/{deleteKey value} deletes the row
 *   with that id AND that value (URL-decoded once by the router), 404 ENTITY_NOT_FOUND when none matches.
 * - `compositeKey` (ProductoIconos): DELETE /{path}/{a}/{b} (404 when none), and
 *   DELETE /{path}DeleteBy{A}/{a} deleting every row of `a` (204 even when none).
 */
import { inject, type Constructor } from '@loopback/core';
import { EntityNotFoundError } from '@loopback/repository';
import { api, del, param } from '@loopback/rest';
import type { ResourceSchema } from '../src/resources/types';
import { requires } from './auth/permiso';
import { idParam, route, type CrudRepo } from './crud-controllers';
import type { EntityClass } from './models';

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const intParam = (name: string) => param({ name, in: 'path', required: true, schema: { type: 'integer' } });
const strParam = (name: string) => param({ name, in: 'path', required: true, schema: { type: 'string' } });

type Deleter = Required<Pick<CrudRepo, 'deleteAll'>>;
type Remove = (repo: Deleter, a: unknown, b: unknown) => Promise<void>;

/** A one-route controller: DELETE {basePath}{routePath} running `remove` (needs `delete` on `resource`). */
function deleteController(
  resource: string,
  name: string,
  basePath: string,
  routePath: string,
  repositoryKey: string,
  params: ReturnType<typeof param>[],
  remove: Remove,
): Constructor<object> {
  class KeyedDeleteController {
    constructor(readonly repo: Deleter) {}

    // LoopBack injects one argument per declared parameter: one method per arity.
    async removeOne(a: unknown): Promise<void> {
      await remove(this.repo, a, undefined);
    }

    async removeTwo(a: unknown, b: unknown): Promise<void> {
      await remove(this.repo, a, b);
    }
  }
  Object.defineProperty(KeyedDeleteController, 'name', { value: name });
  inject(repositoryKey)(KeyedDeleteController, undefined, 0);
  api({ basePath, paths: {} })(KeyedDeleteController);
  route(
    KeyedDeleteController,
    params.length === 1 ? 'removeOne' : 'removeTwo',
    del(routePath, {
      ...requires({ action: 'delete', resource }),
      responses: { '204': { description: 'Deleted' } },
    }),
    params,
  );
  return KeyedDeleteController;
}

const field = (schema: ResourceSchema, name: string) => schema.fields.find((f) => f.name === name);
const keyParam = (schema: ResourceSchema, name: string) => {
  const type = field(schema, name)?.type;
  return type === 'integer' || type === 'reference' ? intParam(name) : strParam(name);
};

export interface KeyedRoutesSpec {
  schema: ResourceSchema;
  model: EntityClass;
  path: string;
  repositoryKey: string;
}

export function defineKeyedDeleteControllers({
  schema,
  model,
  path,
  repositoryKey,
}: KeyedRoutesSpec): Constructor<object>[] {
  const controllers: Constructor<object>[] = [];
  const tag = path.replace(/\W/g, '_');
  const deleteKey = schema.deleteKey;
  if (deleteKey && schema.operations.delete) {
    controllers.push(
      deleteController(
        schema.name,
        `${tag}DeleteByKeyController`,
        `/${path}`,
        `/{id}/{${deleteKey}}`,
        repositoryKey,
        [idParam(schema), strParam(deleteKey)],
        async (repo, id, value) => {
          const { count } = await repo.deleteAll({ [schema.idField]: id, [deleteKey]: value });
          if (!count) throw new EntityNotFoundError(model, id);
        },
      ),
    );
  }
  const composite = schema.compositeKey;
  if (composite && schema.operations.delete) {
    const [a, b] = composite;
    controllers.push(
      deleteController(
        schema.name,
        `${tag}CompositeDeleteController`,
        `/${path}`,
        `/{${a}}/{${b}}`,
        repositoryKey,
        [keyParam(schema, a), keyParam(schema, b)],
        async (repo, va, vb) => {
          const { count } = await repo.deleteAll({ [a]: va, [b]: vb });
          if (!count) throw new EntityNotFoundError(model, { [a]: va, [b]: vb });
        },
      ),
      deleteController(
        schema.name,
        `${tag}DeleteBy${capitalize(a)}Controller`,
        `/${path}DeleteBy${capitalize(a)}`,
        `/{${a}}`,
        repositoryKey,
        [keyParam(schema, a)],
        async (repo, va) => {
          await repo.deleteAll({ [a]: va });
        },
      ),
    );
  }
  return controllers;
}
