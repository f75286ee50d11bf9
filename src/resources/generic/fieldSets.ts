/** Pure selections over a schema: which fields are list columns, form inputs, show fields; create defaults. */
import type { FieldSchema, ResourceSchema, Scalar } from '../types';

/** Fields shown by default in a list when the schema does not say `inList` (spec: "first 6 visible fields"). */
export const DEFAULT_LIST_COLUMNS = 6;

export interface ListColumn {
  field: FieldSchema;
  /** Hidden by default; still offered by the column chooser. */
  hidden: boolean;
}

/** Every listable field (never writeOnly), with its default visibility. */
export const listColumns = (schema: ResourceSchema): ListColumn[] => {
  let shown = 0;
  return schema.fields
    .filter((field) => !field.writeOnly)
    .map((field) => {
      const visible = field.inList === false ? false : field.inList === true || shown < DEFAULT_LIST_COLUMNS;
      if (visible) shown += 1;
      return { field, hidden: !visible };
    });
};

export type FormMode = 'create' | 'edit';

/**
 * One input per writable field. The company field is filled by the data provider from the selected
 * company, so it is not an input; writeOnly fields (passwords) are only asked on create.
 */
export const formFields = (schema: ResourceSchema, mode: FormMode): FieldSchema[] =>
  schema.fields.filter(
    (field) => !field.readOnly && field.name !== schema.companyField && !(mode === 'edit' && field.writeOnly),
  );

/** Fields of a read-only detail page. */
export const showFields = (schema: ResourceSchema): FieldSchema[] =>
  schema.fields.filter((field) => !field.writeOnly);

/** Create-form defaults from the schema (`default: null` means "no default"). */
export const createDefaults = (schema: ResourceSchema): Record<string, Exclude<Scalar, null>> => {
  const defaults: Record<string, Exclude<Scalar, null>> = {};
  for (const field of formFields(schema, 'create')) {
    if (field.default !== undefined && field.default !== null) defaults[field.name] = field.default;
  }
  return defaults;
};

/** Removes server-managed (readOnly) properties before create/update. */
export const withoutReadOnly = (
  schema: ResourceSchema,
  data: Record<string, unknown>,
): Record<string, unknown> => {
  const readOnly = new Set(schema.fields.filter((field) => field.readOnly).map((field) => field.name));
  return Object.fromEntries(Object.entries(data).filter(([key]) => !readOnly.has(key)));
};

const REPRESENTATION_CANDIDATES = [
  'nombre',
  'clave',
  'codigo',
  'rango',
  'titulo',
  'skuPrincipal',
  'skuProducto',
];

/** The field that names a record in titles and references (undefined: react-admin shows `#id`). */
export const representationField = (schema: ResourceSchema): string | undefined =>
  REPRESENTATION_CANDIDATES.find((name) => schema.fields.some((field) => field.name === name));

/** The label property of a reference target (schema `referenceLabel`, default 'nombre'). */
export const referenceLabelOf = (field: { referenceLabel?: string }): string =>
  field.referenceLabel ?? 'nombre';
