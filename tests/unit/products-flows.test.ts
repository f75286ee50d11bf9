/** Creation and save flows of the product editor, with recorded (fake) data access. */
import { describe, expect, it } from 'vitest';
import {
  NextIdError,
  createProductChain,
  type CreateProductDeps,
  type Row,
} from '../../src/custom/productEditor/createProduct';
import {
  ProductSaveError,
  saveProduct,
  toFormValues,
  type ProductBundle,
  type SaveProductDeps,
} from '../../src/custom/productEditor/saveProduct';

const recorder = (fail: Partial<Record<string, unknown>> = {}) => {
  const calls: string[] = [];
  let next = 100;
  const deps: SaveProductDeps &
    CreateProductDeps & {
      create(resource: string, data: Row): Promise<Row>;
      created: Row[];
    } = {
    created: [],
    async getNextId() {
      calls.push('getNextId');
      if (fail.getNextId) throw fail.getNextId;
      return 42;
    },
    async update(resource, id, data) {
      calls.push(`update ${resource} ${String(id)} ${JSON.stringify(data)}`);
      if (fail[`update ${resource}`]) throw fail[`update ${resource}`];
      return data;
    },
    async create(resource, data) {
      calls.push(`create ${resource} ${JSON.stringify(data)}`);
      if (fail[`create ${resource}`]) throw fail[`create ${resource}`];
      const row = { id: next++, ...data };
      deps.created.push(row);
      return row;
    },
    async remove(resource, id) {
      calls.push(`delete ${resource} ${String(id)}`);
    },
    async resetIcons(id) {
      calls.push(`resetIcons ${String(id)}`);
    },
    async syncManual(id) {
      calls.push(`sync ${String(id)}`);
      if (fail.sync) throw fail.sync;
      return { respuesta: 'volumen NO', mensaje: 'sin volumen' };
    },
  };
  return { deps, calls };
};

describe('product creation (docs/requirements.md#r4-states, #r5-validation)', () => {
  it("no next id: 'Error obteniendo data de próximo id' and nothing is created", async () => {
    const { deps, calls } = recorder({ getNextId: new Error('500') });
    const error = await createProductChain(deps, { nombre: 'SKU-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NextIdError);
    expect((error as Error).message).toBe('Error obteniendo data de próximo id');
    expect(calls).toEqual(['getNextId']);
  });

  it('next id, then the product, its main image imagen_principal and an empty general record', async () => {
    const { deps, calls } = recorder();
    const created = await createProductChain(
      {
        ...deps,
        mainImageType: async () => ({
          id: 5,
          clave: 'imagen_principal',
          categoria: 'Producto',
          tipoAecoc: 'PRODUCT_IMAGE',
        }),
      },
      { nombre: ' SKU-1 ', finalizado: 'N' },
    );
    expect(created.product).toMatchObject({ id: 100, nombre: 'SKU-1' });
    expect(created.nextId).toBe(42);
    expect(calls).toEqual([
      'getNextId',
      'create productos {"nombre":"SKU-1","finalizado":"N","imagen":"multimedia/SKU-1/800x600_SKU-1.png"}',
      'create producto-multimedias {"productoId":100,"nombre":"imagen_principal","tipo":"Imagen","formato":"png","principalSN":"S","publicoSN":"S","fichero":"multimedia/SKU-1/800x600_SKU-1.png","multimediaId":5,"categoria":"Producto","tagAecoc":"PRODUCT_IMAGE"}',
      'create producto-generals {"productoId":100,"mercados":"724"}',
    ]);
  });

  it('with categories, their attributes are created empty', async () => {
    const { deps } = recorder();
    await createProductChain(
      {
        ...deps,
        attributeCatalogue: async () => [
          { id: 1, nombre: 'Largo', unidad: 'cm', categorias: 'Taladros', grupoAtributosId: 1 },
          { id: 2, nombre: 'Lumen', categorias: 'Bombillas', grupoAtributosId: 1 },
        ],
      },
      { nombre: 'SKU-2', categorias: 'Taladros' },
    );
    expect(deps.created.filter((row) => 'atributoId' in row)).toEqual([
      { id: 103, atributoId: 1, nombre: 'Largo', unidad: 'cm', valor: '', ordenEnGrupo: 1, productoId: 100 },
    ]);
  });

  it('a duplicated name rejects with the server error and nothing else is written', async () => {
    const duplicate = Object.assign(new Error('Duplicate entry'), { status: 422 });
    const { deps, calls } = recorder({ 'create productos': duplicate });
    await expect(createProductChain(deps, { nombre: 'SKU-1' })).rejects.toBe(duplicate);
    expect(calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
  });

  it('a failing child record keeps the product and says so', async () => {
    const { deps } = recorder({ 'create producto-generals': new Error('sin red') });
    const created = await createProductChain(deps, { nombre: 'SKU-3' });
    expect(created.product.id).toBe(100);
    expect(created.warning).toBe(
      'Producto creado, pero no se pudieron crear sus datos iniciales (sin red). La imagen principal y los datos generales se crearán al guardar.',
    );
  });
});

const bundle = (): ProductBundle => ({
  product: {
    id: 7,
    empresaId: 1,
    nombre: 'SKU-7',
    imagen: 'multimedia/SKU-7/800x600_SKU-7.png',
    categorias: 'Taladros',
    sincronizarConBC: 'N',
    ordenAtributos: '0',
  },
  general: { id: 70, productoId: 7, titulo: 'Taladro', mercados: '724' },
  datosCatalogo: undefined,
  atributos: [
    { id: 1, atributoId: 1, nombre: 'Largo', valor: '20', ordenEnGrupo: 1 },
    { id: 2, atributoId: 2, nombre: 'Ancho', valor: '', ordenEnGrupo: 2 },
  ],
  iconos: [{ idIcono: 3, texto: '2 años' }],
  multimedia: [
    {
      id: 90,
      productoId: 7,
      nombre: 'imagen_principal',
      tipo: 'Imagen',
      principalSN: 'S',
      fichero: 'multimedia/SKU-7/800x600_SKU-7.png',
    },
  ],
});

describe('saving the editor (docs/requirements.md#r4-states "Saving a product")', () => {
  it('writes only what changed, in order, then the manual sync when sincronizarConBC = S', async () => {
    const { deps, calls } = recorder();
    const values = toFormValues(bundle());
    values.sincronizarConBC = 'S';
    values.general = { ...values.general, titulo: 'Taladro percutor' };
    values.datosCatalogo = { precioFabrica: 12.5 };
    values.atributos = values.atributos?.map((row) =>
      row.nombre === 'Ancho' ? { ...row, valor: '8' } : row,
    );
    values.iconos = [{ idIcono: 4, texto: 'IP44' }];
    const outcome = await saveProduct(deps, bundle(), values);
    expect(calls).toEqual([
      'update productos 7 {"nombre":"SKU-7","categorias":"Taladros","sincronizarConBC":"S","ordenAtributos":"0"}',
      'update producto-generals 70 {"titulo":"Taladro percutor","mercados":"724"}',
      'create producto-datos-catalogo {"precioFabrica":12.5,"productoId":7}',
      'update producto-atributos 2 {"valor":"8"}',
      'resetIcons 7',
      'create ProductoIconos {"idIcono":4,"texto":"IP44","idProducto":7}',
      'sync 7',
    ]);
    expect(outcome.sync?.answer).toEqual({ respuesta: 'volumen NO', mensaje: 'sin volumen' });
  });

  it('a change of a child only touches the product (its modification date) and never sends imagen', async () => {
    const { deps, calls } = recorder();
    const values = toFormValues(bundle());
    values.imagen = 'otra.png';
    values.general = { ...values.general, titulo: 'Nuevo' };
    await saveProduct(deps, bundle(), values);
    expect(calls[0]).toBe('update productos 7 {"ordenAtributos":"0"}');
    expect(calls.join('\n')).not.toContain('otra.png');
    expect(calls).not.toContain('sync 7');
  });

  it('a general record that does not exist yet is created with mercados 724', async () => {
    const { deps, calls } = recorder();
    const stored = { ...bundle(), general: undefined };
    const values = toFormValues(stored);
    values.general = { ...values.general, titulo: 'Nuevo' };
    await saveProduct(deps, stored, values);
    expect(calls).toContain('create producto-generals {"titulo":"Nuevo","mercados":"724","productoId":7}');
  });

  it('a product without its main image record gets imagen_principal on save (what the creation warning promises)', async () => {
    const { deps, calls } = recorder();
    const stored = { ...bundle(), general: undefined, multimedia: [] };
    await saveProduct(deps, stored, toFormValues(stored));
    expect(calls).toContain(
      'create producto-multimedias {"productoId":7,"nombre":"imagen_principal","tipo":"Imagen","formato":"png","principalSN":"S","publicoSN":"S","fichero":"multimedia/SKU-7/800x600_SKU-7.png"}',
    );
    expect(calls).toContain('create producto-generals {"mercados":"724","productoId":7}');

    // The Multimedia tab may have created it since the editor opened: the stored media decide, no duplicate.
    const again = recorder();
    await saveProduct(
      {
        ...again.deps,
        mediaOf: async () => [{ id: 91, nombre: 'foto', tipo: 'Imagen', principalSN: 'S' }],
      },
      stored,
      toFormValues(stored),
    );
    expect(again.calls.some((c) => c.startsWith('create producto-multimedias'))).toBe(false);

    // A document marked principal is not a main image.
    const documentOnly = recorder();
    const withDocument = {
      ...stored,
      multimedia: [{ id: 92, nombre: 'ficha', tipo: 'Documento', principalSN: 'S' }],
    };
    await saveProduct(documentOnly.deps, withDocument, toFormValues(withDocument));
    expect(documentOnly.calls.filter((c) => c.startsWith('create producto-multimedias'))).toHaveLength(1);
  });

  it('a failing step stops the save and names it; a failing sync does not fail the save', async () => {
    const invalid = new Error('422');
    const { deps, calls } = recorder({ 'update producto-generals': invalid });
    const values = toFormValues(bundle());
    values.general = { ...values.general, titulo: 'x' };
    values.iconos = [];
    const error = await saveProduct(deps, bundle(), values).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProductSaveError);
    expect((error as ProductSaveError).step).toBe('general');
    expect((error as ProductSaveError).original).toBe(invalid);
    expect(calls.some((c) => c.startsWith('resetIcons'))).toBe(false);

    const down = recorder({ sync: new Error('El ERP no responde') });
    const synced = toFormValues(bundle());
    synced.sincronizarConBC = 'S';
    const outcome = await saveProduct(down.deps, bundle(), synced);
    expect((outcome.sync?.error as Error).message).toBe('El ERP no responde');
  });
});
