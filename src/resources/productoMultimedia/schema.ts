import { defineResource, id, ref, sn, str } from '../fields';

export const productoMultimedia = defineResource({
  name: 'producto-multimedias',
  model: 'ProductoMultimedia',
  label: 'Multimedia de producto',
  labelPlural: 'Multimedia de productos',
  names: {
    en: ['Product media', 'Product media'],
    de: ['Produktmedium', 'Produktmedien'],
    fr: ['Média de produit', 'Médias de produits'],
    pt: ['Multimédia de produto', 'Multimédia de produtos'],
  },
  table: 'producto_multimedia',
  naturalKeys: [['productoId', 'nombre']],
  companyVia: { field: 'productoId', parent: 'productos' },
  // copied with the product by its replication ('{nombre}-COPIA')
  replicatedWith: 'productos',
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    ref('multimediaId', 'Tipo de multimedia', 'multimedias', { referenceLabel: 'clave' }),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('tipo', 'Tipo', { choices: ['Imagen', 'Documento', 'Video'], default: 'Imagen' }),
    str('categoria', 'Categoría', { maxLength: 100 }),
    str('formato', 'Formato', { maxLength: 50, inList: false }),
    str('objetivo', 'Objetivo', { maxLength: 100, inList: false }),
    sn('principalSN', 'Principal'),
    sn('publicoSN', 'Público'),
    str('tagAecoc', 'Etiqueta AECOC', { maxLength: 100, inList: false }),
    str('fichero', 'Fichero', { maxLength: 500 }),
  ],
  menu: { group: 'productos', icon: 'PermMedia', hidden: true },
});
