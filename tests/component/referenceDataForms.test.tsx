/**
 * Forms of the reference-data screens over fakerest: bad input gets a Spanish message on the field, nothing
 * is saved and nothing typed is lost; good input is normalised with the import's rules before saving.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { page } from '../../src/resources/generic/reloadOnDelete';
import { referenceProvider, renderReference } from './referenceDataSupport';

// whole-app renders with several steps: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const input = (name: string) => {
  const found = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
/** Clicks Guardar once react-admin enables it again (it is disabled while the last change validates). */
const save = async () => {
  const button = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};

describe('Sustitutos form', () => {
  it('refuses an impossible date and an end before the start; keeps what was typed; saves nothing', async () => {
    const { provider, calls } = referenceProvider();
    renderReference('/Sustitutos/create', { dataProvider: provider });
    await screen.findByRole('textbox', { name: /SKU sustituto/ });
    type('skuPrincipal', 'SKU-11');
    type('skuSustituto', 'SKU-12');
    type('fechaInicio', '31/02/2024');
    type('fechaFin', '01/01/2024');
    await save();
    expect(await screen.findByText('Fecha no válida: use dd/mm/aaaa (también aaaa-mm-dd).')).toBeTruthy();
    expect(input('fechaInicio').value).toBe('31/02/2024');
    type('fechaInicio', '10/01/2024');
    await save();
    expect(await screen.findByText('«Fecha de fin» no puede ser anterior a «Fecha de inicio».')).toBeTruthy();
    expect(input('fechaFin').value).toBe('01/01/2024');
    expect(calls.some((call) => call.method === 'create')).toBe(false);
  });

  it('saves dd/mm/yyyy dates as midnight UTC ISO and shows the Spanish toast', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/Sustitutos/create', { dataProvider: provider });
    await screen.findByRole('textbox', { name: /SKU sustituto/ });
    type('skuPrincipal', 'SKU-11');
    type('skuSustituto', 'SKU-12');
    type('fechaInicio', '07/03/2026');
    type('fechaFin', '2026-12-31');
    await save();
    expect(await screen.findByText('Sustituto creado')).toBeTruthy();
    expect(lastCall('create', 'Sustitutos')?.params.data).toMatchObject({
      skuPrincipal: 'SKU-11',
      skuSustituto: 'SKU-12',
      fechaInicio: '2026-03-07T00:00:00.000Z',
      fechaFin: '2026-12-31T00:00:00.000Z',
      intercambiable: 'N',
    });
  });

  it('edit shows stored dates as dd/mm/yyyy', async () => {
    renderReference('/Sustitutos/1');
    await waitFor(() => expect(input('fechaInicio').value).toBe('01/01/2026'));
    expect(input('fechaFin').value).toBe('');
  });
});

describe('Ensamblados and Repuestos forms', () => {
  it('a non-numeric or decimal cantidad is refused on the field, kept as typed, nothing saved', async () => {
    const { provider, calls } = referenceProvider();
    renderReference('/Ensamblados/create', { dataProvider: provider });
    await screen.findByRole('textbox', { name: /SKU ensamblado/ });
    type('skuPrincipal', 'SKU-10');
    type('skuEnsamblado', 'SKU-12');
    type('cantidad', 'tres');
    await save();
    expect(await screen.findByText('Debe ser un número entero')).toBeTruthy();
    expect(input('cantidad').value).toBe('tres');
    type('cantidad', '2.5');
    await save();
    await screen.findByText('Debe ser un número entero');
    expect(calls.some((call) => call.method === 'create')).toBe(false);
    type('cantidad', ' 4 ');
    await save();
    expect(await screen.findByText('Ensamblado creado')).toBeTruthy();
    expect(calls.find((call) => call.method === 'create')?.params.data).toMatchObject({ cantidad: 4 });
  });

  it('skuPrincipal suggests SKUs from obtenerSkuPrincipales as the person types', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/Repuestos/create', { dataProvider: provider });
    const sku = await screen.findByRole('combobox', { name: /SKU principal/ });
    fireEvent.change(sku, { target: { value: 'sku-1' } });
    await waitFor(() =>
      expect(lastCall('suggestions', 'obtenerSkuPrincipales')?.params).toMatchObject({ q: 'sku-1' }),
    );
    fireEvent.keyDown(sku, { key: 'ArrowDown' });
    await waitFor(async () =>
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
        'SKU-10',
        'SKU-11',
        'SKU-12',
      ]),
    );
    fireEvent.change(sku, { target: { value: '12' } });
    await waitFor(() =>
      expect(lastCall('suggestions', 'obtenerSkuPrincipales')?.params).toMatchObject({ q: '12' }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['SKU-12']),
    );
    fireEvent.click(screen.getByRole('option', { name: 'SKU-12' }));
    expect((sku as HTMLInputElement).value).toBe('SKU-12');
  });

  it('repuestos: posicion must be an integer and the dates readable', async () => {
    const { provider, calls } = referenceProvider();
    renderReference('/Repuestos/create', { dataProvider: provider });
    await screen.findByRole('textbox', { name: /SKU repuesto/ });
    type('skuPrincipal', 'SKU-10');
    type('skuRepuesto', 'SKU-11');
    type('posicion', 'primera');
    type('fechaInicio', '2026-13-01');
    await save();
    expect(await screen.findByText('Debe ser un número entero')).toBeTruthy();
    expect(screen.getByText('Fecha no válida: use dd/mm/aaaa (también aaaa-mm-dd).')).toBeTruthy();
    expect(calls.some((call) => call.method === 'create')).toBe(false);
  });
});

describe('Products per range form', () => {
  it('refuses a range overlapping the same sku and club with the range it clashes with', async () => {
    const { provider, calls } = referenceProvider();
    renderReference('/ProductosPorRango/create', { dataProvider: provider });
    await screen.findByRole('combobox', { name: /SKU del producto/ });
    fireEvent.change(screen.getByRole('combobox', { name: /SKU del producto/ }), {
      target: { value: 'SKU-10' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Tipo de rango/ }), { target: { value: 'Temp' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Temporada' }));
    fireEvent.change(screen.getByRole('combobox', { name: /Club/ }), { target: { value: 'Norte' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Club Norte' }));
    type('desdeFecha', '31/03/2026');
    type('hastaFecha', '15/04/2026');
    await save();
    const message = 'El rango se solapa con otro del mismo producto y club (del 01/03/2026 al 31/03/2026).';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(calls.some((call) => call.method === 'create')).toBe(false);
    expect(input('desdeFecha').value).toBe('31/03/2026');
    // the next day is free
    type('desdeFecha', '01/04/2026');
    await save();
    expect(await screen.findByText('Producto por rango creado')).toBeTruthy();
    expect(calls.find((call) => call.method === 'create')?.params.data).toMatchObject({
      skuProducto: 'SKU-10',
      rangoId: 1,
      clubId: 1,
      desdeFecha: '2026-04-01T00:00:00.000Z',
      hastaFecha: '2026-04-15T00:00:00.000Z',
    });
  });

  it('refuses a range ending before it starts', async () => {
    renderReference('/ProductosPorRango/1');
    await waitFor(() => expect(input('desdeFecha').value).toBe('01/03/2026'));
    type('hastaFecha', '28/02/2026');
    await save();
    expect(await screen.findByText('«Hasta» no puede ser anterior a «Desde».')).toBeTruthy();
  });
});

describe('duplicate codes', () => {
  it('a 422 ER_DUP_ENTRY on a company-unique code shows on the field and keeps the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider } = referenceProvider();
    provider.create = () =>
      Promise.reject(
        new HttpError("Duplicate entry '1-M01' for key 'codigo'", 422, {
          error: {
            statusCode: '422',
            name: 'Error',
            message: "Duplicate entry '1-M01' for key 'codigo'",
            code: 'ER_DUP_ENTRY',
          },
        }),
      );
    renderReference('/Marca/create', { dataProvider: provider });
    type('nombre', 'Repetida');
    await waitFor(() => expect(input('nombre').value).toBe('Repetida'));
    type('codigo', 'M01');
    await save();
    expect(await screen.findByText('Debe ser único')).toBeTruthy();
    expect(input('codigo').value).toBe('M01');
    consoleError.mockRestore();
  });
});

describe('spec §4 list behaviour and §8 toasts', () => {
  it('after creating a brand the selection is cleared, actualizar_Marcas is raised, "Marca creada" shows', async () => {
    const store = memoryStore();
    store.setItem('pim.lastSelected.Marca', 3);
    renderReference('/Marca/create', { store });
    await screen.findByRole('textbox', { name: /Nombre/ });
    type('nombre', 'Marca nueva');
    await save();
    expect(await screen.findByText('Marca creada')).toBeTruthy();
    await waitFor(() => expect(store.getItem('actualizar_Marcas')).toBe(true));
    expect(store.getItem('pim.lastSelected.Marca')).toBeUndefined();
  });

  it.each([
    ['/Situaciones/1', 'Situacion actualizada', 'actualizar_Situaciones'],
    ['/grupos-atributos/1', 'Grupo atributo actualizado', 'actualizar_GrupoAtributos'],
    ['/multimedias/1', 'Multimedia actualizada', 'actualizar_Multimedia'],
  ])('updating %s shows "%s" and raises %s', async (path, toast, flag) => {
    const store = memoryStore();
    renderReference(path, { store });
    const nombre = await screen.findByRole('textbox', { name: /Nombre|Clave/ });
    await waitFor(() => expect((nombre as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(nombre, { target: { value: `${(nombre as HTMLInputElement).value} 2` } });
    await save();
    expect(await screen.findByText(toast)).toBeTruthy();
    await waitFor(() => expect(store.getItem(flag)).toBe(true));
  });

  it('a list remembers the row last opened', async () => {
    const store = memoryStore();
    renderReference('/Clubs', { store });
    fireEvent.click(await screen.findByText('Club Sur'));
    await waitFor(() => expect(store.getItem('pim.lastSelected.Clubs')).toBe(2));
  });

  it('deleting an integration template reloads the page', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    renderReference('/Plantilla/1');
    await screen.findByDisplayValue('Envío nocturno');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.location.hash).toBe('#/Plantilla');
    reload.mockRestore();
  });

  it('an attribute only has its own "Atributo eliminado" toast', async () => {
    renderReference('/atributos/2');
    await screen.findByDisplayValue('Peso');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Atributo eliminado')).toBeTruthy();
  });
});

describe('attribute categories', () => {
  it('removing a category asks with the product count; cancel saves nothing and keeps the form', async () => {
    const { provider, calls } = referenceProvider();
    renderReference('/atributos/1', { dataProvider: provider });
    await waitFor(() => expect(input('categorias').value).toBe('Taladros,Sierras'));
    type('categorias', 'Sierras');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Quitar categorías del atributo' });
    expect(within(dialog).getByText('El atributo se eliminará de 2 productos:')).toBeTruthy();
    expect(within(dialog).getByText('Taladros')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'update' || call.method === 'elimina')).toBe(false);
    expect(input('categorias').value).toBe('Sierras');
  });

  it('on confirmation the attribute is removed from those products, then saved', async () => {
    const { provider, calls, data } = referenceProvider();
    renderReference('/atributos/1', { dataProvider: provider });
    await waitFor(() => expect(input('categorias').value).toBe('Taladros,Sierras'));
    type('categorias', 'Sierras');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Quitar categorías del atributo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar y guardar' }));
    expect(await screen.findByText('Registro actualizado correctamente!!')).toBeTruthy();
    const order = calls
      .map((call) => call.method)
      .filter((m) => ['comprueba', 'elimina', 'update'].includes(m));
    expect(order).toEqual(['comprueba', 'elimina', 'update']);
    expect(calls.find((call) => call.method === 'comprueba')?.params).toEqual({
      categoria: 'Taladros',
      atributoId: 1,
    });
    expect(calls.find((call) => call.method === 'update')?.params.data).toMatchObject({
      categorias: 'Sierras',
    });
    const { data: left } = await provider.getList('producto-atributos', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(left.map((row) => row.id)).toEqual([3]);
    expect(data).toBeDefined();
  });

  it('codigo must be an integer', async () => {
    renderReference('/atributos/create');
    await screen.findByRole('textbox', { name: /Nombre/ });
    type('nombre', 'Color');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Código' }), { target: { value: '10.5' } });
    await save();
    expect(await screen.findByText('Debe ser un número entero')).toBeTruthy();
  });
});

describe('companies', () => {
  it('the company edit lists its ERP links (20 by idEmpresa) with the brand joined in', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/empresas/1', { dataProvider: provider });
    expect(await screen.findByText('Enlaces con Business Central')).toBeTruthy();
    expect(await screen.findByText('M02')).toBeTruthy();
    expect(screen.queryByText('M03')).toBeNull();
    expect(lastCall('getManyReference', 'EmpresasBC')?.params).toMatchObject({
      target: 'idEmpresa',
      id: 1,
      pagination: { page: 1, perPage: 20 },
    });
    expect(screen.getByRole('link', { name: 'Añadir' }).getAttribute('href')).toBe('#/EmpresasBC/create');
  });

  it('adds an ERP link from the company: the company is prefilled and the save comes back', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/empresas/1', { dataProvider: provider });
    fireEvent.click(await screen.findByRole('link', { name: 'Añadir' }));
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('input[name="idEmpresa"]')?.value).toBe('Empresa Demo'),
    );
    fireEvent.change(document.querySelector('input[name="idMarca"]') as HTMLInputElement, {
      target: { value: 'Marca 05' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Marca 05' }));
    await save();
    await waitFor(() =>
      expect(lastCall('create', 'EmpresasBC')?.params.data).toMatchObject({ idEmpresa: 1, idMarca: 5 }),
    );
    await waitFor(() => expect(window.location.hash).toBe('#/empresas/1'));
    expect(await screen.findByText('Enlaces con Business Central')).toBeTruthy();
  });
});

describe('validation of the other reference-data forms', () => {
  it.each([
    ['/familias/create', 'codigo', 'PRO2', ['Obligatorio']],
    ['/Situaciones/create', 'nombre', ' ', ['Obligatorio']],
    ['/Iconos/create', 'posiblesValores', 'Sí,No', ['Obligatorio']],
    ['/grupos-atributos/create', 'codigo', 'X', ['Obligatorio']],
    ['/multimedias/create', 'categoria', 'Fotos', ['Obligatorio']],
    ['/idiomas/create', 'nombre', 'Catalán', ['Obligatorio']],
    ['/traducciones/create', 'clave', 'menu.x', ['Obligatorio']],
    ['/parametrosGlobales/create', 'minutosCierreSesion', '0', ['Debe ser al menos 1']],
    ['/TiposRango/create', 'orden', '1.5', ['Obligatorio', 'Debe ser un número entero']],
    ['/Clubs/create', 'descripcion', 'Sin nombre', ['Obligatorio']],
    ['/Plantilla/create', 'descripcion', 'Sin nombre', ['Obligatorio']],
    ['/catalogos/create', 'anyo', '1850', ['Obligatorio', 'Debe ser al menos 1900']],
    ['/empresas/create', 'nombre', 'Nueva', ['Obligatorio']],
  ])(
    '%s: typing %s=%j and saving shows %j, saves nothing, keeps the text',
    async (path, name, value, messages) => {
      const { provider, calls } = referenceProvider();
      renderReference(path, { dataProvider: provider });
      await waitFor(() =>
        expect(document.querySelector(`input[name="${name}"], textarea[name="${name}"]`)).toBeTruthy(),
      );
      const field = document.querySelector<HTMLInputElement>(
        `input[name="${name}"], textarea[name="${name}"]`,
      )!;
      fireEvent.change(field, { target: { value } });
      await save();
      for (const message of messages) expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
      expect(calls.some((call) => call.method === 'create')).toBe(false);
      expect(field.value).toBe(value);
    },
  );
});
