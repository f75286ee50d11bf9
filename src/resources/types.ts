/**
 * The declaration language for an entity. A `ResourceSchema` is the single source of truth for one
 * resource: the data provider, the generic react-admin views, the CSV engine and the reference API
 * all read it. This file is pure TypeScript (no React, no Node APIs).
 */

export type FieldType =
  /** short text */
  | 'string'
  /** long text, multiline in forms */
  | 'text'
  | 'integer'
  | 'number'
  | 'boolean'
  /** 'S' | 'N' flag */
  | 'sn'
  /** a calendar date, stored as an ISO date-time at midnight UTC */
  | 'date'
  /** an ISO date-time */
  | 'datetime'
  /** a numeric id of a record of `reference` */
  | 'reference';

import type { ImportReading } from '../core/csv/normalize';

export type Scalar = string | number | boolean | null;

/** The languages other than Spanish (Spanish comes from `label` / `labelPlural`). */
export type OtherLanguage = 'en' | 'de' | 'fr' | 'pt';

/** A name as [singular, plural] in each language other than Spanish. */
export type ResourceNames = Readonly<Record<OtherLanguage, readonly [singular: string, plural: string]>>;

export interface FieldSchema {
  name: string;
  type: FieldType;
  /** Spanish label (the es source of `resources.<name>.fields.<field>`). */
  label: string;
  required?: boolean;
  /** Applied on create (client form default and server default). */
  default?: Scalar;
  maxLength?: number;
  min?: number;
  /**
   * A list of names stored in one text joined with `separator` (a product's categories and families: '; ').
   * CSV files write it joined with ' | ' and the import reads it back (src/core/listCells.ts).
   */
  list?: { separator: string };
  /**
   * A GS1 identifier checked by its check digit in the form, the CSV import and the API (src/core/gtin.ts):
   * 'gtin' = EAN-8, UPC-A (12), EAN-13 or GTIN-14; 'gln' = a 13-digit GLN.
   */
  format?: 'gtin' | 'gln';
  /**
   * Decimal fields (type 'number'): decimals always shown (2 for amounts of money: 12,50). Values are typed and
   * shown as the interface language writes numbers (src/core/numbers.ts).
   */
  decimals?: number;
  /** Allowed values (a select in forms, an enum on the server). */
  choices?: readonly string[];
  /** How the form's select names some of the `choices` to people (default: the value itself). */
  choiceLabels?: Readonly<Record<string, string>>;
  /** For type 'reference': the target resource name (its API path). */
  reference?: string;
  /** For type 'reference': the target field shown to people (default 'nombre'). */
  referenceLabel?: string;
  /** Unique across the table: duplicates answer 422 ER_DUP_ENTRY. */
  unique?: boolean;
  /** Set by the server (generated id, computed or joined column): never sent on create/update. */
  readOnly?: boolean;
  /** Accepted on create/update but never returned or listed (e.g. password). */
  writeOnly?: boolean;
  /** Shown as a list column (default: true for the first 6 visible fields). */
  inList?: boolean;
  /**
   * Unique together with these other fields (e.g. `['empresaId']`: unique within a company). Implies `unique`:
   * duplicates answer 422 ER_DUP_ENTRY "for key '<this field>'".
   */
  uniqueWith?: readonly string[];
  /**
   * Typed as free text and normalised on save by the CSV import's rules (docs/requirements.md#r5-validation, `normalizeRow` of the
   * schema's `table`): integers typed as text; dates as ISO, dd/mm/yyyy, yyyy/mm/dd, dd-mm-yyyy or yyyy-mm-dd.
   * A value the rules cannot read is a field error, and the text stays as typed.
   */
  lenient?: boolean;
  /**
   * How the CSV import (and the forms of schemas with `normalizeOnSave`) read this field's text (docs/requirements.md#r5-validation):
   * 'integer', 'date' (ISO, dd/mm/yyyy, yyyy/mm/dd…), 'sn' (si/sí/s/true → 'S', no/n/false → 'N') or 'sn-or-n'
   * (yes → 'S', anything else → 'N').
   */
  importAs?: ImportReading;
  /**
   * A text input with suggestions from a custom endpoint of the API answering `string[]` for `?q=&limit=`
   * (e.g. 'obtenerSkuPrincipales'). Free text is still accepted.
   */
  suggestions?: string;
  /** Date fields: may not be before this other date field of the same record ("a range ending before it starts"). */
  notBefore?: string;
  /**
   * A text holding names of records of another resource separated by commas or semicolons (e.g. an attribute's
   * categories, a product's families), or one name (`one: true`, a product's brand): the form suggests the
   * names of `reference`'s records (`field`, default 'nombre') as the person types and warns about names that
   * are not among them. Renaming a record of `reference` rewrites the name in these fields on the API
   * (server/features/reference-data-renames.ts).
   * `mustExist`: a name no record of `reference` of the company has is refused — on the field in the forms,
   * as a rejected row in the CSV import (preview included) and with 422 naming the field on the API — by one
   * rule (src/core/references.ts); names the stored record already held are kept.
   */
  namesOf?: { reference: string; field?: string; one?: boolean; mustExist?: boolean };
  /**
   * The API queries by this column although no filter, sort, reference or company rule says so (e.g. a
   * server feature's lookup): the table gets an index on it. Filtered, sorted, reference and company columns
   * are indexed without saying.
   */
  indexed?: boolean;
}

export type FilterOperator =
  /** `like %value%` (case-insensitive, as MySQL's default collation) */
  | 'contains'
  /** equality */
  | 'eq'
  | 'gte'
  | 'lte'
  /** the whole day: between value 00:00:00 and value 23:59:59 */
  | 'day'
  /** `inq` of a list of values */
  | 'in'
  /** `{neq: null}` when the value is truthy/'S', `{eq: null}` when falsy/'N' */
  | 'present';

export type FilterInput = 'text' | 'number' | 'sn' | 'date' | 'reference' | 'select';

export interface FilterSchema {
  /** The key in react-admin's filterValues. */
  source: string;
  /** The entity field it constrains (default: `source`). */
  field?: string;
  op: FilterOperator;
  label: string;
  input: FilterInput;
  /** Values that mean "no filter" (e.g. 'TODOS', 'TODAS'). Empty strings always mean no filter. */
  ignore?: readonly string[];
  choices?: readonly string[];
  /** For input 'reference'. */
  reference?: string;
  alwaysOn?: boolean;
}

export interface RelationSchema {
  /** The relation name used in `include` (e.g. 'roles'). */
  name: string;
  /** The target resource name. */
  target: string;
  kind: 'hasManyThrough' | 'hasMany' | 'belongsTo';
  /** hasManyThrough: the join model name, and its key towards the source and the target. */
  through?: { model: string; keyFrom: string; keyTo: string };
  /** hasMany / belongsTo: the foreign key. */
  keyTo?: string;
}

/** A list of child records shown under a record's edit form (e.g. a company's EmpresasBC). */
export interface ChildListSchema {
  /** The child resource name. */
  resource: string;
  /** The child's field holding this record's id. */
  target: string;
  /** Spanish title of the section. */
  label: string;
  /** Rows shown (docs/requirements.md#r7-api: the company's EmpresasBC list is limited to 20). */
  perPage?: number;
  /** The child fields shown as columns (default: the child's list columns without `target`). */
  columns?: readonly string[];
}

export interface ResourceOperations {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** PATCH /{path}?where= (usuarios has none). */
  updateMany: boolean;
}

export interface ResourceSchema {
  /** react-admin resource name == the API path, case included ('productos', 'Marca', 'catalogos'). */
  name: string;
  /** The LoopBack model name ('Producto'). */
  model: string;
  /** Spanish singular and plural labels. */
  label: string;
  labelPlural: string;
  /**
   * The resource's name (singular, plural) in the other languages of the app: menu entries, page titles and
   * react-admin's `resources.<name>.name`. Required, so a new resource without a translation is a type error.
   */
  names: ResourceNames;
  /** Table name known to the generic CSV import/export (docs/requirements.md#r3-entities), if any. */
  table?: string;
  /**
   * How an imported row without id finds the record it updates: natural keys in order of preference (each a
   * list of declared fields). Without them: the unique fields, then the composite key.
   */
  naturalKeys?: readonly (readonly string[])[];
  /**
   * A child table copied when a record of this parent resource is replicated (the product replica copies its
   * general data, attributes, media, icons, catalogue data and characteristics). Children without it are only
   * removed with their parent. The parent's own copy leaves out its read-only fields.
   */
  replicatedWith?: string;
  /** The primary key property on the API ('id'; 'Id' for catalogos). */
  idField: string;
  /** Composite delete: DELETE /{path}/{id}/{deleteKey value}. */
  deleteKey?: string;
  /** A resource keyed by two properties and no id (ProductoIconos). */
  compositeKey?: readonly [string, string];
  /** The field holding the company id when the resource is company-scoped (usually 'empresaId'). */
  companyField?: string;
  /**
   * A child without a company field that belongs to the company of its parent: `field` holds the `parentKey`
   * (default: the id) of a record of `parent` (a resource name). The reference API shows and writes a row only
   * when its parent is visible to the caller (e.g. `{ field: 'productoId', parent: 'productos' }`,
   * `{ field: 'skuPrincipal', parent: 'productos', parentKey: 'nombre' }`).
   */
  companyVia?: { field: string; parent: string; parentKey?: string };
  /**
   * Records that belong to one user (saved views): the API sets `field` to the caller's usuario id on create;
   * a caller sees their own rows and, when `shared` (an S/N field) is 'S', the rows others shared (still within
   * the company scope); only the owner updates or deletes a row (server/features/saved-views.ts).
   */
  ownedBy?: { field: string; shared?: string };
  fields: readonly FieldSchema[];
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Fields searched by the free-text filter `q` (like %term% OR-ed). */
  search?: readonly string[];
  /**
   * A text column the API keeps for one search box over several fields (the product list's `buscar`): `fields`
   * of the row and `from.fields` of its child rows (`from.resource`, linked by `from.key`), joined by line
   * breaks and folded as the engine's `like` compares (lower case, accents left out on PostgreSQL), written by
   * the database itself on every write of either table (server/store/search-text.ts). Server-internal: never
   * in the API's answers or filters; searched with `like '%…%'` through one index (trigram on PostgreSQL).
   */
  searchText?: {
    column: string;
    fields: readonly string[];
    from: { resource: string; key: string; fields: readonly string[] };
  };
  /**
   * Filter keys the API serves although they are no column (server/virtual-filters.ts, e.g. the product
   * list's `buscar`): the data provider sends their value as is under that key. A declared filter whose
   * `field` is one of them sends its input's value there.
   */
  serverFilters?: readonly string[];
  filters: readonly FilterSchema[];
  operations: ResourceOperations;
  relations?: readonly RelationSchema[];
  /** Other API paths serving the same model (the spec lists both /Repuestos and /repuestos). */
  aliases?: readonly string[];
  /** A read-only view computed by the reference API from other resources. */
  view?: boolean;
  /**
   * `false`: the demo data leaves the table empty on purpose (its rows come from what the users declare or
   * from the API's own work, e.g. readiness rules, scores and jobs). By default the demo data fills it.
   */
  seeded?: false;
  /**
   * Indexes over several columns that the API's own queries need (each a list of fields, leading column
   * first), e.g. a product's versions newest first: `['productoId', 'id']`. The leading column needs no index
   * of its own then (server/indexes.ts).
   */
  indexes?: readonly (readonly string[])[];
  /** Menu placement; `hidden` resources are registered but not in the menu (child records). */
  menu: { group: MenuGroup; icon: string; hidden?: boolean };
  /**
   * Spanish success toasts (docs/requirements.md#r8-errors). `deletedMany` is the plural of `deleted` for bulk deletes, with the
   * number as %{smart_count} ('%{smart_count} marcas eliminadas'); without it, '%{smart_count} registros
   * eliminados correctamente!!'.
   */
  messages?: { created?: string; updated?: string; deleted?: string; deletedMany?: string };
  /**
   * Forms pass their values through the CSV import's `normalizeRow(table, …)` before saving (docs/requirements.md#r5-validation), so
   * import and forms share one implementation. Needs `table`.
   */
  normalizeOnSave?: boolean;
  /**
   * docs/requirements.md#r4-states list behaviour: after a create or update the list selection is cleared, the resource's cached
   * queries are refreshed and this store flag is raised (e.g. 'actualizar_Marcas') for screens that cache it.
   */
  refreshFlag?: string;
  /** Deleting a record reloads the page (docs/requirements.md#r4-states: integration templates). */
  reloadOnDelete?: boolean;
  /** Child lists shown under the edit form. */
  children?: readonly ChildListSchema[];
}

export type MenuGroup =
  | 'catalogo'
  | 'productos'
  | 'marketplaces'
  | 'relaciones'
  | 'empresas'
  | 'usuarios'
  | 'integraciones'
  | 'configuracion';

// ---- record types derived from the declarations ----

/** A field as the builders of fields.ts declare it: its name and type kept as literal types. */
export interface DeclaredField<
  N extends string = string,
  T extends FieldType = FieldType,
> extends FieldSchema {
  name: N;
  type: T;
}

/** A schema with its declared fields' literal types (what `defineResource` answers). */
export type DeclaredSchema<
  F extends readonly FieldSchema[] = readonly FieldSchema[],
  N extends string = string,
> = Omit<ResourceSchema, 'name' | 'fields'> & {
  readonly name: N;
  readonly fields: F;
};

/**
 * The value of a field type: numbers for integers, decimals and references; S/N flags as text; dates as `D` —
 * text in the app and on the wire (ISO), `Date | string` in the API's repositories (read as Date, written as either).
 */
export type FieldValue<T extends FieldType, D = string> = T extends 'integer' | 'number' | 'reference'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'date' | 'datetime'
      ? D
      : string;

/**
 * A record of a schema, derived from its declaration: every declared field (by its literal name), of its type,
 * optional (a row read with `fields`, a partial write) and possibly null (a column without value). Fields whose
 * name is not a literal (built at run time) are left out.
 */
export type RecordOf<S extends { readonly fields: readonly FieldSchema[] }, D = string> = {
  [F in S['fields'][number] as string extends F['name'] ? never : F['name']]?: FieldValue<
    F['type'],
    D
  > | null;
};
