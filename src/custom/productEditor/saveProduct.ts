/**
 * Saving the product editor: the product, its general record, catalogue/cost data, attributes and icons, then
 * the manual ERP sync when sincronizarConBC = S (docs/requirements.md#r4-states "Saving a product"). The data access is injected.
 *
 * Each step only writes what changed (the data provider's update sends the changed fields). A failing step
 * stops the save with a ProductSaveError naming it; the caller keeps the form as typed, reloads the stored
 * records and a new save continues from there (attributes are matched by name, see savePlan.ts).
 * A failing sync does not undo the save: it is reported in the outcome.
 * A product without its main image record (imagen_principal) or general record gets them (a creation whose
 * initial records failed says they are created on save).
 */
import { productoDatosCatalogo } from '../../resources/productoDatosCatalogo/schema';
import { productoGeneral } from '../../resources/productoGeneral/schema';
import { productos } from '../../resources/productos/schema';
import { declared } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { ProductAttributeRow } from './attributeSync';
import type { ManualSyncAnswer } from '../../core/productEditor/contract';
import { mainImageRecord } from './createProduct';
import { isMainImage, type MediaRecord } from '../../core/productEditor/mediaRecords';
import {
  attributePlanIsEmpty,
  hasAnyValue,
  planAttributeSave,
  planIcons,
  type AttributeSavePlan,
  type IconPlan,
  type IconRow,
} from './savePlan';

export type Row = Record<string, unknown>;

/** Markets are fixed (docs/requirements.md#r3-entities, #r9-constants). */
export const MERCADOS = '724';

/** The stored records of one product. */
export interface ProductBundle {
  product: Row;
  general?: Row;
  datosCatalogo?: Row;
  atributos: ProductAttributeRow[];
  iconos: IconRow[];
  multimedia: Row[];
}

/** The editor's form values: the product's fields plus its parts. */
export interface ProductFormValues extends Row {
  general?: Row;
  datosCatalogo?: Row;
  atributos?: ProductAttributeRow[];
  iconos?: IconRow[];
}

const writable = (schema: ResourceSchema, except: readonly string[] = []): string[] =>
  schema.fields.filter((field) => !field.readOnly && !except.includes(field.name)).map((field) => field.name);

// imagen belongs to the multimedia tab (saved at once), never to the form's save. Read when saving, so a field
// declared on the products schema in force (registry.ts `declared`) is saved with the others.
export const productFields = (): string[] => writable(declared(productos), ['empresaId', 'imagen']);
export const GENERAL_FIELDS = writable(productoGeneral, ['productoId']);
export const CATALOGUE_FIELDS = writable(productoDatosCatalogo, ['productoId']);

const pick = (data: Row | undefined, fields: readonly string[]): Row => {
  const out: Row = {};
  for (const field of fields) if (data && field in data) out[field] = data[field];
  return out;
};

const byOrder = (a: ProductAttributeRow, b: ProductAttributeRow) =>
  (a.ordenEnGrupo ?? 0) - (b.ordenEnGrupo ?? 0) || Number(a.id ?? 0) - Number(b.id ?? 0);

/** The form record of a bundle (its id is the product's, so the form resets when the product changes). */
export const toFormValues = (bundle: ProductBundle): ProductFormValues => ({
  ...bundle.product,
  general: { ...pick(bundle.general, GENERAL_FIELDS), mercados: MERCADOS },
  datosCatalogo: pick(bundle.datosCatalogo, CATALOGUE_FIELDS),
  atributos: [...bundle.atributos].sort(byOrder).map((row) => ({
    id: row.id,
    atributoId: row.atributoId ?? null,
    nombre: row.nombre,
    valor: row.valor ?? '',
    unidad: row.unidad ?? null,
    ordenEnGrupo: row.ordenEnGrupo ?? null,
  })),
  iconos: bundle.iconos.map((row) => ({ idIcono: row.idIcono ?? null, texto: row.texto ?? '' })),
});

export type SaveStep = 'producto' | 'general' | 'multimedia' | 'catalogo' | 'atributos' | 'iconos';

export class ProductSaveError extends Error {
  constructor(
    readonly step: SaveStep,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'ProductSaveError';
  }
}

export interface SaveProductDeps {
  update(resource: string, id: unknown, data: Row, previous: Row): Promise<unknown>;
  create(resource: string, data: Row): Promise<unknown>;
  remove(resource: string, id: unknown, previous: Row): Promise<unknown>;
  resetIcons(productId: unknown): Promise<unknown>;
  syncManual(productId: unknown): Promise<ManualSyncAnswer>;
  /**
   * The product's stored media now (the Multimedia tab saves at once, so the bundle may be older). Asked only
   * when the bundle has no main image record; without it the bundle decides.
   */
  mediaOf?(productId: unknown): Promise<Row[]>;
  /** Progress for the person waiting ('Guardando atributos…'). */
  onStep?(step: SaveStep | 'sync'): void;
}

export interface SavePlan {
  attributes: AttributeSavePlan;
  icons: IconPlan;
}

/** The attribute and icon writes of a save (the editor asks before deleting attributes with values). */
export const planSave = (bundle: ProductBundle, values: ProductFormValues): SavePlan => ({
  attributes: planAttributeSave(bundle.atributos, values.atributos ?? []),
  icons: planIcons(bundle.iconos, values.iconos ?? []),
});

export interface SaveOutcome {
  /** Emptied attribute values that were not saved (docs/requirements.md#r5-validation): the stored value stays. */
  keptEmpty: string[];
  /** Present when the product is synchronised with BC after the save. */
  sync?: { answer?: ManualSyncAnswer; error?: unknown };
}

/** '' and undefined count as null: an untouched empty input is not a change. */
const comparable = (value: unknown): string =>
  JSON.stringify(value === undefined || value === '' ? null : value);

const differs = (next: Row, previous: Row | undefined): boolean =>
  Object.keys(next).some((key) => comparable(next[key]) !== comparable(previous?.[key]));

export async function saveProduct(
  deps: SaveProductDeps,
  bundle: ProductBundle,
  values: ProductFormValues,
): Promise<SaveOutcome> {
  const id = bundle.product.id;
  const plan = planSave(bundle, values);
  const step = async (name: SaveStep, run: () => Promise<unknown>): Promise<void> => {
    deps.onStep?.(name);
    try {
      await run();
    } catch (error) {
      throw new ProductSaveError(name, error);
    }
  };

  const productData = pick(values, productFields());
  const general = { ...pick(values.general, GENERAL_FIELDS), mercados: MERCADOS };
  const catalogue = pick(values.datosCatalogo, CATALOGUE_FIELDS);
  const generalChanged = !bundle.general || differs(general, bundle.general);
  const catalogueChanged = bundle.datosCatalogo
    ? differs(catalogue, bundle.datosCatalogo)
    : hasAnyValue(catalogue, CATALOGUE_FIELDS);
  const childrenChanged =
    generalChanged || catalogueChanged || !attributePlanIsEmpty(plan.attributes) || plan.icons.reset;

  await step('producto', async () => {
    if (differs(productData, bundle.product)) {
      await deps.update('productos', id, productData, bundle.product);
    } else if (childrenChanged) {
      // Nothing of the product itself changed: touch it so its modification date says it was edited.
      await deps.update('productos', id, { ordenAtributos: values.ordenAtributos ?? '0' }, { id });
    }
  });
  if (generalChanged) {
    await step('general', () =>
      bundle.general
        ? deps.update('producto-generals', bundle.general.id, general, bundle.general)
        : deps.create('producto-generals', { ...general, productoId: id }),
    );
  }
  if (!bundle.multimedia.some((row) => isMainImage(row as MediaRecord))) {
    await step('multimedia', async () => {
      const stored = deps.mediaOf ? await deps.mediaOf(id) : bundle.multimedia;
      if (stored.some((row) => isMainImage(row as MediaRecord))) return;
      const imagen = typeof bundle.product.imagen === 'string' ? bundle.product.imagen : undefined;
      await deps.create(
        'producto-multimedias',
        mainImageRecord(
          id,
          String(bundle.product.nombre ?? values.nombre ?? ''),
          undefined,
          imagen || undefined,
        ),
      );
    });
  }
  if (catalogueChanged) {
    await step('catalogo', () =>
      bundle.datosCatalogo
        ? deps.update('producto-datos-catalogo', bundle.datosCatalogo.id, catalogue, bundle.datosCatalogo)
        : deps.create('producto-datos-catalogo', { ...catalogue, productoId: id }),
    );
  }
  if (!attributePlanIsEmpty(plan.attributes)) {
    await step('atributos', async () => {
      for (const row of plan.attributes.remove) await deps.remove('producto-atributos', row.id, { ...row });
      for (const change of plan.attributes.update) {
        await deps.update('producto-atributos', change.id, { valor: change.valor }, { ...change.previous });
      }
      for (const row of plan.attributes.create) {
        await deps.create('producto-atributos', { ...row, productoId: id });
      }
    });
  }
  if (plan.icons.reset) {
    await step('iconos', async () => {
      await deps.resetIcons(id);
      for (const row of plan.icons.create) await deps.create('ProductoIconos', { ...row, idProducto: id });
    });
  }

  const outcome: SaveOutcome = { keptEmpty: plan.attributes.keptEmpty.map((row) => row.nombre) };
  if (values.sincronizarConBC === 'S') {
    deps.onStep?.('sync');
    try {
      outcome.sync = { answer: await deps.syncManual(id) };
    } catch (error) {
      outcome.sync = { error };
    }
  }
  return outcome;
}

/** Where a step's field errors go in the form ('general.titulo', 'datosCatalogo.envio', 'nombre'). */
export const fieldPrefixOf = (step: SaveStep): string =>
  step === 'general' ? 'general.' : step === 'catalogo' ? 'datosCatalogo.' : '';
