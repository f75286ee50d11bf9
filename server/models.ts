/**
 * LoopBack model classes GENERATED from the resource schemas (src/resources/*\/schema.ts), plus the
 * server-internal models: the join models named by `relations[].through` and the refresh-token record.
 * No per-entity model files: adding a schema adds a model.
 */
import {
  defineModelClass,
  Entity,
  ModelDefinition,
  RelationType,
  type ModelSettings,
  type PropertyDefinition,
  type RelationMetadata,
} from '@loopback/repository';
import { textMaxLength } from '../src/core/textLength';
import type { FieldSchema, RelationSchema, ResourceSchema } from '../src/resources/types';
import { derivedIndexes, likeSearchedFields } from './indexes';

export type EntityClass = typeof Entity;

/** The hidden surrogate key of schemas keyed by `compositeKey` (juggler needs a single id). */
export const SURROGATE_ID = 'id';

/** A unique key: single `unique` fields, and the `compositeKey` pair. */
export interface UniqueKey {
  /** The index name, as MySQL reports it ("for key 'codigo'"). */
  index: string;
  fields: readonly string[];
}

export const uniqueKeysOf = (schema: ResourceSchema): UniqueKey[] => [
  ...schema.fields
    .filter((f) => f.unique || f.uniqueWith?.length)
    .map((f) => ({ index: f.name, fields: [...(f.uniqueWith ?? []), f.name] })),
  ...(schema.compositeKey ? [{ index: schema.compositeKey.join('_'), fields: schema.compositeKey }] : []),
];

/** The API id property, or undefined for composite-key schemas (whose surrogate id is hidden). */
export const apiIdOf = (schema: ResourceSchema): string | undefined =>
  schema.compositeKey ? undefined : schema.idField;

/**
 * Fields the client never writes (ids, stamps, joined/computed columns, the search text the database keeps),
 * the id excepted.
 */
export const serverManagedFields = (schema: ResourceSchema): string[] => [
  ...schema.fields.filter((f) => f.readOnly && f.name !== apiIdOf(schema)).map((f) => f.name),
  ...(schema.searchText ? [schema.searchText.column] : []),
];

export const writeOnlyFields = (schema: ResourceSchema): string[] =>
  schema.fields.filter((f) => f.writeOnly).map((f) => f.name);

function propertyFor(schema: ResourceSchema, field: FieldSchema): PropertyDefinition {
  const isId = field.name === apiIdOf(schema);
  const jsonSchema: Record<string, unknown> = {};
  const prop: PropertyDefinition = { type: 'string' };
  switch (field.type) {
    case 'string':
      prop.type = 'string';
      break;
    case 'text':
      prop.type = 'string';
      prop.mysql = { dataType: 'TEXT' };
      break;
    case 'integer':
    case 'reference':
      prop.type = 'number';
      jsonSchema.type = 'integer';
      break;
    case 'number':
      prop.type = 'number';
      prop.mysql = { dataType: 'DOUBLE' };
      prop.postgresql = { dataType: 'DOUBLE PRECISION' };
      break;
    case 'boolean':
      prop.type = 'boolean';
      break;
    case 'sn':
      prop.type = 'string';
      prop.length = 1;
      break;
    case 'date':
    case 'datetime':
      prop.type = 'date';
      break;
  }
  if (isId) {
    return { ...prop, id: true, generated: true, jsonSchema };
  }
  if (field.maxLength !== undefined && field.type !== 'text') {
    jsonSchema.maxLength = field.maxLength;
    prop.length = field.maxLength;
  } else if (prop.type === 'string' && !isDateLike(field)) {
    // Every text has a bound (a 10 MB field would otherwise be accepted and stored): the column's own size.
    jsonSchema.maxLength = textMaxLength(field);
  }
  if (field.min !== undefined) jsonSchema.minimum = field.min;
  if (field.required) {
    prop.required = true;
  } else {
    jsonSchema.nullable = true;
  }
  if (field.choices) {
    // AJV's `nullable` does not extend an enum: null must be listed explicitly.
    jsonSchema.enum = field.required ? [...field.choices] : [...field.choices, null];
  }
  if (field.default !== undefined && field.default !== null) prop.default = field.default;
  // a key over several fields (uniqueWith) is a table index (settingsFor).
  if (field.unique && !field.uniqueWith?.length) prop.index = { unique: true };
  prop.jsonSchema = jsonSchema;
  return prop;
}

function settingsFor(schema: ResourceSchema, schemas: readonly ResourceSchema[]): ModelSettings {
  const hidden = writeOnlyFields(schema);
  // forceId false: the seed (and PUT) may carry explicit ids; POST bodies cannot (the id is not in their schema).
  const settings: ModelSettings = {
    strict: true,
    idInjection: false,
    forceId: false,
    hiddenProperties: hidden,
  };
  // Every filtered, sorted, joined or company column (indexes.ts).
  const indexes: Record<string, unknown> = { ...derivedIndexes(schema, schemas) };
  if (schema.compositeKey) {
    hidden.push(SURROGATE_ID);
    const [a, b] = schema.compositeKey;
    indexes[`${a}_${b}`] = { keys: { [a]: 1, [b]: 1 }, options: { unique: true } };
  }
  // Named after the field, so MySQL's "Duplicate entry … for key 'codigo'" names it.
  for (const field of schema.fields.filter((f) => f.uniqueWith?.length)) {
    const keys = Object.fromEntries([...(field.uniqueWith ?? []), field.name].map((name) => [name, 1]));
    indexes[field.name] = { keys, options: { unique: true } };
  }
  if (Object.keys(indexes).length) settings.indexes = indexes;
  // Text columns searched with `like '%…%'`: a trigram index on PostgreSQL (store/postgres-indexes.ts).
  const searched = likeSearchedFields(schema, schemas);
  if (searched.length) settings.likeSearched = searched;
  if (schema.table && !schema.view) settings.mysql = { table: schema.table };
  return settings;
}

/** The join model of a hasManyThrough relation: {id, keyFrom, keyTo}. */
function defineJoinModel(through: NonNullable<RelationSchema['through']>): EntityClass {
  const def = new ModelDefinition({
    name: through.model,
    properties: {
      id: { type: 'number', id: true, generated: true, jsonSchema: { type: 'integer' } },
      [through.keyFrom]: { type: 'number', required: true, jsonSchema: { type: 'integer' } },
      [through.keyTo]: { type: 'number', required: true, jsonSchema: { type: 'integer' } },
    },
    settings: {
      strict: true,
      idInjection: false,
      forceId: false,
      indexes: {
        [`${through.keyFrom}_${through.keyTo}`]: {
          keys: { [through.keyFrom]: 1, [through.keyTo]: 1 },
          options: { unique: true },
        },
        // The other direction (which roles have a permiso, which users a role).
        [`ix_${through.model}_${through.keyTo}`]: { keys: { [through.keyTo]: 1 } },
      },
    },
  });
  return defineModelClass<typeof Entity>(Entity, def);
}

/** Server-internal: one row per refresh token of a session (rotation marks it used). */
export const REFRESH_TOKEN_MODEL = 'RefreshToken';

const isDateLike = (field: { type: string }): boolean => field.type === 'date' || field.type === 'datetime';

function defineRefreshTokenModel(): EntityClass {
  const def = new ModelDefinition({
    name: REFRESH_TOKEN_MODEL,
    properties: {
      id: { type: 'string', id: true, generated: false, length: 64 },
      usuarioId: { type: 'number', required: true },
      expiresAt: { type: 'date', required: true },
      /** The session (sign-in) the token belongs to: every rotation stays in it. */
      familyId: { type: 'string', length: 64 },
      /** When the session was signed in (its absolute lifetime counts from here). */
      startedAt: { type: 'date' },
      /** Set when the token is exchanged; presenting it again ends the whole session. */
      usedAt: { type: 'date' },
    },
    settings: { strict: true, idInjection: false },
  });
  return defineModelClass<typeof Entity>(Entity, def);
}

/**
 * Server-internal: one row per AI generation queue row being processed right now, keyed by the queue row's
 * id (so a second claim is a duplicate key on every engine), with the claiming run's token and a lease end
 * after which an abandoned claim (a process that died) may be taken over.
 */
export const GENERATION_CLAIM_MODEL = 'GenerationClaim';

function defineGenerationClaimModel(): EntityClass {
  const def = new ModelDefinition({
    name: GENERATION_CLAIM_MODEL,
    properties: {
      id: { type: 'number', id: true, generated: false, jsonSchema: { type: 'integer' } },
      token: { type: 'string', required: true, length: 64 },
      until: { type: 'date', required: true },
    },
    settings: {
      strict: true,
      idInjection: false,
      indexes: { ix_GenerationClaim_until: { keys: { until: 1 } } },
    },
  });
  return defineModelClass<typeof Entity>(Entity, def);
}

export interface ModelSet {
  /** schema.name → model class. */
  bySchema: Map<string, EntityClass>;
  /** Join models by name (UsuarioRol, RolPermiso). */
  joins: Map<string, EntityClass>;
  refreshToken: EntityClass;
  generationClaim: EntityClass;
}

export function buildModels(schemas: readonly ResourceSchema[]): ModelSet {
  const bySchema = new Map<string, EntityClass>();
  const joins = new Map<string, EntityClass>();
  const schemaByName = new Map(schemas.map((s) => [s.name, s]));

  for (const schema of schemas) {
    const properties: Record<string, PropertyDefinition> = {};
    if (schema.compositeKey) {
      properties[SURROGATE_ID] = {
        type: 'number',
        id: true,
        generated: true,
        jsonSchema: { type: 'integer' },
      };
    }
    for (const field of schema.fields) properties[field.name] = propertyFor(schema, field);
    const settings = settingsFor(schema, schemas);
    if (schema.searchText) {
      // written by the database (store/search-text.ts), never answered: a hidden property, so that the
      // migration keeps its column and the connectors can compare it
      const column = schema.searchText.column;
      properties[column] = {
        type: 'string',
        mysql: { dataType: 'TEXT' },
        postgresql: { dataType: 'TEXT' },
        searchText: true,
      };
      settings.hiddenProperties = [...(settings.hiddenProperties as string[]), column];
    }
    const def = new ModelDefinition({ name: schema.model, properties, settings });
    bySchema.set(schema.name, defineModelClass<typeof Entity>(Entity, def));
  }

  const modelOf = (name: string): EntityClass => {
    const model = bySchema.get(name) ?? joins.get(name);
    if (!model) throw new Error(`Unknown relation target ${name}`);
    return model;
  };

  for (const schema of schemas) {
    const source = modelOf(schema.name);
    for (const relation of schema.relations ?? []) {
      if (!schemaByName.has(relation.target)) throw new Error(`Unknown relation target ${relation.target}`);
      let meta: RelationMetadata;
      if (relation.kind === 'hasManyThrough') {
        const through = relation.through;
        if (!through) throw new Error(`${schema.name}.${relation.name}: hasManyThrough needs 'through'`);
        if (!joins.has(through.model)) joins.set(through.model, defineJoinModel(through));
        meta = {
          type: RelationType.hasMany,
          targetsMany: true,
          name: relation.name,
          source,
          target: () => modelOf(relation.target),
          keyFrom: schema.idField,
          through: { model: () => modelOf(through.model), keyFrom: through.keyFrom, keyTo: through.keyTo },
        };
      } else if (relation.kind === 'hasMany') {
        meta = {
          type: RelationType.hasMany,
          targetsMany: true,
          name: relation.name,
          source,
          target: () => modelOf(relation.target),
          keyFrom: schema.idField,
          keyTo: relation.keyTo,
        };
      } else {
        meta = {
          type: RelationType.belongsTo,
          targetsMany: false,
          name: relation.name,
          source,
          target: () => modelOf(relation.target),
          keyFrom: relation.keyTo ?? `${relation.name}Id`,
          keyTo: schemaByName.get(relation.target)?.idField ?? 'id',
        };
      }
      source.definition.addRelation(meta);
    }
  }
  return {
    bySchema,
    joins,
    refreshToken: defineRefreshTokenModel(),
    generationClaim: defineGenerationClaimModel(),
  };
}
