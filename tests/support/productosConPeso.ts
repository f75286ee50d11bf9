/**
 * The "a field declared is a field usable" proof's declaration: the products schema with one more field,
 * `pesoKg` (a decimal with 3 decimals, not negative), declared here and nowhere else. The tests hand it to the
 * app (`registerSchemas` / `schemas`, where it replaces the registry's products) and to the reference API
 * (`extraSchemas`); the list, the editor, the CSV import/export and the API must then know the field.
 */
import { num } from '../../src/resources/fields';
import { productos } from '../../src/resources/productos/schema';
import type { ResourceSchema } from '../../src/resources/types';

export const PESO = { name: 'pesoKg', label: 'Peso (kg)' } as const;

export const productosConPeso: ResourceSchema = {
  ...productos,
  fields: [...productos.fields, num(PESO.name, PESO.label, { decimals: 3, min: 0 })],
};
