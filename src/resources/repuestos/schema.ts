import { contains, date, defineResource, equals, id, int, stamps, str, syncLogFields } from '../fields';

export const repuestos = defineResource({
  name: 'Repuestos',
  model: 'Repuesto',
  label: 'Repuesto',
  labelPlural: 'Repuestos',
  names: {
    en: ['Spare part', 'Spare parts'],
    de: ['Ersatzteil', 'Ersatzteile'],
    fr: ['Pièce détachée', 'Pièces détachées'],
    pt: ['Peça sobresselente', 'Peças sobresselentes'],
  },
  table: 'repuestos',
  naturalKeys: [['skuPrincipal', 'skuRepuesto']],
  deleteKey: 'skuPrincipal',
  /** A SKU is a product's nombre: the row belongs to that product's company. */
  companyVia: { field: 'skuPrincipal', parent: 'productos', parentKey: 'nombre' },
  // docs/requirements.md#r7-api lists both /Repuestos and /repuestos.
  aliases: ['repuestos'],
  fields: [
    id(),
    str('skuPrincipal', 'SKU principal', {
      required: true,
      maxLength: 100,
      suggestions: 'obtenerSkuPrincipales',
    }),
    // a product of the same company as skuPrincipal's (src/core/references.ts).
    str('skuRepuesto', 'SKU repuesto', {
      required: true,
      maxLength: 100,
      namesOf: { reference: 'productos', one: true, mustExist: true },
    }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
    int('posicion', 'Posición', { min: 0, lenient: true, importAs: 'integer' }),
    date('fechaInicio', 'Fecha de inicio', { lenient: true, importAs: 'date' }),
    date('fechaFin', 'Fecha de fin', { lenient: true, importAs: 'date', notBefore: 'fechaInicio' }),
    ...stamps(),
    ...syncLogFields(),
  ],
  sort: { field: 'skuPrincipal', order: 'ASC' },
  filters: [
    contains('skuPrincipal', 'SKU principal', { alwaysOn: true }),
    contains('skuRepuesto', 'SKU repuesto', { alwaysOn: true }),
    contains('descripcion', 'Descripción'),
    equals('posicion', 'Posición', { input: 'number' }),
    { source: 'fechaInicio', op: 'day', label: 'Fecha de inicio', input: 'date' },
    { source: 'fechaFin', op: 'day', label: 'Fecha de fin', input: 'date' },
  ],
  menu: { group: 'relaciones', icon: 'Build' },
  // docs/requirements.md#r5-validation: posicion and dates read with the import's normalizeRow (the fields' importAs).
  normalizeOnSave: true,
  messages: {
    created: 'Repuesto creado',
    updated: 'Repuesto actualizado',
    deleted: 'Repuesto eliminado',
    deletedMany: '%{smart_count} repuestos eliminados',
  },
});
