import { contains, defineResource, id, int, str } from '../fields';

/** Read-only B2B view of the products active in marketplaces (activoEnMarketplace = 'S'). */
export const b2bProductos = defineResource({
  name: 'B2bProductos',
  model: 'B2bProducto',
  label: 'Producto B2B',
  labelPlural: 'Productos B2B',
  names: {
    en: ['B2B product', 'B2B products'],
    de: ['B2B-Produkt', 'B2B-Produkte'],
    fr: ['Produit B2B', 'Produits B2B'],
    pt: ['Produto B2B', 'Produtos B2B'],
  },
  view: true,
  companyField: 'empresaId',
  fields: [
    id(),
    int('empresaId', 'Empresa', { inList: false }),
    str('nombre', 'SKU'),
    str('titulo', 'Título'),
    str('marca', 'Marca'),
    str('categorias', 'Categorías'),
    str('categoriaPadre', 'Categoría padre'),
    str('imagen', 'Imagen', { inList: false }),
  ],
  filters: [
    contains('nombre', 'SKU', { alwaysOn: true }),
    contains('categorias', 'Categorías'),
    contains('marca', 'Marca'),
  ],
  menu: { group: 'productos', icon: 'ShoppingCart' },
});
