/**
 * Every declared resource gets a working generated list (and create form when allowed) with no other code.
 * Resources whose view is replaced by a bespoke screen (src/resources/<folder>/views.tsx) are tested by that
 * screen's own tests; here each generated view is checked where it is the one in use.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/resources/registry';
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';
import { formFields } from '../../src/resources/generic/fieldSets';
import { bespokeViews } from '../../src/custom/views';
import type { ResourceViews } from '../../src/resources/views';
import { fakeProvider, type Fixture } from './renderApp';
import { renderScreen } from './renderScreen';

const sample = (field: FieldSchema): unknown => {
  if (field.choices?.length) return field.choices[0];
  switch (field.type) {
    case 'integer':
    case 'reference':
      return 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'sn':
      return 'S';
    case 'date':
      return '2024-01-31T00:00:00.000Z';
    case 'datetime':
      return '2024-01-31T10:20:30.000Z';
    default:
      return `${field.name} uno`;
  }
};

const sampleRecord = (schema: ResourceSchema) => {
  const record: Record<string, unknown> = Object.fromEntries(
    schema.fields.map((field) => [field.name, sample(field)]),
  );
  record.id = schema.compositeKey ? '1-1' : 1;
  return record;
};

const fixture = (): Fixture =>
  Object.fromEntries(registry.map((schema) => [schema.name, [sampleRecord(schema)]]));

const firstVisibleText = (schema: ResourceSchema): string | undefined =>
  schema.fields.find(
    (field) => field.type === 'string' && !field.choices && field.inList !== false && !field.writeOnly,
  )?.name;

const generated = (view: keyof ResourceViews) => (schema: ResourceSchema) =>
  !bespokeViews[schema.name]?.[view];

describe('every registry resource', () => {
  it('some resources do use bespoke screens (so the filter below is meaningful)', () => {
    expect(Object.keys(bespokeViews)).toEqual(expect.arrayContaining(['productos', 'categorias']));
  });

  it.each(registry.filter(generated('list')).map((schema) => [schema.name, schema] as const))(
    '%s: generated list renders',
    async (_, schema) => {
      renderScreen(`/${schema.name}`, { dataProvider: fakeProvider(fixture()) });
      const text = firstVisibleText(schema);
      if (text) expect((await screen.findAllByText(`${text} uno`)).length).toBeGreaterThan(0);
      else await screen.findByText('1-1 de 1');
      expect(document.querySelectorAll('tbody tr')).toHaveLength(1);
    },
  );

  const creatable = registry.filter((schema) => schema.operations.create && generated('create')(schema));
  it.each(creatable.map((schema) => [schema.name, schema] as const))(
    '%s: generated create form renders',
    async (_, schema) => {
      renderScreen(`/${schema.name}/create`, { dataProvider: fakeProvider(fixture()) });
      await screen.findByRole('button', { name: 'Guardar' });
      for (const field of formFields(schema, 'create')) {
        expect((await screen.findAllByText(field.label, { exact: false })).length).toBeGreaterThan(0);
      }
    },
  );

  const readOnly = registry.filter((schema) => !schema.operations.update && generated('show')(schema));
  it.each(readOnly.map((schema) => [schema.name, schema] as const))(
    '%s: generated show page renders',
    async (_, schema) => {
      const record = sampleRecord(schema);
      renderScreen(`/${schema.name}/${String(record.id)}/show`, { dataProvider: fakeProvider(fixture()) });
      const text = firstVisibleText(schema);
      if (text) expect((await screen.findAllByText(`${text} uno`)).length).toBeGreaterThan(0);
      expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    },
  );
});
