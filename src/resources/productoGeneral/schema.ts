import { defineResource, id, ref, str, text } from '../fields';

export const productoGeneral = defineResource({
  name: 'producto-generals',
  model: 'ProductoGeneral',
  label: 'Datos generales',
  labelPlural: 'Datos generales de productos',
  names: {
    en: ['General data', 'Product general data'],
    de: ['Allgemeine Daten', 'Allgemeine Produktdaten'],
    fr: ['Données générales', 'Données générales des produits'],
    pt: ['Dados gerais', 'Dados gerais dos produtos'],
  },
  table: 'producto_general',
  naturalKeys: [['productoId']],
  companyVia: { field: 'productoId', parent: 'productos' },
  // copied with the product by its replication ('{nombre}-COPIA')
  replicatedWith: 'productos',
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    // searched by the product list's search box (server/features/product-search.ts)
    str('titulo', 'Título', { maxLength: 255, indexed: true }),
    text('descripcion', 'Descripción'),
    text('descripcionLarga', 'Descripción larga', { inList: false }),
    str('ean', 'EAN', { maxLength: 20, format: 'gtin', indexed: true }),
    str('sku', 'SKU', { maxLength: 100 }),
    str('GLN', 'GLN', { maxLength: 20, format: 'gln', inList: false }),
    str('referenciaAgrupacion', 'Referencia de agrupación', { maxLength: 100, inList: false }),
    str('marca', 'Marca', {
      maxLength: 100,
      namesOf: { reference: 'Marca', one: true, mustExist: true },
      indexed: true,
    }),
    text('palabrasClave', 'Palabras clave', { inList: false }),
    text('puntosClave', 'Puntos clave', { inList: false }),
    str('color', 'Color', { maxLength: 100, inList: false }),
    str('dimensiones', 'Dimensiones', { maxLength: 100, inList: false }),
    str('clasificacion', 'Clasificación', { maxLength: 100, inList: false }),
    str('estadoReferencia', 'Estado de la referencia', { maxLength: 100, inList: false }),
    str('formatoRP', 'Formato RP', { maxLength: 100, inList: false }),
    text('descripcionAecoc', 'Descripción AECOC', { inList: false }),
    str('mercados', 'Mercados', { default: '724', readOnly: false, inList: false }),
  ],
  sort: { field: 'id', order: 'ASC' },
  filters: [],
  menu: { group: 'productos', icon: 'Article', hidden: true },
});
