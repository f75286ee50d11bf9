/**
 * File columns → table fields. Automatic by name (field name or Spanish label; case, accents, spaces,
 * underscores and hyphens ignored), adjustable by the user. Every column gets a plain-Spanish note saying what
 * happens to it, so nothing is ignored silently.
 */
import { allSchemas } from '../../resources/registry';
import type { FieldSchema, ResourceSchema } from '../../resources/types';
import { idColumn } from '../../resources/csvTables';

export type ColumnKind =
  /** imported into `field` */
  | 'field'
  /** the row's id: finds the record to update */
  | 'key'
  /** not imported: set by the server (stamps, sync columns) */
  | 'server'
  /** not imported: the selected company is used */
  | 'company'
  /** not imported: the field of another table */
  | 'otherTable'
  /** not imported: unknown name */
  | 'unknown'
  /** not imported: another column already fills this field */
  | 'duplicate'
  /** not imported: the user chose so */
  | 'skipped'
  /** the rejected-rows file's explanation columns */
  | 'report';

export interface ColumnMapping {
  header: string;
  /** The field the column fills, or null when it is not imported. */
  field: string | null;
  kind: ColumnKind;
  note: string;
}

/** The columns added to the rejected-rows file (ignored when that file is imported again). */
export const REPORT_COLUMNS = ['Línea', 'Columna', 'Motivo'] as const;

export const normalizeName = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Fields a column may fill: the id (as key) and every field the API accepts on write. */
export const mappableFields = (schema: ResourceSchema): FieldSchema[] =>
  schema.fields.filter(
    (field) => field.name === idColumn(schema) || (!field.readOnly && field.name !== schema.companyField),
  );

const matchField = (fields: readonly FieldSchema[], header: string): FieldSchema | undefined => {
  const key = normalizeName(header);
  if (!key) return undefined;
  return (
    fields.find((field) => normalizeName(field.name) === key) ??
    fields.find((field) => normalizeName(field.label) === key)
  );
};

/** The other table whose field has this column's name (for the note), if any. */
const otherTableOf = (schema: ResourceSchema, header: string): string | undefined => {
  const key = normalizeName(header);
  const owner = allSchemas().find(
    (other) =>
      other !== schema && other.table && other.fields.some((field) => normalizeName(field.name) === key),
  );
  return owner?.table;
};

/** What happens to a column mapped to `field` (or not mapped), in Spanish. */
export function describeColumn(
  schema: ResourceSchema,
  header: string,
  field: string | null,
  used: ReadonlySet<string> = new Set(),
): ColumnMapping {
  if (field) {
    if (used.has(field)) {
      return {
        header,
        field: null,
        kind: 'duplicate',
        note: `Otra columna ya rellena «${field}»: no se importa`,
      };
    }
    if (field === idColumn(schema)) {
      return { header, field, kind: 'key', note: 'Identifica el registro que se actualiza' };
    }
    return { header, field, kind: 'field', note: `Se importa en «${field}»` };
  }
  if (REPORT_COLUMNS.some((name) => normalizeName(name) === normalizeName(header))) {
    return { header, field: null, kind: 'report', note: 'Columna del informe de rechazos: no se importa' };
  }
  const all = schema.fields.find((candidate) => normalizeName(candidate.name) === normalizeName(header));
  if (all && all.name === schema.companyField) {
    return { header, field: null, kind: 'company', note: 'Se usa la empresa seleccionada: no se importa' };
  }
  if (all?.readOnly) {
    return { header, field: null, kind: 'server', note: 'Lo gestiona el servidor: no se importa' };
  }
  if (all) return { header, field: null, kind: 'skipped', note: 'No se importa' };
  const other = otherTableOf(schema, header);
  if (other) {
    return {
      header,
      field: null,
      kind: 'otherTable',
      note: `Es una columna de la tabla ${other}, no de ${schema.table}: no se importa`,
    };
  }
  return { header, field: null, kind: 'unknown', note: 'Columna desconocida: no se importa' };
}

/** The automatic mapping of a file's header row. */
export function autoMap(schema: ResourceSchema, headers: readonly string[]): ColumnMapping[] {
  const fields = mappableFields(schema);
  const used = new Set<string>();
  return headers.map((header) => {
    const match = matchField(fields, header);
    const mapping = describeColumn(schema, header, match?.name ?? null, used);
    if (mapping.field) used.add(mapping.field);
    return mapping;
  });
}

/** Applies a user's choice for one column; other columns keep theirs (a field is filled by one column only). */
export function remap(
  schema: ResourceSchema,
  mappings: readonly ColumnMapping[],
  index: number,
  field: string | null,
): ColumnMapping[] {
  return mappings.map((mapping, i) => {
    if (i === index) {
      const used = new Set(mappings.filter((m, j) => j !== i && m.field).map((m) => m.field as string));
      return describeColumn(schema, mapping.header, field, used);
    }
    return mapping;
  });
}

/** Fields a required-on-create check needs but no column fills. */
export const missingRequired = (schema: ResourceSchema, mappings: readonly ColumnMapping[]): string[] => {
  const mapped = new Set(mappings.map((mapping) => mapping.field).filter(Boolean));
  return schema.fields
    .filter(
      (field) =>
        field.required && !field.readOnly && field.name !== schema.companyField && !mapped.has(field.name),
    )
    .map((field) => field.name);
};

/** field → the file column that fills it (for reports). */
export const columnsOf = (mappings: readonly ColumnMapping[]): Record<string, string> =>
  Object.fromEntries(
    mappings.filter((mapping) => mapping.field).map((mapping) => [mapping.field as string, mapping.header]),
  );
