/**
 * Small builders that keep entity declarations short and uniform. Pure TypeScript.
 */
import type {
  DeclaredField,
  DeclaredSchema,
  FieldSchema,
  FieldType,
  FilterSchema,
  ResourceOperations,
  ResourceSchema,
} from './types';

type FieldOptions = Omit<FieldSchema, 'name' | 'type' | 'label'>;

// The builders keep the field's name and type as literal types: record types are derived from them (RecordOf).
const field =
  <T extends FieldType>(type: T) =>
  <N extends string>(name: N, label: string, options: FieldOptions = {}): DeclaredField<N, T> => ({
    name,
    type,
    label,
    ...options,
  });

export const str = field('string');
export const text = field('text');
export const int = field('integer');
export const num = field('number');
export const date = field('date');
export const datetime = field('datetime');

/** An S/N flag: defaults to 'N' (docs/requirements.md#r4-states "The S/N flags default to N"). */
export const sn = <N extends string>(
  name: N,
  label: string,
  options: FieldOptions = {},
): DeclaredField<N, 'sn'> => ({
  name,
  type: 'sn',
  label,
  choices: ['S', 'N'],
  default: 'N',
  ...options,
});

export const ref = <N extends string>(
  name: N,
  label: string,
  reference: string,
  options: FieldOptions = {},
): DeclaredField<N, 'reference'> => ({
  name,
  type: 'reference',
  label,
  reference,
  ...options,
});

/** The generated numeric primary key. */
export function id(): DeclaredField<'id', 'integer'>;
export function id<N extends string>(name: N): DeclaredField<N, 'integer'>;
export function id(name = 'id'): FieldSchema {
  return { name, type: 'integer', label: 'Id', readOnly: true, inList: false };
}

/** The company the record belongs to (set by the data provider from the selected company). */
export const empresaId = (): DeclaredField<'empresaId', 'reference'> => ({
  name: 'empresaId',
  type: 'reference',
  label: 'Empresa',
  reference: 'empresas',
  inList: false,
});

/** Creation and modification stamps, managed by the server. */
export const stamps = (): [
  DeclaredField<'fechaCreacion', 'datetime'>,
  DeclaredField<'fechaModificacion', 'datetime'>,
] => [
  { name: 'fechaCreacion', type: 'datetime', label: 'Fecha de creación', readOnly: true, inList: false },
  {
    name: 'fechaModificacion',
    type: 'datetime',
    label: 'Fecha de modificación',
    readOnly: true,
    inList: false,
  },
];

/** The fields every ERP-synchronised table carries (docs/requirements.md#r3-entities "Sync log row"). */
export const syncLogFields = (): [
  DeclaredField<'fechaSincronizacionConBC', 'datetime'>,
  DeclaredField<'fechaEjecucionDeProcesoSincroBC', 'datetime'>,
  DeclaredField<'motivoErrorSincroConBC', 'text'>,
] => [
  {
    name: 'fechaSincronizacionConBC',
    type: 'datetime',
    label: 'Fecha de sincronización con BC',
    readOnly: true,
    inList: false,
  },
  {
    name: 'fechaEjecucionDeProcesoSincroBC',
    type: 'datetime',
    label: 'Fecha de ejecución de la sincronización',
    readOnly: true,
    inList: false,
  },
  {
    name: 'motivoErrorSincroConBC',
    type: 'text',
    label: 'Motivo del error de sincronización',
    readOnly: true,
    inList: false,
  },
];

// ---- filters ----

type FilterOptions = Partial<Omit<FilterSchema, 'source' | 'op' | 'label'>>;

export const contains = (source: string, label: string, options: FilterOptions = {}): FilterSchema => ({
  source,
  op: 'contains',
  label,
  input: 'text',
  ...options,
});

export const equals = (source: string, label: string, options: FilterOptions = {}): FilterSchema => ({
  source,
  op: 'eq',
  label,
  input: 'text',
  ...options,
});

export const snFilter = (source: string, label: string, options: FilterOptions = {}): FilterSchema => ({
  source,
  op: 'eq',
  label,
  input: 'sn',
  choices: ['S', 'N'],
  ...options,
});

export const refFilter = (
  source: string,
  label: string,
  reference: string,
  options: FilterOptions = {},
): FilterSchema => ({
  source,
  op: 'eq',
  label,
  input: 'reference',
  reference,
  ...options,
});

/** The free-text search box: like %term% on the schema's `search` fields. */
export const q = (label = 'Buscar'): FilterSchema => ({
  source: 'q',
  op: 'contains',
  label,
  input: 'text',
  alwaysOn: true,
});

// ---- resources ----

export const ALL_OPERATIONS: ResourceOperations = {
  create: true,
  update: true,
  delete: true,
  updateMany: true,
};
export const READ_ONLY: ResourceOperations = {
  create: false,
  update: false,
  delete: false,
  updateMany: false,
};

type ResourceInput = Omit<ResourceSchema, 'idField' | 'operations' | 'sort' | 'filters'> &
  Partial<Pick<ResourceSchema, 'idField' | 'sort' | 'filters'>> & {
    operations?: Partial<ResourceOperations>;
  };

/**
 * Fills the defaults: id 'id', nombre ASC (docs/requirements.md#r9-constants), all operations, no filters. The
 * declared fields keep their literal names and types, so `RecordOf<typeof schema>` is the record's type.
 */
export const defineResource = <const N extends string, const F extends readonly FieldSchema[]>(
  input: ResourceInput & { name: N; fields: F },
): DeclaredSchema<F, N> => ({
  ...input,
  idField: input.idField ?? 'id',
  sort: input.sort ?? { field: 'nombre', order: 'ASC' },
  filters: input.filters ?? [],
  operations: { ...(input.view ? READ_ONLY : ALL_OPERATIONS), ...input.operations },
});
