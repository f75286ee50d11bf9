import {
  CATEGORY_FILTER,
  SEARCH_FILTER,
  SEARCH_TEXT_COLUMN,
  SEARCHED_GENERAL_FIELDS,
} from '../../core/productSearch';
import { contains, defineResource, empresaId, id, sn, snFilter, stamps, str, syncLogFields } from '../fields';

export const productos = defineResource({
  name: 'productos',
  model: 'Producto',
  label: 'Producto',
  labelPlural: 'Productos',
  names: {
    en: ['Product', 'Products'],
    de: ['Produkt', 'Produkte'],
    fr: ['Produit', 'Produits'],
    pt: ['Produto', 'Produtos'],
  },
  table: 'productos',
  naturalKeys: [['nombre']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre (SKU)', { required: true, unique: true, maxLength: 100 }),
    str('imagen', 'Imagen', { maxLength: 500 }),
    // names joined with '; ' (spec); CSV files write them joined with ' | '.
    str('categorias', 'Categorías', {
      maxLength: 500,
      list: { separator: '; ' },
      namesOf: { reference: 'categorias', mustExist: true },
      // the list's category filter (server/features/product-search.ts)
      indexed: true,
    }),
    str('familias', 'Familias', {
      maxLength: 500,
      list: { separator: '; ' },
      namesOf: { reference: 'familias', mustExist: true },
    }),
    ...stamps(),
    sn('finalizado', 'Finalizado'),
    sn('finalizadoSAT', 'Finalizado SAT', { inList: false }),
    sn('enviarAecoc', 'Enviar a AECOC', { inList: false }),
    sn('sincronizarConBC', 'Sincronizar con BC', { inList: false, importAs: 'sn-or-n' }),
    sn('ensamblado', 'Ensamblado', { inList: false }),
    // null means "not included in marketplaces" (docs/requirements.md#r3-entities): no default.
    sn('activoEnMarketplace', 'Activo en marketplace', { default: null, inList: false }),
    str('ordenAtributos', 'Orden de atributos', { default: '0', inList: false }),
    ...syncLogFields(),
  ],
  search: ['nombre'],
  // the list's search box reads one column: SKU, title, EAN and brand (server/features/product-search.ts)
  searchText: {
    column: SEARCH_TEXT_COLUMN,
    fields: ['nombre'],
    from: { resource: 'producto-generals', key: 'productoId', fields: SEARCHED_GENERAL_FIELDS },
  },
  // Served by the API (server/features/product-search.ts, server/features/product-readiness.ts).
  serverFilters: [SEARCH_FILTER, CATEGORY_FILTER, 'preparado'],
  // docs/requirements.md#r2-screens, issue 16: one search box (SKU, title, EAN, brand), the category from the
  // tree (with its subcategories), finalizado S/N — always shown, the list is used all day.
  filters: [
    {
      source: 'q',
      field: SEARCH_FILTER,
      op: 'contains',
      label: 'Buscar',
      input: 'text',
      alwaysOn: true,
    },
    {
      source: CATEGORY_FILTER,
      op: 'eq',
      label: 'Categoría',
      input: 'reference',
      reference: 'categorias',
      alwaysOn: true,
    },
    snFilter('finalizado', 'Finalizado', { alwaysOn: true }),
    // the former free-text filters: not shown, still understood in links and by the data provider's callers
    contains('nombre', 'Nombre contiene'),
    contains('categorias', 'Categoría contiene'),
  ],
  menu: { group: 'productos', icon: 'Inventory2' },
  messages: { created: 'Producto creado', deleted: 'Producto eliminado' },
});
