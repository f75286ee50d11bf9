/**
 * A resource with a field of every declared type, a write-only field and server stamps, declared only here:
 * the list-answers contract (tests/contract/list-answers.test.ts) reads its pages and checks each value
 * against its declaration.
 */
import {
  date,
  datetime,
  defineResource,
  empresaId,
  id,
  int,
  num,
  ref,
  sn,
  stamps,
  str,
  text,
} from '../../src/resources/fields';

export const muestras = defineResource({
  name: 'Muestras',
  model: 'Muestra',
  label: 'Muestra',
  labelPlural: 'Muestras',
  names: {
    en: ['Sample', 'Samples'],
    de: ['Muster', 'Muster'],
    fr: ['Échantillon', 'Échantillons'],
    pt: ['Amostra', 'Amostras'],
  },
  table: 'muestras',
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 100 }),
    text('descripcion', 'Descripción'),
    int('unidades', 'Unidades'),
    num('precio', 'Precio', { decimals: 2 }),
    { name: 'activa', type: 'boolean', label: 'Activa' },
    sn('revisada', 'Revisada'),
    date('desde', 'Desde'),
    datetime('vista', 'Vista'),
    ref('idMarca', 'Marca', 'Marca'),
    str('clave', 'Clave', { writeOnly: true, maxLength: 50 }),
    ...stamps(),
  ],
  menu: { group: 'configuracion', icon: 'Inventory2' },
  messages: { created: 'Muestra creada' },
});
