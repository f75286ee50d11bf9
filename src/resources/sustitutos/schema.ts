import { contains, date, defineResource, id, sn, snFilter, stamps, str, syncLogFields } from '../fields';

export const sustitutos = defineResource({
  name: 'Sustitutos',
  model: 'Sustituto',
  label: 'Sustituto',
  labelPlural: 'Sustitutos',
  names: {
    en: ['Substitute', 'Substitutes'],
    de: ['Ersatzprodukt', 'Ersatzprodukte'],
    fr: ['Substitut', 'Substituts'],
    pt: ['Substituto', 'Substitutos'],
  },
  table: 'sustitutos',
  naturalKeys: [['skuPrincipal', 'skuSustituto']],
  deleteKey: 'skuPrincipal',
  /** A SKU is a product's nombre: the row belongs to that product's company. */
  companyVia: { field: 'skuPrincipal', parent: 'productos', parentKey: 'nombre' },
  fields: [
    id(),
    str('skuPrincipal', 'SKU principal', {
      required: true,
      maxLength: 100,
      suggestions: 'obtenerSkuPrincipales',
    }),
    // a product of the same company as skuPrincipal's (src/core/references.ts).
    str('skuSustituto', 'SKU sustituto', {
      required: true,
      maxLength: 100,
      namesOf: { reference: 'productos', one: true, mustExist: true },
    }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
    date('fechaInicio', 'Fecha de inicio', { lenient: true, importAs: 'date' }),
    date('fechaFin', 'Fecha de fin', { lenient: true, importAs: 'date', notBefore: 'fechaInicio' }),
    sn('intercambiable', 'Intercambiable', { importAs: 'sn' }),
    ...stamps(),
    ...syncLogFields(),
  ],
  sort: { field: 'skuPrincipal', order: 'ASC' },
  filters: [
    contains('skuPrincipal', 'SKU principal', { alwaysOn: true }),
    contains('skuSustituto', 'SKU sustituto', { alwaysOn: true }),
    contains('descripcion', 'Descripción'),
    { source: 'fechaInicio', op: 'day', label: 'Fecha de inicio', input: 'date' },
    { source: 'fechaFin', op: 'day', label: 'Fecha de fin', input: 'date' },
    snFilter('intercambiable', 'Intercambiable', { ignore: ['TODOS'] }),
  ],
  menu: { group: 'relaciones', icon: 'SwapHoriz' },
  // docs/requirements.md#r5-validation: dates and intercambiable read with the import's normalizeRow (the fields' importAs).
  normalizeOnSave: true,
  messages: {
    created: 'Sustituto creado',
    updated: 'Sustituto actualizado',
    deleted: 'Sustituto eliminado',
    deletedMany: '%{smart_count} sustitutos eliminados',
  },
});
