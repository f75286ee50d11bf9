import { contains, defineResource, empresaId, equals, int, refFilter, sn, snFilter, str } from '../fields';

export const catalogos = defineResource({
  name: 'catalogos',
  model: 'Catalogo',
  label: 'Catálogo',
  labelPlural: 'Catálogos',
  names: {
    en: ['Catalogue', 'Catalogues'],
    de: ['Katalog', 'Kataloge'],
    fr: ['Catalogue', 'Catalogues'],
    pt: ['Catálogo', 'Catálogos'],
  },
  idField: 'Id',
  companyField: 'empresaId',
  fields: [
    { name: 'Id', type: 'integer', label: 'Id', readOnly: true, inList: false },
    empresaId(),
    // unique within a company, like category and brand codes (a duplicate answers 422 ER_DUP_ENTRY on codigo).
    str('codigo', 'Código', { required: true, maxLength: 50, uniqueWith: ['empresaId'] }),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    int('anyo', 'Año', { min: 1900 }),
    sn('activoSN', 'Activo'),
  ],
  filters: [
    refFilter('empresa', 'Empresa', 'empresas', { field: 'empresaId' }),
    contains('codigo', 'Código', { alwaysOn: true }),
    contains('nombre', 'Nombre', { alwaysOn: true }),
    equals('anyo', 'Año', { input: 'number' }),
    snFilter('activoSN', 'Activo'),
  ],
  menu: { group: 'catalogo', icon: 'MenuBook' },
  messages: {
    created: 'Catálogo creado',
    updated: 'Catálogo actualizado',
    deleted: 'Catálogo eliminado',
    deletedMany: '%{smart_count} catálogos eliminados',
  },
});
