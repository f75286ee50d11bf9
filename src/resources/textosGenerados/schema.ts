import { contains, datetime, defineResource, id, ref, refFilter, sn, snFilter, str, text } from '../fields';

export const textosGenerados = defineResource({
  name: 'TextosGenerados',
  model: 'TextoGenerado',
  label: 'Texto generado',
  labelPlural: 'Textos generados',
  names: {
    en: ['Generated text', 'Generated texts'],
    de: ['Generierter Text', 'Generierte Texte'],
    fr: ['Texte généré', 'Textes générés'],
    pt: ['Texto gerado', 'Textos gerados'],
  },
  companyVia: { field: 'productoId', parent: 'productos' },
  fields: [
    id(),
    ref('productoId', 'Producto', 'productos', { required: true }),
    ref('marketplacePromptId', 'Prompt', 'MarketPlacePrompts', { referenceLabel: 'categoriaCodigo' }),
    ref('marketplaceId', 'Marketplace', 'MarketPlaces', { referenceLabel: 'codigo' }),
    str('idioma', 'Idioma', { maxLength: 10, default: 'es' }),
    str('campo', 'Campo', { maxLength: 100 }),
    text('texto', 'Texto'),
    sn('revisado_sn', 'Revisado'),
    datetime('fechaGeneracion', 'Fecha de generación', { readOnly: true }),
  ],
  sort: { field: 'id', order: 'DESC' },
  filters: [
    refFilter('productoId', 'Producto', 'productos', { alwaysOn: true }),
    refFilter('marketplaceId', 'Marketplace', 'MarketPlaces'),
    snFilter('revisado_sn', 'Revisado'),
    contains('campo', 'Campo'),
  ],
  menu: { group: 'marketplaces', icon: 'RateReview' },
});
