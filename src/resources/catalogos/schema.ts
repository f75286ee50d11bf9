import { contains, defineResource, empresaId, equals, int, refFilter, sn, snFilter, str } from '../fields';

export const catalogos = defineResource({
  name: 'catalogos',
  model: 'Catalogo',
  label: 'Catálogo',
  labelPlural: 'Catálogos',
  idField: 'Id',
  companyField: 'empresaId',
  fields: [
    { name: 'Id', type: 'integer', label: 'Id', readOnly: true, inList: false },
    empresaId(),
    str('codigo', 'Código', { required: true, maxLength: 50 }),
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
  messages: { created: 'Catálogo creado', updated: 'Catálogo actualizado', deleted: 'Catálogo eliminado' },
});
