/**
 * «Edición masiva» on the product list over ra-data-fakerest (issue 16): the dialog sends the change and the
 * products (the list's filter as a where, or the selected ids) as a job, follows its progress and shows its
 * report; a value the field refuses is said on the field and starts nothing; when the job cannot be read the
 * dialog says so and never shows it as done. The fake API runs the job with the rule of src/core/massEdit.ts.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';
import { ATTRIBUTE_FIELD, changedValue, massEditableFields, sameValue } from '../../src/core/massEdit';
import { productos } from '../../src/resources/productos/schema';
import { withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';

const JOBS = 'trabajos-edicion-masiva';
type Row = Record<string, unknown>;

/** The product API plus a job endpoint that applies the change at once (first read: still running). */
const withJobs = (options: { failReads?: boolean; failAfter?: number } = {}) => {
  const recorded = withProductApi();
  const base = recorded.provider as DataProvider;
  const jobs = new Map<number, Row>();
  const reads = new Map<number, number>();
  const provider: DataProvider = {
    ...base,
    create: async (resource, params) => {
      if (resource !== JOBS) return base.create(resource, params);
      const data = params.data as Row;
      if (data.campo === ATTRIBUTE_FIELD) {
        const id = jobs.size + 1;
        const job = { id, ...data, estado: 'terminado', total: 0, hechos: 0, cambiados: 0, informe: '[]' };
        jobs.set(id, job);
        return { data: job as never };
      }
      const field = massEditableFields(productos.fields).find((f) => f.name === data.campo)!;
      const { data: all } = await base.getList('productos', {
        filter: {},
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
      });
      const ids = typeof data.ids === 'string' ? (JSON.parse(data.ids) as number[]) : undefined;
      const targets = ids ? all.filter((p) => ids.includes(p.id as number)) : all;
      let cambiados = 0;
      for (const product of targets) {
        const value = changedValue(field, product[field.name], data.valor, data.operacion as never);
        if (sameValue(value, product[field.name])) continue;
        await base.update('productos', {
          id: product.id,
          data: { [field.name]: value },
          previousData: product,
        });
        cambiados += 1;
      }
      const id = jobs.size + 1;
      const job = {
        id,
        ...data,
        estado: 'terminado',
        total: targets.length,
        hechos: targets.length,
        cambiados,
        sinCambios: targets.length - cambiados,
        rechazados: 0,
        informe: '[]',
        inicio: new Date().toISOString(),
        fin: new Date().toISOString(),
      };
      jobs.set(id, job);
      return { data: job as never };
    },
    getOne: async (resource, params) => {
      if (resource !== JOBS) return base.getOne(resource, params);
      if (options.failReads) throw new Error('Error de conexión. Verifique su red e intente de nuevo.');
      const id = Number(params.id);
      const n = (reads.get(id) ?? 0) + 1;
      reads.set(id, n);
      if (options.failAfter !== undefined && n > options.failAfter)
        throw new Error('Error de conexión. Verifique su red e intente de nuevo.');
      const job = jobs.get(id)!;
      return {
        data: (n === 1
          ? { ...job, estado: 'en curso', hechos: 3, cambiados: 2, sinCambios: 1, fin: null }
          : job) as never,
      };
    },
  };
  const create = vi.spyOn(provider, 'create');
  return { provider, create, base };
};

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

const finalizados = async (base: DataProvider) =>
  (
    await base.getList('productos', {
      filter: {},
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
    })
  ).data.map((p) => p.finalizado);

afterEach(() => Cookies.remove('idioma'));

const sentJob = (create: ReturnType<typeof withJobs>['create']) =>
  create.mock.calls.filter(([resource]) => resource === JOBS).map(([, params]) => params.data as Row);

/** Opens the dialog and picks «Valor de un atributo» and the attribute «Potencia (W)». */
const byAttribute = async (provider: DataProvider) => {
  renderScreen('/productos', { dataProvider: provider });
  await screen.findByText('PRD-01');
  fireEvent.click(await screen.findByRole('button', { name: /Edición masiva|Mass edit/ }));
  const dialog = await screen.findByRole('dialog');
  await choose('Campo', 'Valor de un atributo');
  await choose('Atributo', 'Potencia (W)');
  return dialog;
};

describe('mass edit (Edición masiva)', () => {
  it('sets a flag on every product matching the filter, follows the job and shows its report', async () => {
    const { provider, create, base } = withJobs();
    const before = await finalizados(base);
    const changed = before.filter((value) => value !== 'S').length;
    const n = before.length;
    expect(changed).toBeGreaterThan(0);
    renderScreen('/productos', { dataProvider: provider });
    await screen.findByText('PRD-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Edición masiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edición masiva de productos' });
    expect(
      within(dialog).getByLabelText(`Todos los que coinciden con el filtro (${n} productos)`),
    ).toBeTruthy();
    await choose('Campo', 'Finalizado');
    await choose('Valor', 'S');
    fireEvent.click(within(dialog).getByRole('button', { name: `Aplicar a ${n} productos` }));
    expect(
      await screen.findByText(
        `Edición masiva terminada: ${changed} cambiados · ${n - changed} sin cambios · 0 rechazados.`,
      ),
    ).toBeTruthy();
    const sent = create.mock.calls.find(([resource]) => resource === JOBS)![1].data as Row;
    expect(sent).toMatchObject({ campo: 'finalizado', valor: 'S', operacion: 'reemplazar' });
    expect(JSON.parse(String(sent.filtro))).toEqual({});
    expect(sent.ids).toBeUndefined();
    expect(await finalizados(base)).toEqual(Array(n).fill('S'));
  });

  it('a value the field refuses is said on the field and starts nothing', async () => {
    const { provider, create } = withJobs();
    renderScreen('/productos', { dataProvider: provider });
    await screen.findByText('PRD-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Edición masiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edición masiva de productos' });
    await choose('Campo', 'Categorías');
    await choose('Operación', 'Añadir el nombre');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(await within(dialog).findByText('Escriba el nombre que quiere añadir o quitar.')).toBeTruthy();
    await choose('Campo', 'Finalizado');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(await within(dialog).findByText('«Finalizado» es obligatorio: elija un valor.')).toBeTruthy();
    // a string declared without a length keeps what its column keeps
    await choose('Campo', 'Orden de atributos');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Valor' }), {
      target: { value: '1'.repeat(513) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(
      await within(dialog).findByText('«Orden de atributos» admite como máximo 512 caracteres.'),
    ).toBeTruthy();
    expect(create.mock.calls.filter(([resource]) => resource === JOBS)).toHaveLength(0);
  });

  it('the selected products only, by their ids', async () => {
    const { provider, create } = withJobs();
    renderScreen('/productos', { dataProvider: provider });
    await screen.findByText('PRD-01');
    const rows = document.querySelectorAll('tbody tr');
    for (const row of [rows[0], rows[1]]) fireEvent.click(within(row as HTMLElement).getByRole('checkbox'));
    const bulk = await screen.findAllByRole('button', { name: 'Edición masiva' });
    fireEvent.click(bulk[bulk.length - 1]);
    const dialog = await screen.findByRole('dialog', { name: 'Edición masiva de productos' });
    expect(within(dialog).getByLabelText('Los seleccionados (2 productos)')).toBeTruthy();
    await choose('Campo', 'Familias');
    await choose('Operación', 'Quitar el nombre');
    fireEvent.change(within(dialog).getByLabelText('Valor'), { target: { value: 'Bricolaje' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar a 2 productos' }));
    expect(
      await screen.findByText('Edición masiva terminada: 2 cambiados · 0 sin cambios · 0 rechazados.'),
    ).toBeTruthy();
    const sent = create.mock.calls.find(([resource]) => resource === JOBS)![1].data as Row;
    expect(JSON.parse(String(sent.ids))).toHaveLength(2);
    expect(sent).toMatchObject({ campo: 'familias', operacion: 'quitar', valor: 'Bricolaje' });
  });

  it("an attribute's value is read by its type in Spanish and sent as stored; a refused one starts nothing", async () => {
    const { provider, create } = withJobs();
    const dialog = await byAttribute(provider);
    const value = within(dialog).getByLabelText('Valor');
    expect(value.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(value, { target: { value: 'mucha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(
      await within(dialog).findByText(/El atributo «Potencia» es numérico: «mucha» no es un número/),
    ).toBeTruthy();
    expect(sentJob(create)).toHaveLength(0);
    fireEvent.change(value, { target: { value: '1.234,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(await screen.findByText(/Edición masiva terminada/)).toBeTruthy();
    expect(sentJob(create)).toEqual([
      expect.objectContaining({ campo: 'atributo', atributoId: 3, valor: '1234,5', operacion: 'reemplazar' }),
    ]);
  });

  it("in English, an attribute's number is typed with the English marks", async () => {
    Cookies.set('idioma', 'en');
    const { provider, create } = withJobs();
    const dialog = await byAttribute(provider);
    fireEvent.change(within(dialog).getByLabelText('Valor'), { target: { value: '1,234.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    await screen.findByText(/Edición masiva terminada/);
    expect(sentJob(create)[0]).toMatchObject({ atributoId: 3, valor: '1234,5' });
  });

  it('when the API goes down during the job, the last progress read is shown as such, never as done', async () => {
    const { provider } = withJobs({ failAfter: 1 });
    renderScreen('/productos', { dataProvider: provider });
    await screen.findByText('PRD-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Edición masiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edición masiva de productos' });
    await choose('Campo', 'Finalizado');
    await choose('Valor', 'S');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(await screen.findByText(/No se puede consultar la edición masiva/)).toBeTruthy();
    expect(
      screen.getByText(/^Último progreso leído: 3 de \d+ productos tratados · 2 cambiados · 1 sin cambios/),
    ).toBeTruthy();
    expect(screen.queryByText(/Edición masiva terminada/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
  });

  it('when the job cannot be read the dialog says so and never shows it as done', async () => {
    const { provider } = withJobs({ failReads: true });
    renderScreen('/productos', { dataProvider: provider });
    await screen.findByText('PRD-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Edición masiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edición masiva de productos' });
    await choose('Campo', 'Finalizado');
    await choose('Valor', 'N');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Aplicar a \d+ productos$/ }));
    expect(await screen.findByText(/No se puede consultar la edición masiva/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.queryByText(/Edición masiva terminada/)).toBeNull();
  });
});
