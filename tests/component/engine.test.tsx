/** The pure parts of the generic engine and layout, checked against the real schemas. */
import { render, screen } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { menuSections } from '../../src/layout/menuGroups';
import { SNBadge, snBadgeVariant } from '../../src/resources/generic/SNBadge';
import { withPimDefaults } from '../../src/layout/store';
import { createDefaults, formFields, listColumns } from '../../src/resources/generic/fieldSets';
import { formatDateOnly, formatDateTime, fromDateInputValue } from '../../src/resources/generic/formatDate';
import { fieldErrorsFromServer, serverErrorMessage } from '../../src/resources/generic/serverErrors';
import { searchKeyFor } from '../../src/resources/generic/referenceSearch';
import { mergeViews, resourceViews } from '../../src/resources/views';
import { registry, schemaFor } from '../../src/resources/registry';

const schema = (name: string) => {
  const found = schemaFor(name);
  if (!found) throw new Error(name);
  return found;
};

const visible = (name: string) =>
  listColumns(schema(name))
    .filter((column) => !column.hidden)
    .map((column) => column.field.name);

describe('list columns', () => {
  it('shows inList fields, at most 6 by default, never writeOnly ones', () => {
    expect(visible('Marca')).toEqual(['nombre', 'codigo']);
    expect(visible('productos')).toEqual(['nombre', 'imagen', 'categorias', 'familias', 'finalizado']);
    expect(visible('producto-datos-catalogo')).toHaveLength(6);
    expect(visible('usuarios')).toEqual(['nombre', 'codigo', 'mail', 'activoSN']);
    expect(listColumns(schema('usuarios')).map((column) => column.field.name)).not.toContain('password');
    // explicit inList: true (campoUno) is shown, inList: false fields are offered hidden
    expect(visible('MarketPlacePrompts')).toEqual(['marketplaceId', 'categoriaCodigo', 'campoUno']);
    expect(listColumns(schema('productos')).find((column) => column.field.name === 'id')?.hidden).toBe(true);
  });
});

describe('forms', () => {
  it('skip readOnly and company fields; writeOnly only on create', () => {
    const usuarios = schema('usuarios');
    expect(formFields(usuarios, 'create').map((field) => field.name)).toEqual([
      'nombre',
      'codigo',
      'mail',
      'password',
      'activoSN',
    ]);
    expect(formFields(usuarios, 'edit').map((field) => field.name)).toEqual([
      'nombre',
      'codigo',
      'mail',
      'activoSN',
    ]);
  });

  it('create defaults come from the schema', () => {
    expect(createDefaults(schema('productos'))).toMatchObject({
      finalizado: 'N',
      finalizadoSAT: 'N',
      ordenAtributos: '0',
    });
    expect(createDefaults(schema('productos'))).not.toHaveProperty('activoEnMarketplace');
    expect(createDefaults(schema('producto-generals'))).toEqual({ mercados: '724' });
    // docs/requirements.md#r4-states: the S/N flags default to N
    expect(createDefaults(schema('catalogos'))).toEqual({ activoSN: 'N' });
  });
});

describe('views', () => {
  it('register create/edit only when allowed, show for read-only resources', () => {
    const keys = (name: string) =>
      Object.entries(resourceViews(schema(name), {}))
        .filter(([, view]) => view)
        .map(([key]) => key)
        .sort();
    expect(keys('Marca')).toEqual(['create', 'edit', 'list']);
    expect(keys('B2bProductos')).toEqual(['list', 'show']);
    expect(keys('logsnavs')).toEqual(['list', 'show']);
  });

  it('bespoke screens of one resource from several features merge; the same screen twice is an error', () => {
    const list = <div>list</div>;
    const edit = <div>edit</div>;
    expect(mergeViews({ productos: { list } }, { productos: { edit } })).toEqual({
      productos: { list, edit },
    });
    expect(() => mergeViews({ productos: { list } }, { productos: { list: edit } })).toThrow(
      'Dos pantallas propias para productos: list',
    );
  });

  it('overrides replace generic views by resource name', () => {
    const custom = <div>custom</div>;
    expect(resourceViews(schema('productos'), { productos: { list: custom } }).list).toBe(custom);
  });
});

describe('server errors', () => {
  it("prefers the server's message", () => {
    expect(serverErrorMessage({ message: 'x', body: { error: { message: 'Entity not found' } } })).toBe(
      'Entity not found',
    );
    expect(serverErrorMessage(new Error('Error de conexión'))).toBe('Error de conexión');
    expect(serverErrorMessage(undefined)).toBe('ra.notification.http_error');
  });

  it('maps LoopBack 422 details and ER_DUP_ENTRY to field errors', () => {
    const details = {
      status: 422,
      body: {
        error: {
          statusCode: 422,
          details: [
            { path: '', code: 'required', info: { missingProperty: 'nombre' } },
            { path: '/codigo', code: 'maxLength', message: 'must NOT have more than 50 characters' },
          ],
        },
      },
    };
    expect(fieldErrorsFromServer(details)).toEqual({
      nombre: 'ra.validation.required',
      codigo: 'Máximo 50 caracteres',
    });
    const duplicate = {
      status: 422,
      body: {
        error: { statusCode: 422, code: 'ER_DUP_ENTRY', message: "Duplicate entry 'AMZ' for key 'codigo'" },
      },
    };
    expect(fieldErrorsFromServer(duplicate, ['codigo'])).toEqual({ codigo: 'ra.validation.unique' });
    expect(fieldErrorsFromServer({ status: 500, body: { error: { statusCode: 500 } } })).toBeUndefined();
  });
});

describe('dates', () => {
  it('formats calendar dates from their date part and date-times in local time', () => {
    expect(formatDateOnly('2024-01-31T00:00:00.000Z')).toBe('31/01/2024');
    expect(formatDateOnly(null)).toBe('');
    expect(formatDateTime(new Date(2024, 0, 31, 9, 5, 7))).toBe('31/01/2024 09:05:07');
    expect(fromDateInputValue('2024-01-31')).toBe('2024-01-31T00:00:00.000Z');
    expect(fromDateInputValue('')).toBeNull();
  });
});

describe('references', () => {
  it('search a target by its own contains filter, its q search, or the label field', () => {
    expect(searchKeyFor('Marca', 'nombre')).toBe('nombre');
    // companies search their name with their own searchDescripcion filter (docs/requirements.md#r2-screens)
    expect(searchKeyFor('empresas', 'nombre')).toBe('searchDescripcion');
    expect(searchKeyFor('categorias', 'nombre')).toBe('q');
    expect(searchKeyFor('MarketPlaces', 'codigo')).toBe('searchCodigo');
    expect(searchKeyFor('TiposRango', 'rango')).toBe('rango');
  });
});

describe('menu', () => {
  it('groups visible resources in menu order and skips hidden ones', () => {
    const sections = menuSections(registry);
    expect(sections.map((section) => section.group)).toEqual([
      'catalogo',
      'productos',
      'marketplaces',
      'relaciones',
      'empresas',
      'usuarios',
      'integraciones',
      'configuracion',
    ]);
    const all = sections.flatMap((section) => section.resources);
    expect(all).toContain('Marca');
    expect(all).not.toContain('ProductoIconos');
    expect(all).not.toContain('producto-generals');
    expect(all).toHaveLength(registry.filter((s) => !s.menu.hidden).length);
  });
});

describe('S/N badge', () => {
  it('S is positive, anything else negative', () => {
    expect(snBadgeVariant('S')).toBe('positive');
    for (const value of ['N', null, undefined, '', 's']) expect(snBadgeVariant(value)).toBe('negative');
    render(
      <>
        <SNBadge value="S" />
        <SNBadge value={null} />
      </>,
    );
    const [yes, no] = screen.getAllByTestId('sn-badge');
    expect(yes.textContent).toBe('S');
    expect(yes.className).toContain('colorSuccess');
    expect(no.textContent).toBe('N');
    expect(no.className).toContain('colorError');
  });
});

describe('store', () => {
  it('defaults the sidebar to collapsed, also after a reset', () => {
    const store = withPimDefaults(memoryStore());
    store.setup();
    expect(store.getItem('sidebar.open', true)).toBe(false);
    store.setItem('sidebar.open', true);
    expect(store.getItem('sidebar.open', true)).toBe(true);
    const seen: unknown[] = [];
    store.subscribe('sidebar.open', (value) => seen.push(value));
    store.reset();
    expect(seen).toEqual([false]);
    expect(store.getItem('other', 'x')).toBe('x');
  });
});
