import { datetime, defineResource, id, ref, refFilter, sn, snFilter, str } from '../fields';

export const productosGeneracionTextos = defineResource({
  name: 'ProductosGeneracionTextos',
  model: 'ProductoGeneracionTextos',
  label: 'Generación de textos',
  labelPlural: 'Cola de generación de textos',
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    ref('marketplacePromptId', 'Prompt', 'MarketPlacePrompts', {
      required: true,
      referenceLabel: 'categoriaCodigo',
    }),
    sn('procesado', 'Procesado'),
    str('estado', 'Estado', { maxLength: 20, choices: ['Ejecutado', 'NoEjecutado'], readOnly: true }),
    datetime('fechaCreacion', 'Fecha de creación', { readOnly: true }),
  ],
  sort: { field: 'id', order: 'DESC' },
  filters: [
    refFilter('productoId', 'Producto', 'productos'),
    snFilter('procesado', 'Procesado', { alwaysOn: true }),
  ],
  menu: { group: 'marketplaces', icon: 'Queue' },
});
