import { defineResource, id, num, ref, str, text } from '../fields';

export const productoDatosCatalogo = defineResource({
  name: 'producto-datos-catalogo',
  model: 'ProductoDatosCatalogo',
  label: 'Datos de catálogo y coste',
  labelPlural: 'Datos de catálogo y coste',
  names: {
    en: ['Catalogue and cost data', 'Catalogue and cost data'],
    de: ['Katalog- und Kostendaten', 'Katalog- und Kostendaten'],
    fr: ['Données de catalogue et de coût', 'Données de catalogue et de coût'],
    pt: ['Dados de catálogo e custo', 'Dados de catálogo e custo'],
  },
  table: 'producto_datos_catalogo',
  naturalKeys: [['productoId']],
  companyVia: { field: 'productoId', parent: 'productos' },
  // copied with the product by its replication ('{nombre}-COPIA')
  replicatedWith: 'productos',
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
