import { contains, defineResource, id, int, ref, refFilter, str } from '../fields';

export const tablas = defineResource({
  name: 'Tablas',
  model: 'Tabla',
  label: 'Tabla de integración',
  labelPlural: 'Tablas de integración',
  names: {
    en: ['Integration table', 'Integration tables'],
    de: ['Integrationstabelle', 'Integrationstabellen'],
    fr: ["Table d'intégration", "Tables d'intégration"],
    pt: ['Tabela de integração', 'Tabelas de integração'],
  },
  companyVia: { field: 'plantillaId', parent: 'Plantilla' },
  fields: [
    id(),
    ref('plantillaId', 'Plantilla', 'Plantilla', { required: true }),
    str('nombre', 'Tabla', { required: true, maxLength: 100 }),
    str('campos', 'Campos (separados por comas)', { maxLength: 2000 }),
    int('orden', 'Orden', { default: 0 }),
  ],
  filters: [
    refFilter('plantillaId', 'Plantilla', 'Plantilla', { alwaysOn: true }),
    contains('nombre', 'Tabla'),
  ],
  menu: { group: 'integraciones', icon: 'TableChart' },
});
