import { contains, defineResource, equals, id, int, stamps, str, syncLogFields } from '../fields';

export const ensamblados = defineResource({
  name: 'Ensamblados',
  model: 'Ensamblado',
  label: 'Ensamblado',
  labelPlural: 'Productos ensamblados',
  names: {
    en: ['Assembly', 'Assembled products'],
    de: ['Baugruppe', 'Zusammengesetzte Produkte'],
    fr: ['Assemblage', 'Produits assemblés'],
    pt: ['Montagem', 'Produtos montados'],
  },
  table: 'ensamblados',
  naturalKeys: [['skuPrincipal', 'skuEnsamblado']],
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
    str('skuEnsamblado', 'SKU ensamblado', {
      required: true,
      maxLength: 100,
      namesOf: { reference: 'productos', one: true, mustExist: true },
    }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
    int('cantidad', 'Cantidad', { min: 0, default: 1, lenient: true, importAs: 'integer' }),
    ...stamps(),
    ...syncLogFields(),
  ],
  sort: { field: 'skuPrincipal', order: 'ASC' },
  filters: [
    contains('skuPrincipal', 'SKU principal', { alwaysOn: true }),
    contains('skuEnsamblado', 'SKU ensamblado', { alwaysOn: true }),
    contains('descripcion', 'Descripción'),
    equals('cantidad', 'Cantidad', { input: 'number' }),
  ],
  menu: { group: 'relaciones', icon: 'Extension' },
  // docs/requirements.md#r5-validation: cantidad becomes an integer, with the import's normalizeRow (the fields' importAs).
  normalizeOnSave: true,
  messages: {
    created: 'Ensamblado creado',
    updated: 'Ensamblado actualizado',
    deleted: 'Ensamblado eliminado',
    deletedMany: '%{smart_count} ensamblados eliminados',
  },
});
