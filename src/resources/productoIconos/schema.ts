import { defineResource, ref, str } from '../fields';

export const productoIconos = defineResource({
  name: 'ProductoIconos',
  model: 'ProductoIcono',
  label: 'Icono de producto',
  labelPlural: 'Iconos de productos',
  names: {
    en: ['Product icon', 'Product icons'],
    de: ['Produktsymbol', 'Produktsymbole'],
    fr: ['Icône de produit', 'Icônes de produits'],
    pt: ['Ícone de produto', 'Ícones de produtos'],
  },
  table: 'producto_iconos',
  naturalKeys: [['idProducto', 'idIcono']],
  compositeKey: ['idProducto', 'idIcono'],
  companyVia: { field: 'idProducto', parent: 'productos' },
  // copied with the product by its replication ('{nombre}-COPIA')
  replicatedWith: 'productos',
  fields: [
    ref('idProducto', 'Producto', 'productos', { required: true }),
    ref('idIcono', 'Icono', 'Iconos', { required: true }),
    str('texto', 'Texto', { maxLength: 255 }),
  ],
  sort: { field: 'idProducto', order: 'ASC' },
  operations: { updateMany: false },
  menu: { group: 'productos', icon: 'EmojiSymbols', hidden: true },
});
