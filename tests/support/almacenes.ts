/**
 * The low-code proof's brand-new resource, declared ONLY by a schema (README "Add a resource by declaration").
 * It is not in the registry: the tests hand it to the app (`<App schemas>`) and to the API (`extraSchemas`).
 */
import { contains, defineResource, empresaId, id, int, sn, snFilter, str } from '../../src/resources/fields';

export const almacenes = defineResource({
  name: 'Almacenes',
  model: 'Almacen',
  label: 'Almacén',
  labelPlural: 'Almacenes',
  names: {
    en: ['Warehouse', 'Warehouses'],
    de: ['Lager', 'Lager'],
    fr: ['Entrepôt', 'Entrepôts'],
    pt: ['Armazém', 'Armazéns'],
  },
  table: 'almacenes',
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 100 }),
    str('codigo', 'Código', { maxLength: 20, uniqueWith: ['empresaId'] }),
    int('capacidad', 'Capacidad', { min: 0, default: 0 }),
    sn('activo', 'Activo', { default: 'S' }),
  ],
  filters: [contains('nombre', 'Nombre', { alwaysOn: true }), snFilter('activo', 'Activo')],
  menu: { group: 'configuracion', icon: 'Inventory2' },
  messages: { created: 'Almacén creado' },
});
