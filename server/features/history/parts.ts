/**
 * What the product history follows: the product's own fields and its parts, each a child table with the
 * product's id (one row per product, or rows told apart by a key such as the attribute id), and how a product
 * and its parts read as a ProductState. The fields followed are those people write: not the id, the product
 * link, the company, stamps and sync columns (read-only) nor write-only ones.
 */
import type { Options } from '@loopback/repository';
import type { ProductState, Row } from '../../../src/core/history/versions';
import { schemaFor } from '../../../src/resources/registry';
import type { ResourceSchema } from '../../../src/resources/types';
import { plainRow, type PlainRow, type RepositorySet } from '../../repository-set';

export interface Part {
  /** The name in `campo` ('atributos' in 'atributos[12].valor'). */
  section: string;
  resource: string;
  /** The field holding the product id. */
  productField: string;
  /** The field(s) telling rows of one product apart; none: one row per product. */
  key?: string | readonly string[];
  /** Spanish name of the part. */
  label: string;
}

export const PARTS: readonly Part[] = [
  { section: 'general', resource: 'producto-generals', productField: 'productoId', label: 'Datos generales' },
  {
    section: 'catalogo',
    resource: 'producto-datos-catalogo',
    productField: 'productoId',
    label: 'Datos de catálogo y coste',
  },
  {
    section: 'atributos',
    resource: 'producto-atributos',
    productField: 'productoId',
    key: 'atributoId',
    label: 'Atributo',
  },
  {
    section: 'multimedia',
    resource: 'producto-multimedias',
    productField: 'productoId',
    key: 'nombre',
    label: 'Multimedia',
  },
  {
    section: 'iconos',
    resource: 'ProductoIconos',
    productField: 'idProducto',
    key: 'idIcono',
    label: 'Icono',
  },
  {
    section: 'caracteristicas',
    resource: 'producto-caracteristicas',
    productField: 'productoId',
    key: 'nombre',
    label: 'Característica',
  },
  {
    // one text per marketplace, language and field the prompt generates
    section: 'textos',
    resource: 'TextosGenerados',
    productField: 'productoId',
    key: ['marketplaceId', 'idioma', 'campo'],
    label: 'Texto generado',
  },
];

export const SECTIONS = PARTS.map((part) => part.section);

/** The key fields of a part (none: one row per product). */
export const keyFields = (part: Part): readonly string[] =>
  part.key === undefined ? [] : typeof part.key === 'string' ? [part.key] : part.key;

const schemaOf = (name: string): ResourceSchema => {
  const schema = schemaFor(name);
  if (!schema) throw new Error(`product history: no schema ${name}`);
  return schema;
};

const followed = (schema: ResourceSchema, except: readonly string[]): string[] =>
  schema.fields
    .filter((f) => !f.readOnly && !f.writeOnly && f.name !== schema.idField && !except.includes(f.name))
    .map((f) => f.name);

export const PRODUCT_FIELDS: readonly string[] = followed(schemaOf('productos'), [
  schemaOf('productos').companyField ?? 'empresaId',
]);

export const partFields = (part: Part): string[] => followed(schemaOf(part.resource), [part.productField]);

export const fieldLabel = (resource: string, field: string): string =>
  schemaOf(resource).fields.find((f) => f.name === field)?.label ?? field;

/**
 * The key of a part row ('' for parts with one row per product; its key fields' values joined with '|';
 * '#id' when they are all empty).
 */
export const rowKey = (part: Part, row: PlainRow): string => {
  const fields = keyFields(part);
  if (!fields.length) return '';
  const values = fields.map((field) => row[field]);
  return values.every((value) => value === null || value === undefined || value === '')
    ? `#${String(row.id)}`
    : values.map((value) => String((value ?? '') as string)).join('|');
};

/** A row reduced to the fields followed. */
export const followedRow = (fields: readonly string[], row: PlainRow): Row => {
  const out: Row = {};
  for (const f of fields) {
    const value = row[f];
    out[f] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
};

/** A product and its parts as they are stored now (read in `options`' transaction). */
export async function readState(
  repos: RepositorySet,
  productId: number,
  options?: Options,
): Promise<{ state: ProductState; rows: Map<string, Map<string, PlainRow>> } | undefined> {
  const [product] = await repos.repository('productos').find({ where: { id: productId }, limit: 1 }, options);
  if (!product) return undefined;
  const state: ProductState = {
    product: followedRow(PRODUCT_FIELDS, product.toObject()),
    sections: {},
  };
  const rows = new Map<string, Map<string, PlainRow>>();
  for (const part of PARTS) {
    const fields = partFields(part);
    const found = await repos
      .repository(part.resource)
      .find({ where: { [part.productField]: productId } }, options);
    const byKey = new Map<string, PlainRow>();
    state.sections[part.section] = {};
    for (const entity of found) {
      const row = plainRow(entity);
      const key = rowKey(part, row);
      byKey.set(key, row);
      state.sections[part.section][key] = followedRow(fields, row);
    }
    rows.set(part.section, byKey);
  }
  return { state, rows };
}
