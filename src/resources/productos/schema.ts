import { contains, defineResource, empresaId, id, sn, snFilter, stamps, str, syncLogFields } from '../fields';

export const productos = defineResource({
  name: 'productos',
  model: 'Producto',
  label: 'Producto',
  labelPlural: 'Productos',
  names: {
    en: ['Product', 'Products'],
    de: ['Produkt', 'Produkte'],
    fr: ['Produit', 'Produits'],
    pt: ['Produto', 'Produtos'],
  },
  table: 'productos',
  naturalKeys: [['nombre']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre (SKU)', { required: true, unique: true, maxLength: 100 }),
    str('imagen', 'Imagen', { maxLength: 500 }),
    // names joined with '; ' (spec); CSV files write them joined with ' | '.
    str('categorias', 'Categorías', {
      maxLength: 500,
      list: { separator: '; ' },
      namesOf: { reference: 'categorias', mustExist: true },
    }),
    str('familias', 'Familias', {
      maxLength: 500,
      list: { separator: '; ' },
      namesOf: { reference: 'familias', mustExist: true },
    }),
    ...stamps(),
    sn('finalizado', 'Finalizado'),
    sn('finalizadoSAT', 'Finalizado SAT', { inList: false }),
    sn('enviarAecoc', 'Enviar a AECOC', { inList: false }),
    sn('sincronizarConBC', 'Sincronizar con BC', { inList: false, importAs: 'sn-or-n' }),
    sn('ensamblado', 'Ensamblado', { inList: false }),
    // null means "not included in marketplaces" (docs/requirements.md#r3-entities): no default.
    sn('activoEnMarketplace', 'Activo en marketplace', { default: null, inList: false }),
    str('ordenAtributos', 'Orden de atributos', { default: '0', inList: false }),
    ...syncLogFields(),
  ],
  search: ['nombre'],
  // docs/requirements.md#r2-screens: name contains, category contains, finalizado S/N — always shown, the list is used all day.
  filters: [
    contains('nombre', 'Nombre contiene', { alwaysOn: true }),
    contains('categorias', 'Categoría contiene', { alwaysOn: true }),
    snFilter('finalizado', 'Finalizado', { alwaysOn: true }),
  ],
  menu: { group: 'productos', icon: 'Inventory2' },
  messages: { created: 'Producto creado', deleted: 'Producto eliminado' },
});
