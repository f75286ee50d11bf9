// @vitest-environment node
/**
 * Indexes from the declarations: in the model definitions the API builds (which the MySQL and PostgreSQL
 * connectors turn into CREATE INDEX), every company, companyVia, reference, filtered and sorted column of
 * every stored resource leads an index, as do the join keys of its relations.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/resources/registry';
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';
import { buildModels } from '../../server/models';

const models = buildModels(registry);

/** Columns leading some index of the model (the primary key, property indexes, settings.indexes). */
function leadingColumns(schema: ResourceSchema): Set<string> {
  const model = models.bySchema.get(schema.name);
  if (!model) throw new Error(`no model for ${schema.name}`);
  const definition = model.definition;
  const leading = new Set<string>(definition.idProperties());
  for (const [name, property] of Object.entries(definition.properties))
    if ((property as { index?: unknown }).index) leading.add(name);
  const indexes = (definition.settings.indexes ?? {}) as Record<string, { keys: Record<string, number> }>;
  for (const index of Object.values(indexes)) leading.add(Object.keys(index.keys)[0]);
  return leading;
}

/** A whole long text cannot be a B-tree key (3072 bytes of utf8mb4). */
const fitsAnIndex = (field: FieldSchema): boolean =>
  field.type !== 'text' && !(field.type === 'string' && (field.maxLength ?? 0) > 768);

function queriedColumns(schema: ResourceSchema): string[] {
  const names = new Set<string>();
  if (schema.companyField) names.add(schema.companyField);
  if (schema.companyVia) names.add(schema.companyVia.field);
  for (const field of schema.fields) if (field.type === 'reference') names.add(field.name);
  for (const filter of schema.filters) names.add(filter.field ?? filter.source);
  names.add(schema.sort.field);
  for (const other of registry) {
    if (other.companyVia?.parentKey && other.companyVia.parent === schema.name)
      names.add(other.companyVia.parentKey);
    for (const relation of other.relations ?? [])
      if (relation.kind === 'hasMany' && relation.target === schema.name && relation.keyTo)
        names.add(relation.keyTo);
  }
  return [...names].filter((name) => {
    const field = schema.fields.find((f) => f.name === name);
    return field !== undefined && fitsAnIndex(field);
  });
}

const stored = registry.filter((schema) => !schema.view);

describe('indexes derived from the schemas', () => {
  it('there are stored resources with queried columns to check', () => {
    expect(stored.length).toBeGreaterThan(20);
    expect(stored.flatMap(queriedColumns).length).toBeGreaterThan(50);
  });

  it.each(stored.map((schema) => [schema.name, schema] as const))(
    '%s: every filtered, sorted, reference and company column leads an index',
    (_, schema) => {
      const leading = leadingColumns(schema);
      const missing = queriedColumns(schema).filter((name) => !leading.has(name));
      expect(missing).toEqual([]);
    },
  );

  it('the keys the API joins and scopes by are indexed', () => {
    const leads = (name: string) => leadingColumns(registry.find((s) => s.name === name)!);
    expect(leads('productos')).toContain('empresaId');
    expect(leads('productos')).toContain('nombre');
    expect(leads('producto-generals')).toContain('productoId');
    expect(leads('catalogos-productos')).toContain('catalogoId');
    expect(leads('catalogos-productos')).toContain('productoId');
  });

  it('indexes declared over several columns are built with their columns in order', () => {
    const declaring = stored.filter((schema) => schema.indexes?.length);
    expect(declaring.map((schema) => schema.name)).toContain('historial');
    for (const schema of declaring) {
      const indexes = Object.values(
        (models.bySchema.get(schema.name)!.definition.settings.indexes ?? {}) as Record<
          string,
          { keys: Record<string, number> }
        >,
      ).map((index) => Object.keys(index.keys).join(','));
      for (const columns of schema.indexes ?? []) expect(indexes).toContain(columns.join(','));
      // the leading column is served by the composite index: no single-column index repeats it
      for (const columns of schema.indexes ?? []) expect(indexes).not.toContain(columns[0]);
    }
    const history = registry.find((s) => s.name === 'historial')!;
    expect(history.indexes).toContainEqual(['productoId', 'id']);
  });

  it('join models are indexed both ways', () => {
    expect(models.joins.size).toBeGreaterThan(0);
    for (const model of models.joins.values()) {
      const indexes = Object.values(
        (model.definition.settings.indexes ?? {}) as Record<string, { keys: Record<string, number> }>,
      ).map((index) => Object.keys(index.keys)[0]);
      expect(new Set(indexes).size).toBe(2);
    }
  });

  it('a company-scoped list is served in order by a company + sort index', () => {
    const keysOf = (name: string) =>
      Object.values(
        (models.bySchema.get(name)!.definition.settings.indexes ?? {}) as Record<
          string,
          { keys: Record<string, number> }
        >,
      ).map((index) => Object.keys(index.keys).join(','));
    for (const schema of stored.filter((s) => s.companyField)) {
      const sort = schema.fields.find((f) => f.name === schema.sort.field)!;
      if (schema.sort.field === schema.companyField || !fitsAnIndex(sort)) continue;
      expect(keysOf(schema.name)).toContain(`${schema.companyField},${schema.sort.field}`);
      expect(keysOf(schema.name)).toContain(`${schema.companyField},${schema.idField}`);
    }
    expect(keysOf('productos')).toEqual(expect.arrayContaining(['empresaId,nombre', 'empresaId,id']));
    // The composites lead with the company: no second index on the company column alone.
    expect(keysOf('productos')).not.toContain('empresaId');
  });

  it('columns a search text reads get no trigram index of their own; the text and other searched ones do', () => {
    const trigramOf = (name: string) =>
      (models.bySchema.get(name)!.definition.settings.likeSearched ?? []) as string[];
    const withText = stored.filter((schema) => schema.searchText);
    expect(withText.length).toBeGreaterThan(0);
    for (const schema of withText) {
      const text = schema.searchText!;
      // the child's fields are declared indexed (B-trees: exact matches, the search without triggers)
      const child = registry.find((s) => s.name === text.from.resource)!;
      for (const field of text.from.fields)
        expect(child.fields.find((f) => f.name === field)?.indexed).toBe(true);
      expect([...leadingColumns(child)]).toEqual(expect.arrayContaining([...text.from.fields]));
      expect(trigramOf(child.name).filter((f) => text.from.fields.includes(f))).toEqual([]);
    }
    expect(trigramOf('productos')).toEqual(expect.arrayContaining(['nombre', 'categorias']));
  });
});
