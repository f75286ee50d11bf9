import { defineResource, id, int, ref, str } from '../fields';

export const productoAtributos = defineResource({
  name: 'producto-atributos',
  model: 'ProductoAtributo',
  label: 'Atributo de producto',
  labelPlural: 'Atributos de productos',
  names: {
    en: ['Product attribute', 'Product attributes'],
    de: ['Produktattribut', 'Produktattribute'],
    fr: ['Attribut de produit', 'Attributs de produits'],
    pt: ['Atributo de produto', 'Atributos de produtos'],
  },
  table: 'producto_atributos',
  naturalKeys: [['productoId', 'atributoId']],
  companyVia: { field: 'productoId', parent: 'productos' },
  // copied with the product by its replication ('{nombre}-COPIA')
  replicatedWith: 'productos',
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    ref('atributoId', 'Atributo', 'atributos', { required: true }),
    str('nombre', 'Nombre', { maxLength: 255 }),
    str('valor', 'Valor', { maxLength: 1000 }),
    str('unidad', 'Unidad', { maxLength: 50 }),
    int('ordenEnGrupo', 'Orden en el grupo', { default: 0 }),
  ],
  sort: { field: 'ordenEnGrupo', order: 'ASC' },
  menu: { group: 'productos', icon: 'Tune', hidden: true },
});
