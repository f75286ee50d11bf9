/**
 * The tables that hold rows of a product: every stored resource of the registry with a reference field to
 * `productos` (general data, attributes, media, icons, catalogue data, characteristics, catalogue links,
 * generated texts, the text generation queue…). Deleting a product removes its rows from all of them, so a new
 * child table is covered by declaring its reference. Pure.
 */
import type { ResourceSchema } from '../../../src/resources/types';

export type ChildTable = readonly [resource: string, field: string];

export function productChildTables(schemas: readonly ResourceSchema[]): ChildTable[] {
  return schemas
    .filter((schema) => !schema.view && schema.name !== 'productos')
    .flatMap((schema) =>
      schema.fields
        .filter((field) => field.type === 'reference' && field.reference === 'productos')
        .map((field): ChildTable => [schema.name, field.name]),
    );
}
