import { contains, date, defineResource, equals, id, int, stamps, str, syncLogFields } from '../fields';

export const repuestos = defineResource({
  name: 'Repuestos',
  model: 'Repuesto',
  label: 'Repuesto',
  labelPlural: 'Repuestos',
  table: 'repuestos',
  deleteKey: 'skuPrincipal',
  // spec §7 lists both /Repuestos and /repuestos.
  aliases: ['repuestos'],
  fields: [
    id(),
    str('skuPrincipal', 'SKU principal', { required: true, maxLength: 100 }),
    str('skuRepuesto', 'SKU repuesto', { required: true, maxLength: 100 }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
    int('posicion', 'Posición', { min: 0 }),
    date('fechaInicio', 'Fecha de inicio'),
    date('fechaFin', 'Fecha de fin'),
    ...stamps(),
    ...syncLogFields(),
  ],
  sort: { field: 'skuPrincipal', order: 'ASC' },
  filters: [
    contains('skuPrincipal', 'SKU principal', { alwaysOn: true }),
    contains('skuRepuesto', 'SKU repuesto', { alwaysOn: true }),
    contains('descripcion', 'Descripción'),
    equals('posicion', 'Posición', { input: 'number' }),
    { source: 'fechaInicio', op: 'day', label: 'Fecha de inicio', input: 'date' },
    { source: 'fechaFin', op: 'day', label: 'Fecha de fin', input: 'date' },
  ],
  menu: { group: 'relaciones', icon: 'Build' },
  messages: { created: 'Repuesto creado', updated: 'Repuesto actualizado', deleted: 'Repuesto eliminado' },
});
