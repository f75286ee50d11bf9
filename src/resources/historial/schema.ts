import { ORIGENES } from '../../core/history/versions';
import { datetime, defineResource, empresaId, id, ref, refFilter, str, text } from '../fields';

/**
 * Product history: one version per change of a product or its parts (general data, attributes, media, icons,
 * catalogue and cost data, characteristics) — who, when, from where, and each changed field old → new as JSON
 * `cambios` (src/core/history/versions.ts). Written by the API only (server/features/product-history.ts), in the
 * change's own transaction; per company like products. Read through GET /productos/{id}/versiones.
 */
export const historial = defineResource({
  name: 'historial',
  model: 'ProductoVersion',
  label: 'Versión de producto',
  labelPlural: 'Historial de productos',
  names: {
    en: ['Product version', 'Product history'],
    de: ['Produktversion', 'Produktverlauf'],
    fr: ['Version de produit', 'Historique des produits'],
    pt: ['Versão de produto', 'Histórico de produtos'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    datetime('fecha', 'Fecha', { readOnly: true }),
    str('usuario', 'Usuario', { maxLength: 255 }),
    str('origen', 'Origen', { choices: ORIGENES, default: 'api' }),
    text('cambios', 'Cambios', { inList: false }),
  ],
  sort: { field: 'fecha', order: 'DESC' },
  // a product's versions newest first (the «Historial» tab, the merge and the cap on every save), and the
  // purge of a company's versions older than its retention
  indexes: [
    ['productoId', 'id'],
    ['empresaId', 'fecha'],
  ],
  filters: [
    refFilter('productoId', 'Producto', 'productos', { alwaysOn: true }),
    { source: 'fecha', op: 'day', label: 'Fecha', input: 'date' },
  ],
  operations: { create: false, update: false, delete: false, updateMany: false },
  menu: { group: 'productos', icon: 'History', hidden: true },
});
