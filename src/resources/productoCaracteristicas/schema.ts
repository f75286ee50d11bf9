import { defineResource, id, ref, str } from '../fields';

export const productoCaracteristicas = defineResource({
  name: 'producto-caracteristicas',
  model: 'ProductoCaracteristica',
  label: 'Característica de producto',
  labelPlural: 'Características de productos',
  names: {
    en: ['Product feature', 'Product features'],
    de: ['Produktmerkmal', 'Produktmerkmale'],
    fr: ['Caractéristique de produit', 'Caractéristiques de produits'],
    pt: ['Característica de produto', 'Características de produtos'],
  },
  table: 'producto_caracteristicas',
  naturalKeys: [['productoId', 'nombre']],
  companyVia: { field: 'productoId', parent: 'productos' },
  // copied with the product by its replication ('{nombre}-COPIA')
  replicatedWith: 'productos',
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('valor', 'Valor', { maxLength: 1000 }),
  ],
  menu: { group: 'productos', icon: 'FactCheck', hidden: true },
});
