/** The categories screen: a two-level tree rooted at master, with create, rename, move, delete and products. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { referenceProvider, renderReference } from './referenceDataSupport';

const tree = () => screen.findByRole('list', { name: 'Árbol de categorías' });
const subcategoriesOf = (top: string) =>
  within(screen.getByRole('list', { name: `Subcategorías de ${top}` }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
const dialog = () => screen.findByRole('dialog');
const field = (container: HTMLElement, label: RegExp) =>
  within(container).getByRole('textbox', { name: label });
const clickSave = async (container: HTMLElement, name: string) => {
  const button = within(container).getByRole('button', { name }) as HTMLButtonElement;
  fireEvent.click(button);
};

describe('categories tree', () => {
  it('shows master, the top-level categories and their subcategories sorted by name', async () => {
    renderReference('/categorias');
    const list = await tree();
    expect(within(list).getByText('Catálogo')).toBeTruthy();
    expect(within(list).getByText('master · raíz del catálogo')).toBeTruthy();
    expect(within(list).getByText('Herramientas eléctricas')).toBeTruthy();
    expect(subcategoriesOf('Herramientas eléctricas')).toEqual(['Sierras', 'Taladros']);
    expect(subcategoriesOf('Jardín')).toEqual(['Cortacéspedes']);
    expect(screen.getByText('2 categorías principales, 3 subcategorías')).toBeTruthy();
    // a top-level category folds
    fireEvent.click(within(list).getByText('Jardín'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Subcategorías de Jardín' })).toBeNull());
  });

  it('creates a subcategory under a top-level category; a duplicate code is refused on the field', async () => {
    const { provider, calls, lastCall } = referenceProvider();
    renderReference('/categorias', { dataProvider: provider });
    await tree();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir subcategoría a Jardín' }));
    let form = await dialog();
    expect(within(form).getByText('Nueva subcategoría')).toBeTruthy();
    fireEvent.change(field(form, /Código/), { target: { value: 'HEL-TAL' } });
    fireEvent.change(field(form, /Nombre/), { target: { value: 'Riego' } });
    await clickSave(form, 'Crear');
    expect(await within(form).findByText('Ya existe una categoría con este código.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'create')).toBe(false);
    expect((field(form, /Nombre/) as HTMLInputElement).value).toBe('Riego');
    fireEvent.change(field(form, /Código/), { target: { value: 'JAR-RIE' } });
    await clickSave(form, 'Crear');
    expect(await screen.findByText('Categoría creada')).toBeTruthy();
    expect(lastCall('create', 'categorias')?.params.data).toEqual({
      codigo: 'JAR-RIE',
      nombre: 'Riego',
      padre: 'JAR',
    });
    await waitFor(() => expect(subcategoriesOf('Jardín')).toEqual(['Cortacéspedes', 'Riego']));
    // a new top-level category hangs from master
    fireEvent.click(screen.getByRole('button', { name: 'Nueva categoría principal' }));
    form = await dialog();
    fireEvent.change(field(form, /Código/), { target: { value: 'ILU' } });
    fireEvent.change(field(form, /Nombre/), { target: { value: 'Iluminación' } });
    await clickSave(form, 'Crear');
    await waitFor(() =>
      expect(lastCall('create', 'categorias')?.params.data).toMatchObject({ padre: 'master' }),
    );
  });

  it('renames and moves a subcategory; a category with subcategories can only hang from master', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/categorias', { dataProvider: provider });
    await tree();
    fireEvent.click(screen.getByRole('button', { name: 'Renombrar Taladros' }));
    let form = await dialog();
    fireEvent.change(field(form, /Nombre/), { target: { value: 'Taladros percutores' } });
    await clickSave(form, 'Guardar');
    expect(await screen.findByText('Categoría actualizada')).toBeTruthy();
    expect(lastCall('update', 'categorias')?.params).toMatchObject({
      id: 3,
      data: { nombre: 'Taladros percutores' },
    });
    await waitFor(() =>
      expect(subcategoriesOf('Herramientas eléctricas')).toEqual(['Sierras', 'Taladros percutores']),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Mover Sierras' }));
    form = await dialog();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Categoría padre/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jardín (JAR)' }));
    await clickSave(form, 'Mover');
    await waitFor(() =>
      expect(lastCall('update', 'categorias')?.params).toMatchObject({ id: 4, data: { padre: 'JAR' } }),
    );
    await waitFor(() => expect(subcategoriesOf('Jardín')).toEqual(['Cortacéspedes', 'Sierras']));

    fireEvent.click(screen.getByRole('button', { name: 'Mover Herramientas eléctricas' }));
    form = await dialog();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Categoría padre/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['master (categoría principal)']);
  });

  it('refuses to delete a category with subcategories; deletes a leaf after confirmation', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/categorias', { dataProvider: provider });
    await tree();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Jardín' }));
    let confirm = await dialog();
    expect(within(confirm).getByText(/Tiene subcategorías/)).toBeTruthy();
    expect(within(confirm).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Cortacéspedes' }));
    confirm = await dialog();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Categoría eliminada')).toBeTruthy();
    expect(lastCall('delete', 'categorias')?.params).toMatchObject({ id: 6 });
  });

  it('shows the products of a category (categoria) and of a subcategory (subcategoria)', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/categorias', { dataProvider: provider });
    await tree();
    fireEvent.click(screen.getByRole('button', { name: 'Ver productos de Herramientas eléctricas' }));
    let products = await dialog();
    expect(await within(products).findByText('2 productos.')).toBeTruthy();
    expect(within(products).getByText('SKU-10')).toBeTruthy();
    expect(within(products).getByText('SKU-11')).toBeTruthy();
    expect(lastCall('productosPorCategoria', 'productos')?.params).toEqual({
      tipo: 'categoria',
      nombre: 'Herramientas eléctricas',
    });
    fireEvent.click(within(products).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Ver productos de Cortacéspedes' }));
    products = await dialog();
    expect(await within(products).findByText('1 producto.')).toBeTruthy();
    expect(lastCall('productosPorCategoria', 'productos')?.params).toEqual({
      tipo: 'subcategoria',
      nombre: 'Cortacéspedes',
    });
  });
});
