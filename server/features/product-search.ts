/**
 * «Find any product» (src/core/productSearch.ts): two filters of the product list the API serves, declared as
 * virtual filters (server/virtual-filters.ts), so they are paged, counted and company-scoped like any other:
 *
 * - GET /productos?filter={"where":{"buscar":"<text>"}}  (and /productos/count?where=…): the text as a part of
 *   the SKU (`nombre`) or of the general data's `titulo`, `ean` or `marca`, case- and accent-insensitive,
 *   wildcards literal; one SQL condition on one column, `busqueda LIKE ?`: the product's search text, which the
 *   database keeps (productos' `searchText`, server/store/search-text.ts; a trigram index on PostgreSQL).
 *   Where the database could not be given its triggers (MySQL without the right), the tables themselves:
 *   `id IN (SELECT id FROM productos WHERE nombre LIKE ?) OR id IN (SELECT productoId FROM producto_general
 *   WHERE titulo LIKE ? OR ean LIKE ? OR marca LIKE ?)`.
 * - GET /productos?filter={"where":{"categoria":<category id>}}: products naming the category or one of its
 *   subcategories in `categorias`.
 *
 * Company isolation: the conditions only narrow the caller's own query, which the company scope still bounds.
 */
import type { juggler, Where } from '@loopback/repository';
import {
  CATEGORY_FILTER,
  categoryAndDescendants,
  listEntryPatterns,
  matchesSearch,
  SEARCH_FILTER,
  SEARCH_TEXT_COLUMN,
  SEARCHED_GENERAL_FIELDS,
  searchTerm,
} from '../../src/core/productSearch';
import { containsPattern } from '../../src/core/likePatterns';
import type { CategoryRow } from '../../src/core/categoryTree';
import type { Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { PARENT_SCOPE } from '../parent-scope';
import { sqlConnectorOf } from '../sql';
import { searchTextReady } from '../store/search-text';
import { badVirtualValue, registerVirtualFilter } from '../virtual-filters';

const GENERAL = 'producto-generals';

/** Whether the connector turns PARENT_SCOPE conditions into subqueries (parent-scope.ts). */
const hasSubqueries = (dataSource: juggler.DataSource): boolean =>
  Boolean(
    (sqlConnectorOf(dataSource) as { parentScopeInstalled?: boolean } | undefined)?.parentScopeInstalled,
  );

/** The search text condition on products: one column, read through its trigram index on PostgreSQL. */
const searchTextLike = (like: string): Where<object> => ({ [SEARCH_TEXT_COLUMN]: { like } }) as Where<object>;

/**
 * The products whose search text contains `like` (a pattern of containsPattern), as a condition on a product
 * id: `id IN (SELECT id FROM productos WHERE busqueda LIKE ?)` — or undefined where the database keeps no search
 * text. The search text holds the SKU and every general data row's title, EAN and brand, folded as `like`
 * compares: a product whose SKU, title or brand contains the term is among these, so a query on products may
 * add it to narrow its rows first.
 */
export function searchTextScope(repositories: RepositorySet, like: string): Where<object> | undefined {
  if (!repositories.repositories.has('productos')) return undefined;
  const productos = repositories.repository('productos');
  if (!hasSubqueries(productos.dataSource) || !searchTextReady(productos.dataSource)) return undefined;
  return {
    [PARENT_SCOPE]: {
      field: 'id',
      model: productos.entityClass.modelName,
      key: 'id',
      where: searchTextLike(like),
    },
  } as Where<object>;
}

/** No product matches (a category that does not exist). */
const NOTHING: Where<object> = { id: { inq: [] } };

export const feature: Feature = {
  name: 'product-search',
  register({ app, repositories }) {
    if (!repositories.repositories.has('productos') || !repositories.repositories.has(GENERAL)) return;
    const productos = repositories.repository('productos');
    const generals = repositories.repository(GENERAL);
    const unregisterSearch = registerVirtualFilter('productos', SEARCH_FILTER, async (value) => {
      const parsed = searchTerm(value);
      if (!parsed.ok) throw badVirtualValue(parsed.message);
      if (!parsed.term) return {};
      const like = containsPattern(parsed.term);
      if (searchTextReady(productos.dataSource)) return searchTextLike(like);
      if (hasSubqueries(productos.dataSource)) {
        // both sides as `id IN (subquery)`: each reads its trigram indexes once (on PostgreSQL), and the product
        // list's own rows are only looked up in the two answers, never matched one by one
        const where = { or: SEARCHED_GENERAL_FIELDS.map((field) => ({ [field]: { like } })) };
        return {
          or: [
            {
              [PARENT_SCOPE]: {
                field: 'id',
                model: productos.entityClass.modelName,
                key: 'id',
                where: { nombre: { like } },
              },
            },
            {
              [PARENT_SCOPE]: {
                field: 'id',
                model: generals.entityClass.modelName,
                key: 'productoId',
                where,
              },
            },
          ],
        } as Where<object>;
      }
      // A store without SQL: the matching general data rows, then their products' ids.
      const rows = await generals.find({
        fields: { productoId: true, titulo: true, ean: true, marca: true },
      });
      const ids = rows
        .filter((row) => matchesSearch({}, row as Record<string, unknown>, parsed.term))
        .map((row) => Number(row.productoId));
      return { or: [{ nombre: { like } }, { id: { inq: ids } }] };
    });

    const unregisterCategory = registerVirtualFilter('productos', CATEGORY_FILTER, async (value) => {
      const id = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isSafeInteger(id) || id <= 0)
        throw badVirtualValue(
          `El filtro «categoria» debe ser el id de una categoría (recibido «${String(value)}»).`,
        );
      if (!repositories.repositories.has('categorias')) return NOTHING;
      const categorias = repositories.repository('categorias');
      const [chosen] = await categorias.find({ where: { id }, limit: 1 });
      if (!chosen) return NOTHING;
      const rows = (await categorias.find({
        where: { empresaId: { eq: chosen.empresaId ?? null } },
        fields: { id: true, empresaId: true, codigo: true, padre: true, nombre: true },
      })) as unknown as CategoryRow[];
      const names = categoryAndDescendants(rows, id);
      if (!names.length) return NOTHING;
      return {
        or: names.flatMap((name) => listEntryPatterns(name).map((like) => ({ categorias: { like } }))),
      };
    });

    app.onStop(() => {
      unregisterSearch();
      unregisterCategory();
    });
  },
};
