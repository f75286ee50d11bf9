/**
 * Forms of the reference-data screens over fakerest: bad input gets a Spanish message on the field, nothing
 * is saved and nothing typed is lost; good input is normalised with the import's rules before saving.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { page } from '../../src/resources/generic/reloadOnDelete';
import { referenceFixture, referenceProvider, renderReference } from './referenceDataSupport';

const input = (name: string) => {
  const found = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
/** The rows' selection checkboxes of a list (labelled 'Seleccionar esta fila' on their wrapper). */
const rowBoxes = async () => {
  await waitFor(() =>
    expect(document.querySelectorAll('tbody .select-item input').length).toBeGreaterThan(0),
  );
  return [...document.querySelectorAll<HTMLInputElement>('tbody .select-item input')];
};
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

  it('tells the person when the ERP refused the saved range, instead of the plain success toast', async () => {
    const { provider, lastCall } = referenceProvider();
    const getOne = provider.getOne;
    // as the API does: the outcome of the ERP sending is kept on the row
    provider.getOne = async (resource, params) => {
      const result = await getOne(resource, params);
      return resource === 'ProductosPorRango' && lastCall('update', 'ProductosPorRango')
        ? { data: { ...result.data, motivoErrorSincroConBC: 'alta del rango: El ERP rechazó SKU-10' } }
        : result;
    };
    renderReference('/ProductosPorRango/1', { dataProvider: provider });
    await waitFor(() => expect(input('hastaFecha').value).toBe('31/03/2026'));
    type('hastaFecha', '30/03/2026');
    await save();
    expect(
      await screen.findByText(
        'Producto por rango guardado, pero el ERP no lo aceptó: alta del rango: El ERP rechazó SKU-10',
      ),
    ).toBeTruthy();
    expect(lastCall('update', 'ProductosPorRango')?.params.data).toMatchObject({
      hastaFecha: '2026-03-30T00:00:00.000Z',
    });
    expect(screen.queryByText('Producto por rango actualizado')).toBeNull();
    await waitFor(() => expect(window.location.hash).toBe('#/ProductosPorRango'));
  });

  it('an accepted edit shows the usual toast', async () => {
    renderReference('/ProductosPorRango/2');
    await waitFor(() => expect(input('hastaFecha').value).toBe('31/08/2026'));
    type('hastaFecha', '30/08/2026');
    await save();
    expect(await screen.findByText('Producto por rango actualizado')).toBeTruthy();
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

describe('catalogue codes', () => {
  it('a duplicate code within the company shows "Debe ser único" on codigo and keeps the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider } = referenceProvider();
    const create = provider.create;
    provider.create = (resource, params) => {
      if (resource === 'catalogos' && params.data?.codigo === 'CAT26') {
        return Promise.reject(
          new HttpError("Duplicate entry '1-CAT26' for key 'codigo'", 422, {
            error: {
              statusCode: '422',
              name: 'Error',
              message: "Duplicate entry '1-CAT26' for key 'codigo'",
              code: 'ER_DUP_ENTRY',
            },
          }),
        );
      }
      return create(resource, params);
    };
    renderReference('/catalogos/create', { dataProvider: provider });
    await waitFor(() => expect(document.querySelector('input[name="codigo"]')).toBeTruthy());
    type('codigo', 'CAT26');
    type('nombre', 'Catálogo repetido');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Año' }), { target: { value: '2026' } });
    await save();
    const message = await screen.findByText('Debe ser único');
    expect(message.closest('.MuiFormControl-root')?.querySelector('input')?.name).toBe('codigo');
    expect(input('codigo').value).toBe('CAT26');
    expect(input('nombre').value).toBe('Catálogo repetido');
    type('codigo', 'CAT27');
    await save();
    expect(await screen.findByText('Catálogo creado')).toBeTruthy();
    consoleError.mockRestore();
  });
});

describe('docs/requirements.md#r4-states list behaviour and #r8-errors toasts', () => {
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

  it.each([
    ['/Marca', 'Marca', 3, '3 marcas eliminadas'],
    ['/Marca', 'Marca', 1, 'Marca eliminada'],
    ['/traducciones', 'traducciones', 2, '2 registros eliminados correctamente!!'],
  ])('%s: a bulk delete of %s (%s rows) says "%s"', async (path, resource, count, toast) => {
    const { provider, lastCall } = referenceProvider();
    renderReference(path, { dataProvider: provider });
    const boxes = await rowBoxes();
    for (const box of boxes.slice(0, count)) fireEvent.click(box);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(toast)).toBeTruthy();
    expect(lastCall('deleteMany', resource)?.params.ids).toHaveLength(count);
  });

  it('deleting an integration template reloads the page, and its toast shows once the page is back', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const { provider } = referenceProvider();
    const first = renderReference('/Plantilla/1', { dataProvider: provider });
    await screen.findByDisplayValue('Envío nocturno');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.location.hash).toBe('#/Plantilla');
    reload.mockRestore();
    // the reload: a new app on the list, with the same tab's sessionStorage
    first.unmount();
    renderReference('/Plantilla', { dataProvider: provider });
    expect(await screen.findByText('Registro eliminado correctamente!!')).toBeTruthy();
    expect(sessionStorage.getItem('pim.noticeAfterReload')).toBeNull();
  });

  it('a bulk delete of integration templates reloads and then says how many went', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const data = referenceFixture();
    data.Plantilla = [
      { id: 1, empresaId: 1, nombre: 'Envío nocturno' },
      { id: 2, empresaId: 1, nombre: 'Envío semanal' },
      { id: 3, empresaId: 1, nombre: 'Envío mensual' },
    ];
    const { provider } = referenceProvider(data);
    const store = memoryStore();
    const first = renderReference('/Plantilla', { dataProvider: provider, store });
    const boxes = await rowBoxes();
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    reload.mockRestore();
    first.unmount();
    renderReference('/Plantilla', { dataProvider: provider, store });
    expect(await screen.findByText('2 registros eliminados correctamente!!')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    // the deleted rows do not come back selected
    expect(store.getItem('Plantilla.selectedIds') ?? []).toEqual([]);
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

  it('on confirmation the attribute is saved first, then removed from those products', async () => {
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
    expect(order).toEqual(['comprueba', 'update', 'elimina']);
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

  it('a failed attribute save removes nothing from the products and keeps the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider, calls } = referenceProvider();
    provider.update = (resource, params) => {
      calls.push({ method: 'update', resource, params: params as unknown as Record<string, unknown> });
      return Promise.reject(new HttpError('El servidor no guardó el atributo', 500, {}));
    };
    renderReference('/atributos/1', { dataProvider: provider });
    await waitFor(() => expect(input('categorias').value).toBe('Taladros,Sierras'));
    type('categorias', 'Sierras');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Quitar categorías del atributo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar y guardar' }));
    expect(await screen.findByText('El servidor no guardó el atributo')).toBeTruthy();
    expect(calls.map((call) => call.method).filter((m) => ['update', 'elimina'].includes(m))).toEqual([
      'update',
    ]);
    expect(input('categorias').value).toBe('Sierras');
    const { total } = await provider.getList('producto-atributos', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(3);
    consoleError.mockRestore();
  });

  it('a failed removal after the save says what is left and retries it', async () => {
    const { provider, calls } = referenceProvider();
    const elimina = provider.eliminaAtributosEnProductosPorCategoria;
    let failures = 1;
    provider.eliminaAtributosEnProductosPorCategoria = (categoria, atributoId) => {
      if (failures > 0) {
        failures -= 1;
        calls.push({ method: 'elimina', resource: 'producto-atributos', params: { categoria, atributoId } });
        return Promise.reject(new HttpError('Tiempo de espera agotado', 504, {}));
      }
      return elimina(categoria, atributoId);
    };
    renderReference('/atributos/1', { dataProvider: provider });
    await waitFor(() => expect(input('categorias').value).toBe('Taladros,Sierras'));
    type('categorias', 'Sierras');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Quitar categorías del atributo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar y guardar' }));
    const notice = await screen.findByText(
      'El atributo se guardó sin la categoría «Taladros» (2 productos), pero no se pudieron quitar sus ' +
        'valores de esos productos (Tiempo de espera agotado). Los productos siguen teniendo el valor: ' +
        'pulse «Reintentar» para quitarlo.',
    );
    expect(calls.map((call) => call.method).filter((m) => ['update', 'elimina'].includes(m))).toEqual([
      'update',
      'elimina',
    ]);
    expect(calls.find((call) => call.method === 'update')?.params.data).toMatchObject({
      categorias: 'Sierras',
    });
    // the notice stays after the form has gone back to the list
    await waitFor(() => expect(window.location.hash).toBe('#/atributos'));
    expect(notice.isConnected).toBe(true);
    // reachable once the confirmation dialog has finished closing (until then it hides the page from the a11y tree)
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    const { data: left } = await provider.getList('producto-atributos', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(left.map((row) => row.id)).toEqual([3]);
    // the save's own toast (queued behind the notice), then the removal's once the user dismisses the first
    expect(await screen.findByText('Registro actualizado correctamente!!')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(await screen.findByText('Valores del atributo quitados de los productos.')).toBeTruthy();
  });

  it('suggests category names and refuses, on the field, a name that is not a category', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/atributos/2', { dataProvider: provider });
    await waitFor(() => expect(input('categorias').value).toBe('Taladros'));
    const refusal = '«Taladors» no existe entre las categorías de la empresa.';
    const field = screen.getByRole('combobox', { name: /Categorías/ });
    fireEvent.change(field, { target: { value: 'Taladros, jard' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Jardín' }));
    await waitFor(() => expect(input('categorias').value).toBe('Taladros, Jardín'));
    type('categorias', 'Taladros, Jardín,Taladors');
    await save();
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(lastCall('update', 'atributos')).toBeUndefined();
    // nothing typed is lost: the text stays to be corrected
    expect(input('categorias').value).toBe('Taladros, Jardín,Taladors');
    type('categorias', 'Taladros, Jardín');
    await save();
    expect(await screen.findByText('Registro actualizado correctamente!!')).toBeTruthy();
    expect(lastCall('update', 'atributos')?.params.data).toMatchObject({ categorias: 'Taladros, Jardín' });
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

describe('global parameters: one per company', () => {
  it('the list offers no «Crear» once the company has its parameters; an empty one does', async () => {
    renderReference('/parametrosGlobales');
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Crear' })).toBeNull();
  });

  it('with none yet, the company can create its parameters', async () => {
    const data = referenceFixture();
    data.parametrosGlobales = [];
    const { provider, lastCall } = referenceProvider(data);
    const view = renderReference('/parametrosGlobales', { dataProvider: provider });
    fireEvent.click(await screen.findByRole('link', { name: 'Crear' }));
    await waitFor(() => expect(document.querySelector('input[name="minutosCierreSesion"]')).toBeTruthy());
    type('minutosCierreSesion', '15');
    await save();
    await waitFor(() =>
      expect(lastCall('create', 'parametrosGlobales')?.params.data).toMatchObject({
        minutosCierreSesion: 15,
      }),
    );
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Crear' })).toBeNull());
    view.unmount();
  });

  it('a create form opened by URL refuses a second record, keeps what was typed, saves nothing', async () => {
    const { provider, calls } = referenceProvider();
    renderReference('/parametrosGlobales/create', { dataProvider: provider });
    await waitFor(() => expect(document.querySelector('input[name="minutosCierreSesion"]')).toBeTruthy());
    type('minutosCierreSesion', '20');
    await save();
    expect(
      await screen.findByText(
        'Esta empresa ya tiene un registro de «Parámetros globales»: edite el existente en lugar de crear otro.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'create')).toBe(false);
    expect(input('minutosCierreSesion').value).toBe('20');
  });
});

describe('ERP links and integration tables', () => {
  it('an ERP link needs its brand: nothing is saved without it, the company chosen is kept', async () => {
    const { provider, calls, lastCall } = referenceProvider();
    renderReference('/EmpresasBC/create', { dataProvider: provider });
    await waitFor(() => expect(document.querySelector('input[name="idMarca"]')).toBeTruthy());
    fireEvent.change(input('idEmpresa'), { target: { value: 'Otra' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Otra Empresa' }));
    await save();
    expect(await screen.findByText('Obligatorio')).toBeTruthy();
    expect(calls.some((call) => call.method === 'create')).toBe(false);
    expect(input('idEmpresa').value).toBe('Otra Empresa');
    fireEvent.change(input('idMarca'), { target: { value: 'Marca 03' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Marca 03' }));
    await save();
    await waitFor(() =>
      expect(lastCall('create', 'EmpresasBC')?.params.data).toEqual({ idEmpresa: 2, idMarca: 3 }),
    );
    expect(await screen.findByText('Registro creado correctamente!!')).toBeTruthy();
  });

  it('an integration table needs its template and name; orden is an integer', async () => {
    const { provider, calls, lastCall } = referenceProvider();
    renderReference('/Tablas/create', { dataProvider: provider });
    await waitFor(() => expect(document.querySelector('input[name="nombre"]')).toBeTruthy());
    expect(input('orden').value).toBe('0');
    type('nombre', 'repuestos');
    type('orden', '1.5');
    await save();
    expect(await screen.findByText('Debe ser un número entero')).toBeTruthy();
    expect(screen.getByText('Obligatorio')).toBeTruthy();
    expect(calls.some((call) => call.method === 'create')).toBe(false);
    expect(input('nombre').value).toBe('repuestos');
    fireEvent.change(input('plantillaId'), { target: { value: 'noct' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Envío nocturno' }));
    type('orden', '2');
    type('campos', 'skuPrincipal,skuRepuesto');
    await save();
    await waitFor(() =>
      expect(lastCall('create', 'Tablas')?.params.data).toMatchObject({
        plantillaId: 1,
        nombre: 'repuestos',
        campos: 'skuPrincipal,skuRepuesto',
        orden: 2,
      }),
    );
  });

  it('a template edit lists its tables', async () => {
    renderReference('/Plantilla/1');
    await screen.findByDisplayValue('Envío nocturno');
    expect(await screen.findByText('id,nombre')).toBeTruthy();
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
