/**
 * Row keys: which stored record an imported row stands for (see tables.ts for the keys of each table).
 * Pure.
 */
import type { ResourceSchema } from '../../resources/types';
import type { Row } from '../../core/csv/normalize';
import { idColumn, naturalKeys } from '../../resources/csvTables';

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Comparable text of key values: case-insensitive, trailing spaces ignored (MySQL's default collation). */
export const keyText = (values: readonly unknown[]): string =>
  JSON.stringify(
    values.map((value) => (typeof value === 'string' ? value.toLowerCase().replace(/ +$/, '') : value)),
  );

export type RowKey =
  | { kind: 'id'; field: string; value: unknown; text: string }
  | { kind: 'natural'; fields: string[]; values: unknown[]; text: string };

/** The key of an imported row: its id when given, else its first complete natural key; undefined if none. */
export function rowKey(schema: ResourceSchema, values: Row): RowKey | undefined {
  const id = idColumn(schema);
  if (id && !isBlank(values[id])) {
    return { kind: 'id', field: id, value: values[id], text: keyText([values[id]]) };
  }
  for (const fields of naturalKeys(schema)) {
    const keyValues = fields.map((field) => values[field]);
    if (keyValues.every((value) => !isBlank(value))) {
      return { kind: 'natural', fields, values: keyValues, text: keyText(keyValues) };
    }
  }
  return undefined;
}

/** "nombre = SKU-1" / "id = 5" — a key as people read it. */
export const describeKey = (key: RowKey): string =>
  key.kind === 'id'
    ? `${key.field} = ${String(key.value)}`
    : key.fields.map((field, i) => `${field} = ${String(key.values[i])}`).join(', ');

/** Indexes stored rows by id and by every natural key, to find the one a row stands for. */
export class StoredIndex {
  private readonly byKey = new Map<string, Row>();

  constructor(
    private readonly schema: ResourceSchema,
    rows: readonly Row[] = [],
  ) {
    for (const row of rows) this.add(row);
  }

  private static slot(fields: readonly string[], text: string): string {
    return `${fields.join('+')}:${text}`;
  }

  add(row: Row): void {
    const id = idColumn(this.schema);
    if (id && !isBlank(row[id])) this.byKey.set(StoredIndex.slot([id], keyText([row[id]])), row);
    for (const fields of naturalKeys(this.schema)) {
      const values = fields.map((field) => row[field]);
      if (values.some(isBlank)) continue;
      const slot = StoredIndex.slot(fields, keyText(values));
      if (!this.byKey.has(slot)) this.byKey.set(slot, row);
    }
  }

  find(key: RowKey): Row | undefined {
    return key.kind === 'id'
      ? this.byKey.get(StoredIndex.slot([key.field], key.text))
      : this.byKey.get(StoredIndex.slot(key.fields, key.text));
  }
}
