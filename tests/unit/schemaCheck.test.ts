// @vitest-environment node
/**
 * A declaration is checked where types cannot reach: every registry schema is sound, and a broken one is
 * refused with the schema and the field named — never accepted with a silent default.
 */
import { describe, expect, it } from 'vitest';
import { defineResource, id, str } from '../../src/resources/fields';
import { registerSchemas, registry } from '../../src/resources/registry';
import { schemaProblems } from '../../src/resources/schemaCheck';
import type { FieldSchema } from '../../src/resources/types';

const names = {
  en: ['Box', 'Boxes'],
  de: ['Kiste', 'Kisten'],
  fr: ['Caisse', 'Caisses'],
  pt: ['Caixa', 'Caixas'],
} as const;

const cajas = (extra: FieldSchema) =>
  defineResource({
    name: 'cajas',
    model: 'Caja',
    label: 'Caja',
    labelPlural: 'Cajas',
    names,
    fields: [id(), str('nombre', 'Nombre'), extra],
    menu: { group: 'configuracion', icon: 'Inventory' },
  });

describe('schema declarations', () => {
  it('every registry schema is sound (types, references, keys, five-language names)', () => {
    expect(registry.length).toBeGreaterThan(30);
    expect(schemaProblems(registry)).toEqual([]);
  });

  it('an unknown field type names the schema and the field', () => {
    const schema = cajas({ name: 'pesoKg', label: 'Peso', type: 'peso' as FieldSchema['type'] });
    expect(schemaProblems([...registry, schema])).toEqual(["cajas.pesoKg: tipo de campo desconocido 'peso'"]);
  });

  it('a reference to an undeclared resource names the schema and the field', () => {
    const schema = cajas({ name: 'almacenId', label: 'Almacén', type: 'reference', reference: 'almacenes' });
    expect(schemaProblems([...registry, schema])).toEqual([
      "cajas.almacenId: referencia a un recurso no declarado 'almacenes'",
    ]);
  });

  it('a search text naming an undeclared field or column already declared names the schema', () => {
    const schema = {
      ...cajas(str('color', 'Color')),
      searchText: {
        column: 'color',
        fields: ['nombre', 'talla'],
        from: { resource: 'producto-generals', key: 'productoId', fields: ['titulo', 'peso'] },
      },
    };
    expect(schemaProblems([...registry, schema])).toEqual([
      "cajas.searchText: la columna 'color' ya es un campo",
      "cajas.searchText: nombra un campo no declarado 'talla'",
      "cajas.searchText: nombra un campo no declarado 'producto-generals.peso'",
    ]);
    const orphan = { ...schema, searchText: { ...schema.searchText, column: 'texto', fields: ['nombre'] } };
    expect(
      schemaProblems([
        ...registry,
        {
          ...orphan,
          searchText: { ...orphan.searchText, from: { ...orphan.searchText.from, resource: 'almacenes' } },
        },
      ]),
    ).toEqual(["cajas.searchText: texto de búsqueda de un recurso no declarado 'almacenes'"]);
  });

  it('a missing translation names the schema', () => {
    const schema = { ...cajas(str('color', 'Color')), names: { ...names, pt: ['', ''] as const } };
    expect(schemaProblems([...registry, schema])).toEqual(["cajas.names: falta la traducción 'pt'"]);
  });

  it('registering a broken declaration at run time is refused with its problems', () => {
    const schema = cajas({ name: 'almacenId', label: 'Almacén', type: 'reference', reference: 'almacenes' });
    expect(() => registerSchemas(schema)).toThrow(
      "Declaración de recurso no válida: cajas.almacenId: referencia a un recurso no declarado 'almacenes'",
    );
  });
});
