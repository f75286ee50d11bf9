import { defineResource, id, ref, refFilter } from '../fields';

export const catalogosProductos = defineResource({
  name: 'catalogos-productos',
  model: 'CatalogoProducto',
  label: 'Producto de catálogo',
  labelPlural: 'Productos de catálogos',
  names: {
    en: ['Catalogue product', 'Catalogue products'],
    de: ['Katalogprodukt', 'Katalogprodukte'],
    fr: ['Produit de catalogue', 'Produits de catalogues'],
    pt: ['Produto de catálogo', 'Produtos de catálogos'],
  },
  companyVia: { field: 'catalogoId', parent: 'catalogos' },
  fields: [
    id(),
    ref('catalogoId', 'Catálogo', 'catalogos', { required: true }),
    ref('productoId', 'Producto', 'productos', { required: true }),
  ],
  sort: { field: 'id', order: 'ASC' },
  filters: [refFilter('catalogoId', 'Catálogo', 'catalogos', { alwaysOn: true })],
  menu: { group: 'catalogo', icon: 'PlaylistAdd', hidden: true },
});
