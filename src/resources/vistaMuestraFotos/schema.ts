import { contains, defineResource, id, int, str } from '../fields';

/** Read-only view: each product with its main picture (export-only table vista_muestra_fotos_optimizada). */
export const vistaMuestraFotos = defineResource({
  name: 'vista-muestra-fotos-optimizadas',
  model: 'VistaMuestraFotosOptimizada',
  label: 'Foto de producto',
  labelPlural: 'Fotos de productos',
  names: {
    en: ['Product photo', 'Product photos'],
    de: ['Produktfoto', 'Produktfotos'],
    fr: ['Photo de produit', 'Photos de produits'],
    pt: ['Fotografia de produto', 'Fotografias de produtos'],
  },
  table: 'vista_muestra_fotos_optimizada',
  view: true,
  companyField: 'empresaId',
  fields: [
    id(),
    int('empresaId', 'Empresa', { inList: false }),
    str('nombre', 'Producto'),
    str('titulo', 'Título'),
    str('imagen', 'Imagen'),
    str('categorias', 'Categorías'),
  ],
  filters: [contains('nombre', 'Producto', { alwaysOn: true })],
  menu: { group: 'productos', icon: 'PhotoLibrary', hidden: true },
});
