import { contains, defineResource, empresaId, id, str, text } from '../fields';

export const clubs = defineResource({
  name: 'Clubs',
  model: 'Club',
  label: 'Club',
  labelPlural: 'Clubs',
  names: {
    en: ['Club', 'Clubs'],
    de: ['Club', 'Clubs'],
    fr: ['Club', 'Clubs'],
    pt: ['Clube', 'Clubes'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 100 }),
    text('descripcion', 'Descripción'),
    // names of the company's brands and categories, separated by commas (src/core/references.ts).
    str('filtroMarcas', 'Filtro de marcas', {
      maxLength: 1000,
      namesOf: { reference: 'Marca', mustExist: true },
    }),
    str('filtroCategorias', 'Filtro de categorías', {
      maxLength: 1000,
      namesOf: { reference: 'categorias', mustExist: true },
    }),
  ],
  filters: [
    contains('nombre', 'Nombre', { alwaysOn: true }),
    contains('descripcion', 'Descripción'),
    contains('filtroMarcas', 'Filtro de marcas'),
    contains('filtroCategorias', 'Filtro de categorías'),
  ],
  menu: { group: 'relaciones', icon: 'Groups' },
  messages: {
    created: 'Club creado',
    updated: 'Club actualizado',
    deleted: 'Club eliminado',
    deletedMany: '%{smart_count} clubs eliminados',
  },
});
