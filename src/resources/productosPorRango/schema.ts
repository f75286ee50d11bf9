import { contains, date, defineResource, empresaId, id, ref, refFilter, str, syncLogFields } from '../fields';

export const productosPorRango = defineResource({
  name: 'ProductosPorRango',
  model: 'ProductoPorRango',
  label: 'Producto por rango',
  labelPlural: 'Productos por rango',
  names: {
    en: ['Product per range', 'Products per range'],
    de: ['Produkt pro Sortiment', 'Produkte pro Sortiment'],
    fr: ['Produit par gamme', 'Produits par gamme'],
    pt: ['Produto por gama', 'Produtos por gama'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('skuProducto', 'SKU del producto', {
      required: true,
      maxLength: 100,
      suggestions: 'obtenerSkuPrincipales',
      // a product of the range's company (src/core/references.ts).
      namesOf: { reference: 'productos', one: true, mustExist: true },
    }),
    ref('rangoId', 'Tipo de rango', 'TiposRango', { required: true, referenceLabel: 'rango' }),
    ref('clubId', 'Club', 'Clubs', { required: true }),
    // typed as dd/mm/yyyy (or yyyy-mm-dd); the end may not be before the start; no overlap (views.tsx, API).
    date('desdeFecha', 'Desde', { required: true, lenient: true }),
    date('hastaFecha', 'Hasta', { required: true, lenient: true, notBefore: 'desdeFecha' }),
    // the outcome of the last sending to the ERP (server/features/reference-data-ranges.ts); the form warns.
    ...syncLogFields(),
  ],
  sort: { field: 'skuProducto', order: 'ASC' },
  filters: [
    contains('skuProducto', 'SKU del producto', { alwaysOn: true }),
    refFilter('tipoDeRango', 'Tipo de rango', 'TiposRango', { field: 'rangoId' }),
    refFilter('club', 'Club', 'Clubs', { field: 'clubId' }),
    { source: 'desdeFecha', op: 'gte', label: 'Desde', input: 'date' },
    { source: 'hastaFecha', op: 'lte', label: 'Hasta', input: 'date' },
  ],
  menu: { group: 'relaciones', icon: 'DateRange' },
  messages: {
    created: 'Producto por rango creado',
    updated: 'Producto por rango actualizado',
    deleted: 'Producto por rango eliminado',
    deletedMany: '%{smart_count} productos por rango eliminados',
  },
});
