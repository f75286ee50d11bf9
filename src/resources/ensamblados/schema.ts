import { contains, defineResource, equals, id, int, stamps, str, syncLogFields } from '../fields';

export const ensamblados = defineResource({
  name: 'Ensamblados',
  model: 'Ensamblado',
  label: 'Ensamblado',
  labelPlural: 'Productos ensamblados',
  table: 'ensamblados',
  deleteKey: 'skuPrincipal',
  fields: [
    id(),
    str('skuPrincipal', 'SKU principal', { required: true, maxLength: 100 }),
    str('skuEnsamblado', 'SKU ensamblado', { required: true, maxLength: 100 }),
    str('descripcion', 'Descripción', { maxLength: 255 }),
    int('cantidad', 'Cantidad', { min: 0, default: 1 }),
    ...stamps(),
    ...syncLogFields(),
  ],
  sort: { field: 'skuPrincipal', order: 'ASC' },
  filters: [
    contains('skuPrincipal', 'SKU principal', { alwaysOn: true }),
    contains('skuEnsamblado', 'SKU ensamblado', { alwaysOn: true }),
    contains('descripcion', 'Descripción'),
    equals('cantidad', 'Cantidad', { input: 'number' }),
  ],
  menu: { group: 'relaciones', icon: 'Extension' },
  messages: {
    created: 'Ensamblado creado',
    updated: 'Ensamblado actualizado',
    deleted: 'Ensamblado eliminado',
  },
});
