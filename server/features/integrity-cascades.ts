/**
 * What a delete does to the records that depend on the deleted one, on the API itself (so a call straight to
 * the API leaves nothing dangling, not only the app's screens):
 * - a catalogue: its product links (every table with a reference to `catalogos`) are removed in the
 *   catalogue's delete transaction; if that fails, the catalogue stays;
 * - a category: refused (409, Spanish message) while it has subcategories or products classified in it;
 * - a product: besides its child rows (features/products.ts), the relations that name it by SKU
 *   (substitutes, spare parts, assembled products, products per range) are removed, unless another product of
 *   the same name remains.
 */
import type { Options } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import { nameKey, splitNames } from '../../src/core/nameList';
import { containsPattern } from '../../src/core/likePatterns';
import type { ResourceSchema } from '../../src/resources/types';
import type { Feature } from '../feature';
import type { RepositorySet, StoredRecord } from '../repository-set';

/** The tables with a reference field to `target`: [resource, field]. */
export const referencesTo = (schemas: readonly ResourceSchema[], target: string): [string, string][] =>
  schemas
    .filter((schema) => !schema.view && schema.name !== target)
    .flatMap((schema) =>
      schema.fields
        .filter((field) => field.type === 'reference' && field.reference === target)
        .map((field): [string, string] => [schema.name, field.name]),
    );

/** The relations that name a product by its SKU (its nombre): [resource, field]. */
export const SKU_RELATIONS: readonly (readonly [string, string])[] = [
  ['Sustitutos', 'skuPrincipal'],
  ['Sustitutos', 'skuSustituto'],
  ['Repuestos', 'skuPrincipal'],
  ['Repuestos', 'skuRepuesto'],
  ['Ensamblados', 'skuPrincipal'],
  ['Ensamblados', 'skuEnsamblado'],
  ['ProductosPorRango', 'skuProducto'],
];

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Why a category may not be deleted now (Spanish), or undefined. */
export const categoryDeleteRefusal = (
  nombre: string,
  subcategories: number,
  products: number,
): string | undefined => {
  if (!subcategories && !products) return undefined;
  const parts = [
    subcategories ? plural(subcategories, 'subcategoría', 'subcategorías') : '',
    products ? plural(products, 'producto clasificado', 'productos clasificados') : '',
  ].filter(Boolean);
  return (
    `No se puede eliminar la categoría «${nombre}»: tiene ${parts.join(' y ')} en ella. ` +
    'Mueva o elimine antes sus subcategorías y quítela de esos productos.'
  );
};

export function catalogueCascade(repos: RepositorySet, schemas: readonly ResourceSchema[]) {
  const links = referencesTo(schemas, 'catalogos').filter(([resource]) => repos.repositories.has(resource));
  return {
    // in the catalogue's delete transaction: a failure here leaves the catalogue and all its links.
    deleteInTransaction: true,
    async afterDelete(rows: StoredRecord<'catalogos'>[], options?: Options): Promise<void> {
      const ids = rows.map((row) => Number(row.Id)).filter(Number.isFinite);
      if (!ids.length) return;
      for (const [resource, field] of links) {
        await repos.repository(resource).deleteAll({ [field]: { inq: ids } }, options);
      }
    },
  };
}

export function categoryGuard(repos: RepositorySet) {
  const categorias = repos.repository('categorias');
  const productos = repos.repository('productos');
  return {
    async beforeDelete(rows: StoredRecord<'categorias'>[]): Promise<void> {
      for (const row of rows) {
        const nombre = String(row.nombre ?? '');
        const empresaId = { eq: row.empresaId ?? null };
        const { count: subcategories } = await categorias.count({
          empresaId,
          padre: String(row.codigo ?? ''),
        });
        const candidates = nombre.trim()
          ? await productos.find({
              where: { empresaId, categorias: { like: containsPattern(nombre.trim()) } },
              fields: { id: true, categorias: true },
            })
          : [];
        const key = nameKey(nombre);
        const products = candidates.filter((product) =>
          splitNames(product.categorias).some((name) => nameKey(name) === key),
        ).length;
        const refusal = categoryDeleteRefusal(nombre, subcategories, products);
        if (refusal) throw Object.assign(new HttpErrors.Conflict(refusal), { code: 'CATEGORY_IN_USE' });
      }
    },
  };
}

export function productRelationsCascade(repos: RepositorySet) {
  const productos = repos.repository('productos');
  const relations = SKU_RELATIONS.filter(([resource]) => repos.repositories.has(resource));
  return {
    // in the product's delete transaction, with its child rows (features/products.ts).
    deleteInTransaction: true,
    async afterDelete(rows: StoredRecord<'productos'>[], options?: Options): Promise<void> {
      for (const row of rows) {
        const nombre = String(row.nombre ?? '');
        if (!nombre) continue;
        const { count: namesakes } = await productos.count({ nombre }, options);
        if (namesakes) continue;
        for (const [resource, field] of relations) {
          await repos.repository(resource).deleteAll({ [field]: nombre }, options);
        }
      }
    },
  };
}

export const feature: Feature = {
  name: 'integrity-cascades',
  register: ({ repositories, registry }) => {
    repositories.repository('catalogos').addHooks(catalogueCascade(repositories, registry));
    repositories.repository('categorias').addHooks(categoryGuard(repositories));
    repositories.repository('productos').addHooks(productRelationsCascade(repositories));
  },
};
