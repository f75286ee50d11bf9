import { datetime, defineResource, id, ref, refFilter, sn, snFilter, str, text } from '../fields';

export const productosGeneracionTextos = defineResource({
  name: 'ProductosGeneracionTextos',
  model: 'ProductoGeneracionTextos',
  label: 'Generación de textos',
  labelPlural: 'Cola de generación de textos',
  names: {
    en: ['Text generation', 'Text generation queue'],
    de: ['Textgenerierung', 'Warteschlange der Textgenerierung'],
    fr: ['Génération de textes', "File d'attente de génération de textes"],
    pt: ['Geração de textos', 'Fila de geração de textos'],
  },
  companyVia: { field: 'productoId', parent: 'productos' },
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    ref('marketplacePromptId', 'Prompt', 'MarketPlacePrompts', {
      required: true,
      referenceLabel: 'categoriaCodigo',
    }),
    sn('procesado', 'Procesado'),
    str('estado', 'Estado', { maxLength: 20, choices: ['Ejecutado', 'NoEjecutado'], readOnly: true }),
    // Why a generation was not executed (or which reviewed texts were kept), set by the server.
    text('motivo', 'Motivo', { readOnly: true }),
    // Language codes to generate, comma-separated (default 'es').
    str('idiomas', 'Idiomas', { maxLength: 100, inList: false }),
    datetime('fechaCreacion', 'Fecha de creación', { readOnly: true }),
  ],
  sort: { field: 'id', order: 'DESC' },
  filters: [
    refFilter('productoId', 'Producto', 'productos'),
    snFilter('procesado', 'Procesado', { alwaysOn: true }),
    { source: 'estado', op: 'eq', label: 'Estado', input: 'select', choices: ['Ejecutado', 'NoEjecutado'] },
  ],
  menu: { group: 'marketplaces', icon: 'Queue' },
});
