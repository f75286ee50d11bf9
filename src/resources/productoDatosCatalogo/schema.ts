import { defineResource, id, num, ref, str, text } from '../fields';

export const productoDatosCatalogo = defineResource({
  name: 'producto-datos-catalogo',
  model: 'ProductoDatosCatalogo',
  label: 'Datos de catálogo y coste',
  labelPlural: 'Datos de catálogo y coste',
  table: 'producto_datos_catalogo',
  companyVia: { field: 'productoId', parent: 'productos' },
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    str('codigoFabricante', 'Código de fabricante', { maxLength: 100 }),
    str('skuProvisional', 'SKU provisional', { maxLength: 100 }),
    str('capacidadCarga', 'Capacidad de carga', { maxLength: 100 }),
    str('contenedor', 'Contenedor', { maxLength: 100 }),
    num('precioFabrica', 'Precio de fábrica', { min: 0, decimals: 2 }),
    num('costoAlmacen', 'Coste de almacén', { min: 0, decimals: 2 }),
    num('costeEstandar', 'Coste estándar', { min: 0, decimals: 2 }),
    num('envio', 'Envío', { min: 0, decimals: 2, inList: false }),
    num('arancel', 'Arancel', { min: 0, decimals: 2, inList: false }),
    text('detallesProducto', 'Detalles del producto', { inList: false }),
    text('necesidadesProducto', 'Necesidades del producto', { inList: false }),
  ],
  sort: { field: 'id', order: 'ASC' },
  menu: { group: 'productos', icon: 'Euro', hidden: true },
});
