/**
 * The product screens over ra-data-fakerest, with the product API (getNextId, sync, review texts…) given to
 * the data provider the way main.tsx does (a `productApi` dispatch), recording its calls.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { categoriasPicker, editorTab, productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
// The screens are lazy: load them before the first test so its timeouts measure the screen, not the transform.
import '../../src/custom/productList/ProductList';
import '../../src/custom/productEditor/ProductCreate';
import '../../src/custom/productEditor/ProductEdit';

const rows = () => document.querySelectorAll('tbody tr');

describe('product list', () => {
  it('page 1 of 10 by nombre ASC, categories joined with "; ", and the status column from ONE request', async () => {
    const recorded = withProductApi();
    const getList = vi.spyOn(recorded.provider, 'getList');
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    expect(rows()).toHaveLength(10);
    const names = [...rows()].map((row) => row.querySelector('td.column-nombre')?.textContent);
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `PRD-${String(i + 1).padStart(2, '0')}`));
    expect(within(rows()[0] as HTMLElement).getByText('Taladros; Amoladoras')).toBeTruthy();

    await waitFor(() => expect(screen.getAllByTestId('review-status')).toHaveLength(10));
    const statuses = screen.getAllByTestId('review-status').map((chip) => chip.textContent);
    expect(statuses.slice(0, 5)).toEqual([
      'No incluido',
      'Pendiente',
      'Revisado',
      'No revisado',
      'Revisado parcial',
    ]);
    expect(recorded.reviewTexts).toHaveBeenCalledTimes(1);
    expect([...(recorded.reviewTexts.mock.calls[0][0] as number[])].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => 101 + i),
    );
    // never one request per row, nor a list of texts through the standard methods
    expect(getList.mock.calls.filter(([resource]) => resource === 'TextosGenerados')).toHaveLength(0);
  });

  it('filters by name, category and finalizado; the new page gets its statuses in one more request', async () => {
    const recorded = withProductApi();
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    await waitFor(() => expect(recorded.reviewTexts).toHaveBeenCalledTimes(1));
    // (the search's SQL is covered by the contract tests; the fixture applies the same rule)
    fireEvent.change(await screen.findByLabelText('Buscar'), { target: { value: 'PRD-11' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(recorded.reviewTexts).toHaveBeenCalledTimes(2));
    expect(recorded.reviewTexts.mock.calls[1][0]).toEqual([111]);

    fireEvent.change(await screen.findByLabelText('Buscar'), { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(10));
    // a parent category of the tree finds the products of its subcategories (SKU-10 is in «Taladros»)
    const category = screen.getByRole('combobox', { name: 'Categoría' });
    fireEvent.change(category, { target: { value: 'Herramientas' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Herramientas eléctricas' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.querySelector('td.column-nombre')?.textContent).toBe('SKU-10');
  });

  it('filters by finalizado S/N (docs/requirements.md#r2-screens) and asks the statuses of the filtered page in one request', async () => {
    const recorded = withProductApi();
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    await waitFor(() => expect(recorded.reviewTexts).toHaveBeenCalledTimes(1));
    const names = () => [...rows()].map((row) => row.querySelector('td.column-nombre')?.textContent);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Finalizado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'S' }));
    await waitFor(() => expect(names()).toEqual(['PRD-03', 'PRD-06', 'PRD-09', 'PRD-12']));
    await waitFor(() => expect(recorded.reviewTexts).toHaveBeenCalledTimes(2));
    expect([...(recorded.reviewTexts.mock.calls[1][0] as number[])].sort()).toEqual([103, 106, 109, 112]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Finalizado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'N' }));
    await waitFor(() => expect(rows()).toHaveLength(9));
    expect(names()).not.toContain('PRD-03');
    expect(names()).toContain('SKU-10');
  });

  it('has the column chooser, export, create and a confirmed bulk delete', async () => {
    const recorded = withProductApi();
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    expect(screen.getByRole('button', { name: 'Columnas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear' })).toBeTruthy();
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByText('PRD-01')).toBeNull());
  });
});

describe('product creation', () => {
  it("no next id: 'Error obteniendo data de próximo id', no product, the form keeps its values", async () => {
    const recorded = withProductApi({
      getNextId: async () => {
        throw new HttpError('Ocurrió un error inesperado. Intente nuevamente.', 500, null);
      },
    });
    const create = vi.spyOn(recorded.provider, 'create');
    renderScreen('/productos/create', { dataProvider: recorded.provider });
    const nombre = await screen.findByRole('textbox', { name: /Nombre \(SKU\)/ });
    fireEvent.change(nombre, { target: { value: 'NUEVO-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByText('Error obteniendo data de próximo id')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /Nombre \(SKU\)/ }) as HTMLInputElement).value).toBe(
      'NUEVO-1',
    );
  });

  it("creates the product, its main image and general record, says 'Producto creado' and opens the editor", async () => {
    const recorded = withProductApi();
    const create = vi.spyOn(recorded.provider, 'create');
    renderScreen('/productos/create', { dataProvider: recorded.provider });
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre \(SKU\)/ }), {
      target: { value: 'NUEVO-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByText('Producto creado')).toBeTruthy();
    expect(recorded.getNextId).toHaveBeenCalledTimes(1);
    expect(create.mock.calls.map(([resource]) => resource)).toEqual([
      'productos',
      'producto-multimedias',
      'producto-generals',
    ]);
    expect(create.mock.calls[0][1].data).toMatchObject({
      nombre: 'NUEVO-2',
      imagen: 'multimedia/NUEVO-2/800x600_NUEVO-2.png',
    });
    await screen.findByRole('tab', { name: 'Atributos' });
  });
});

describe('product editor', () => {
  it('shows the tabs, the general data, the formatted modification date and the attributes by group', async () => {
    const recorded = withProductApi();
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    for (const tab of ['Datos generales', 'Atributos', 'Multimedia', 'Iconos', 'Catálogo y costes']) {
      expect(editorTab(tab)).toBeTruthy();
    }
    const local = new Date('2026-03-05T09:07:03.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByTestId('fecha-modificacion').textContent).toContain(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:07:03`,
    );
    expect((screen.getByRole('textbox', { name: 'Mercados' }) as HTMLInputElement).value).toBe('724');
    fireEvent.click(editorTab('Atributos'));
    const dimensiones = await screen.findByRole('region', { name: 'Dimensiones' });
    // ordered by ordenEnGrupo inside the group
    expect(
      within(dimensiones)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['atributos.0.valor', 'atributos.2.valor']);
    expect(within(dimensiones).getByRole('textbox', { name: 'Largo' })).toHaveProperty('value', '30');
    expect(screen.getByRole('region', { name: 'Eléctrico' })).toBeTruthy();
    fireEvent.click(editorTab('Catálogo y costes'));
    expect(await screen.findByDisplayValue('PERF-1')).toBeTruthy();
  });

  it("saves with sincronizarConBC = S: the sync's 'volumen NO' warning, then 'Producto actualizado correctamente'", async () => {
    const recorded = withProductApi({
      syncManual: async () => ({ respuesta: 'volumen NO', mensaje: 'sin volumen' }),
    });
    const update = vi.spyOn(recorded.provider, 'update');
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    const titulo = await screen.findByDisplayValue('Taladro percutor 750 W');
    fireEvent.change(titulo, { target: { value: 'Taladro percutor 800 W' } });
    fireEvent.click(editorTab('Atributos'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Ancho' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Volumen de producto')).toBeTruthy();
    expect(
      screen.getByText(
        'El producto se ha actualizado en el sistema, pero no se sincronizará con BC debido a que su volumen es menor que 0.',
      ),
    ).toBeTruthy();
    expect(recorded.syncManual).toHaveBeenCalledWith(10);
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Producto actualizado correctamente')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    const resources = update.mock.calls.map(([resource]) => resource);
    expect(resources).toEqual(expect.arrayContaining(['producto-generals', 'producto-atributos']));
    // reloaded from the data provider: the saved values are shown
    await waitFor(() => expect(screen.queryByText('Producto actualizado correctamente')).toBeNull());
    expect(await screen.findByDisplayValue('Taladro percutor 800 W')).toBeTruthy();
    const stored = await recorded.base.getOne('producto-atributos', { id: 2 });
    expect(stored.data.valor).toBe('12');
  });

  it('a failing save shows the product update message with the field messages and keeps what was typed', async () => {
    const recorded = withProductApi();
    const failing: DataProvider = {
      ...recorded.provider,
      update: (resource, params) =>
        resource === 'producto-generals'
          ? Promise.reject(
              new HttpError('invalid', 422, {
                error: {
                  statusCode: 422,
                  message: 'The request body is invalid.',
                  details: [
                    { path: '/ean', code: 'maxLength', message: 'must NOT have more than 20 characters' },
                  ],
                },
              }),
            )
          : recorded.provider.update(resource, params),
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/productos/10', { dataProvider: failing });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    // a valid EAN-13 (the form checks the check digit): the refusal comes from the server
    fireEvent.change(screen.getByRole('textbox', { name: 'EAN' }), { target: { value: '4006381333931' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const message =
      "No se pudo actualizar el producto. Por favor, revisa los datos e inténtalo de nuevo: El campo 'ean' tiene un valor no válido (The request body is invalid.)";
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(await screen.findByText('Máximo 20 caracteres')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'EAN' }) as HTMLInputElement).value).toBe('4006381333931');
    expect(screen.queryByText('Producto actualizado correctamente')).toBeNull();
    consoleError.mockRestore();
  });

  it('an EAN with a wrong check digit is refused on the field, naming the expected digit; nothing is saved', async () => {
    const recorded = withProductApi();
    const update = vi.spyOn(recorded.provider, 'update');
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    fireEvent.change(screen.getByRole('textbox', { name: 'EAN' }), { target: { value: '4006381333932' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'El código EAN/GTIN «4006381333932» (EAN-13) no es válido: el dígito de control debería ser 1, no 2',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'EAN' }) as HTMLInputElement).value).toBe('4006381333932');
    expect(update).not.toHaveBeenCalled();
  });

  it('a numeric attribute refuses abc on the field and shows a number the Spanish way', async () => {
    const recorded = withProductApi();
    const update = vi.spyOn(recorded.provider, 'update');
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    fireEvent.click(editorTab('Atributos'));
    const potencia = (await screen.findByRole('textbox', { name: 'Potencia' })) as HTMLInputElement;
    fireEvent.change(potencia, { target: { value: 'abc' } });
    fireEvent.blur(potencia);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El atributo «Potencia» es numérico: «abc» no es un número')).toBeTruthy();
    expect(potencia.value).toBe('abc');
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(potencia, { target: { value: '1.200' } });
    fireEvent.blur(potencia);
    await waitFor(() => expect(potencia.value).toBe('1.200'));
  });

  it('attribute inputs follow their type: a switch for sí/no (S/N), a select of the list, a date; the values are saved', async () => {
    const data = productFixture();
    const typed = [
      { id: 5, nombre: 'Apto exterior', tipo: 'sino', valor: 'N' },
      { id: 6, nombre: 'Acabado', tipo: 'lista', posiblesValores: 'Mate, Brillo', valor: 'Mate' },
      { id: 7, nombre: 'Homologación', tipo: 'fecha', valor: '2024-12-25' },
    ];
    for (const { valor, ...attribute } of typed) {
      data.atributos.push({
        ...attribute,
        empresaId: 1,
        categorias: 'Taladros',
        grupoAtributosId: 1,
        codigo: attribute.id,
      });
      data['producto-atributos'].push({
        id: attribute.id,
        productoId: 10,
        atributoId: attribute.id,
        nombre: attribute.nombre,
        valor,
        ordenEnGrupo: attribute.id,
      });
    }
    const recorded = withProductApi({}, data);
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    fireEvent.click(editorTab('Atributos'));
    const exterior = (await screen.findByLabelText('Apto exterior')) as HTMLInputElement;
    expect(exterior.type).toBe('checkbox');
    expect(exterior.checked).toBe(false);
    fireEvent.click(exterior);
    const acabado = screen.getByRole('combobox', { name: 'Acabado' });
    expect(acabado.textContent).toBe('Mate');
    fireEvent.mouseDown(acabado);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Sin valor', 'Mate', 'Brillo']);
    fireEvent.click(options[2]);
    const fecha = screen.getByLabelText('Homologación') as HTMLInputElement;
    expect(fecha.type).toBe('date');
    expect(fecha.value).toBe('2024-12-25');
    fireEvent.change(fecha, { target: { value: '2025-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(async () => {
      const saved = await recorded.base.getMany('producto-atributos', { ids: [5, 6, 7] });
      expect(saved.data.map((row) => row.valor)).toEqual(['S', 'Brillo', '2025-01-31']);
    });
  });

  it('families are picked from the records: Enter commits the highlighted «Profesional» for «Prof», an unknown name never reaches the field', async () => {
    const recorded = withProductApi();
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    const familias = screen.getByRole('combobox', { name: 'Familias' });
    familias.focus();
    const field = () => document.querySelector('input[name="familias"]')?.closest('.MuiAutocomplete-root');
    fireEvent.change(familias, { target: { value: 'Prof' } });
    await screen.findByRole('option', { name: 'Profesional' });
    fireEvent.keyDown(familias, { key: 'Enter' });
    await waitFor(() => expect(within(field() as HTMLElement).getByText('Profesional')).toBeTruthy());
    fireEvent.change(familias, { target: { value: 'Inexistente' } });
    expect(await screen.findByText('Ninguna coincidencia entre familias')).toBeTruthy();
    fireEvent.keyDown(familias, { key: 'Enter' });
    fireEvent.blur(familias);
    expect(within(field() as HTMLElement).queryByText('Inexistente')).toBeNull();
    const chips = (field() as HTMLElement).querySelectorAll('.MuiChip-label');
    expect([...chips].map((chip) => chip.textContent)).toEqual(['Profesional']);
  });

  it('leaving the families box adds the highlighted name for a typed fragment only, never after a chip is removed', async () => {
    const recorded = withProductApi();
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    const familias = screen.getByLabelText('Familias');
    const chips = () =>
      [...(familias.closest('.MuiAutocomplete-root')?.querySelectorAll('.MuiChip-label') ?? [])].map(
        (chip) => chip.textContent,
      );
    familias.focus();
    fireEvent.change(familias, { target: { value: 'Prof' } });
    await screen.findByRole('option', { name: 'Profesional' });
    fireEvent.blur(familias);
    await waitFor(() => expect(chips()).toEqual(['Profesional']));
    // nothing typed: the list opens with its first name highlighted; removing the chip and leaving adds nothing
    familias.focus();
    fireEvent.keyDown(familias, { key: 'ArrowDown' });
    await within(await screen.findByRole('listbox')).findAllByRole('option');
    const remove = familias.closest('.MuiAutocomplete-root')?.querySelector('.MuiChip-deleteIcon');
    if (!remove) throw new Error('the «Profesional» chip has no delete icon');
    fireEvent.click(remove);
    fireEvent.blur(familias);
    await waitFor(() => expect(chips()).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(chips()).toEqual([]);
  });

  it('changing the category syncs the attributes and asks before removing ones with a value', async () => {
    const recorded = withProductApi();
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    const categorias = categoriasPicker();
    // add 'Bombillas' first (nothing with a value is lost: synced at once), then remove 'Taladros' by its chip
    // (Potencia has a value: asked first). Each step is settled whenever the attribute catalogue arrives; a
    // Backspace first would remove 'Taladros' alone, and ask, before 'Bombillas' was typed.
    categorias.focus();
    fireEvent.change(categorias, { target: { value: 'Bombillas' } });
    // Enter commits the highlighted option: once the company's categories have arrived
    await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Bombillas' });
    fireEvent.keyDown(categorias, { key: 'Enter' });
    const taladros = screen.getByText('Taladros').closest('.MuiChip-root');
    const remove = taladros?.querySelector('.MuiChip-deleteIcon');
    if (!remove) throw new Error('the «Taladros» chip has no delete icon');
    fireEvent.click(remove);
    expect(await screen.findByText('Cambiar la categoría')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Potencia/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar atributos' }));
    fireEvent.click(editorTab('Atributos'));
    // By label, not by role and name: the editor's accessible-name lookup over every tab's fields is what a loaded
    // machine makes slow, not the attributes' arrival.
    expect((await screen.findByLabelText('Flujo luminoso')).tagName).toBe('INPUT');
    expect(screen.queryByLabelText('Potencia')).toBeNull();
    expect((screen.getByLabelText('Largo') as HTMLInputElement).value).toBe('30');
  });

  it('a product that fails to load shows the loading dialog', async () => {
    const recorded = withProductApi();
    const broken: DataProvider = {
      ...recorded.provider,
      getOne: () =>
        Promise.reject(new HttpError('Ocurrió un error inesperado. Intente nuevamente.', 500, null)),
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/productos/10', { dataProvider: broken });
    expect(await screen.findByText('Cargando producto…')).toBeTruthy();
    expect(
      screen.getByText('No se pudo cargar el producto. Se volverá a intentar en 5 segundos.'),
    ).toBeTruthy();
    consoleError.mockRestore();
  });
});
