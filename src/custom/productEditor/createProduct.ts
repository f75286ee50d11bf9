/**
 * Product creation (docs/requirements.md#r4-states "Creating a product", #r5-validation, #r8-errors): GET /productos/getNextId first — when it fails,
 * 'Error obteniendo data de próximo id' and no product; then the product (imagen
 * 'multimedia/{name}/800x600_{name}.png'), its main image record 'imagen_principal' and an empty general
 * record (productoId, mercados '724'); with categories, their attributes (empty, as the attribute sync does).
 * The data access is injected (the app passes its data provider and
 * ProductApi; tests pass the real ones against the reference API).
 */
import { syncAttributes, type CatalogueAttribute } from './attributeSync';
import { MAIN_IMAGE_NAME, mainImagePath } from '../../core/productEditor/contract';
import { MESSAGES } from './messages';

export type Row = Record<string, unknown>;

export interface CreateProductDeps {
  getNextId(): Promise<number>;
  create(resource: string, data: Row): Promise<Row>;
  /** The company's multimedia type 'imagen_principal', when there is one (links the main image record). */
  mainImageType?(): Promise<Row | undefined>;
  /** The company's attributes: a product created with categories gets theirs, empty (attribute sync). */
  attributeCatalogue?(): Promise<CatalogueAttribute[]>;
}

export class NextIdError extends Error {
  constructor(readonly cause: unknown) {
    super(MESSAGES.nextIdError);
    this.name = 'NextIdError';
  }
}

export interface CreatedProduct {
  product: Row;
  /** The next id the server announced (informative: the server assigns the id). */
  nextId: number;
  /** Set when the product exists but its main image or general record could not be created. */
  warning?: string;
}

/** The product's creation body: the form values plus its main image path. */
export const newProductBody = (values: Row): Row => {
  const nombre = String(values.nombre ?? '').trim();
  return { ...values, nombre, imagen: mainImagePath(nombre) };
};

/** The main image record of a new product (`fichero`: its 800x600 PNG, by default the one named like it). */
export const mainImageRecord = (
  productoId: unknown,
  nombre: string,
  type?: Row,
  fichero: string = mainImagePath(nombre),
): Row => ({
  productoId,
  nombre: MAIN_IMAGE_NAME,
  tipo: 'Imagen',
  formato: 'png',
  principalSN: 'S',
  publicoSN: 'S',
  fichero,
  ...(type
    ? {
        multimediaId: type.id,
        categoria: type.categoria ?? null,
        tagAecoc: type.tipoAecoc ?? null,
      }
    : {}),
});

/** The empty general record of a new product (docs/requirements.md#r9-constants: markets fixed '724'). */
export const emptyGeneralRecord = (productoId: unknown): Row => ({ productoId, mercados: '724' });

const reason = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error ?? '');

export async function createProductChain(deps: CreateProductDeps, values: Row): Promise<CreatedProduct> {
  let nextId: number;
  try {
    nextId = await deps.getNextId();
  } catch (error) {
    throw new NextIdError(error);
  }
  const body = newProductBody(values);
  const product = await deps.create('productos', body);
  const productoId = product.id;
  const nombre = String(body.nombre);
  try {
    const type = await deps.mainImageType?.().catch(() => undefined);
    await deps.create('producto-multimedias', mainImageRecord(productoId, nombre, type));
    await deps.create('producto-generals', emptyGeneralRecord(productoId));
    if (body.categorias && deps.attributeCatalogue) {
      const { added } = syncAttributes([], await deps.attributeCatalogue(), String(body.categorias));
      for (const row of added) {
        const data: Row = { ...row, productoId };
        delete data.nuevo;
        await deps.create('producto-atributos', data);
      }
    }
    return { product, nextId };
  } catch (error) {
    return { product, nextId, warning: MESSAGES.childrenNotCreated(reason(error)) };
  }
}
