import { datetime, defineResource, empresaId, id, int, ref, refFilter, str, text } from '../fields';

/**
 * Readiness scores: one row per product × marketplace (src/core/readiness/score.ts), computed and stored by the
 * API only (server/features/product-readiness.ts) — in the request of every change of the product or its
 * parts, and by a tracked job after a rule, category, family or attribute change. Per company like products.
 * Read through GET /productos/{id}/preparacion; the product list filters on it («listo para …», «< 80 %»).
 */
export const preparacion = defineResource({
  name: 'preparacion',
  model: 'PreparacionProducto',
  label: 'Preparación de producto',
  labelPlural: 'Preparación de productos',
  names: {
    en: ['Product readiness', 'Product readiness'],
    de: ['Produktvollständigkeit', 'Produktvollständigkeit'],
    fr: ['Complétude du produit', 'Complétude des produits'],
    pt: ['Preparação de produto', 'Preparação de produtos'],
  },
  companyField: 'empresaId',
  // computed by the API from the company's rules: empty until a rule exists
  seeded: false,
  fields: [
    id(),
    empresaId(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    ref('marketplaceId', 'Marketplace', 'MarketPlaces', {
      required: true,
      referenceLabel: 'codigo',
      uniqueWith: ['productoId'],
    }),
    int('porcentaje', 'Preparado (%)', { indexed: true }),
    text('faltan', 'Qué falta', { inList: false }),
    datetime('fecha', 'Calculado', { readOnly: true }),
  ],
  sort: { field: 'productoId', order: 'ASC' },
  filters: [
    refFilter('productoId', 'Producto', 'productos', { alwaysOn: true }),
    refFilter('marketplaceId', 'Marketplace', 'MarketPlaces', { alwaysOn: true }),
  ],
  operations: { create: false, update: false, delete: false, updateMany: false },
  menu: { group: 'marketplaces', icon: 'TaskAlt', hidden: true },
});

/**
 * Recomputations of the scores after a rule, prompt, marketplace, category, family or attribute change: scope,
 * progress and outcome.
 */
export const trabajosPreparacion = defineResource({
  name: 'trabajos-preparacion',
  model: 'TrabajoPreparacion',
  label: 'Recálculo de preparación',
  labelPlural: 'Recálculos de preparación',
  names: {
    en: ['Readiness recomputation', 'Readiness recomputations'],
    de: ['Neuberechnung', 'Neuberechnungen'],
    fr: ['Recalcul de complétude', 'Recalculs de complétude'],
    pt: ['Recálculo de preparação', 'Recálculos de preparação'],
  },
  // the API's own jobs after a rule change
  seeded: false,
  fields: [
    id(),
    str('motivo', 'Motivo', { maxLength: 255 }),
    // empty: every company's products
    int('empresaId', 'Empresa'),
    // empty: every marketplace's scores (a rule or a prompt moves its marketplace's only)
    int('marketplaceId', 'Marketplace'),
    str('estado', 'Estado', {
      choices: ['pendiente', 'en curso', 'terminado', 'error'],
      default: 'pendiente',
    }),
    int('total', 'Productos', { default: 0 }),
    int('hechos', 'Recalculados', { default: 0 }),
    int('ultimoId', 'Último producto', { inList: false }),
    // changes this job covers (a pending job absorbs later ones); their sum versions the rules the API caches
    int('cambios', 'Cambios', { default: 1, inList: false }),
    datetime('inicio', 'Inicio', { readOnly: true }),
    datetime('fin', 'Fin'),
    text('error', 'Error', { inList: false }),
  ],
  sort: { field: 'id', order: 'DESC' },
  filters: [],
  operations: { create: false, update: false, delete: false, updateMany: false },
  menu: { group: 'marketplaces', icon: 'Autorenew' },
});
