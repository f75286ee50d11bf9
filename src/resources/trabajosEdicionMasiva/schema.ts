import { JOB_STATES, MASS_EDIT_OPERATIONS, MASS_EDIT_VALUE_MAX_LENGTH } from '../../core/massEdit';
import { datetime, defineResource, empresaId, id, int, ref, sn, str, text } from '../fields';

/**
 * Mass edit jobs of products (src/core/massEdit.ts, server/features/mass-edit.ts): POST one with the change
 * (campo, valor, operacion) and the products (`ids`, a JSON list, or `filtro`, the JSON where of the list's
 * filter); the API runs it, and the row tracks it — state, products done, changed, unchanged and refused with
 * the reasons (`informe`). PATCH `cancelarSN: 'S'` stops it before its next batch. Each person sees their own.
 * With campo 'atributo' and `atributoId`, `valor` is the value the products' attribute gets.
 */
export const trabajosEdicionMasiva = defineResource({
  name: 'trabajos-edicion-masiva',
  model: 'TrabajoEdicionMasiva',
  label: 'Edición masiva',
  labelPlural: 'Ediciones masivas',
  names: {
    en: ['Mass edit', 'Mass edits'],
    de: ['Massenbearbeitung', 'Massenbearbeitungen'],
    fr: ['Modification en masse', 'Modifications en masse'],
    pt: ['Edição em massa', 'Edições em massa'],
  },
  companyField: 'empresaId',
  ownedBy: { field: 'usuarioId' },
  // the API's record of the jobs users start
  seeded: false,
  fields: [
    id(),
    empresaId(),
    ref('usuarioId', 'Usuario', 'usuarios', { readOnly: true, inList: false }),
    str('campo', 'Campo', { required: true, maxLength: 100 }),
    // campo 'atributo': the attribute whose value the products get (src/core/massEdit.ts ATTRIBUTE_FIELD)
    ref('atributoId', 'Atributo', 'atributos', { inList: false }),
    text('valor', 'Valor', { maxLength: MASS_EDIT_VALUE_MAX_LENGTH }),
    str('operacion', 'Operación', { choices: MASS_EDIT_OPERATIONS, default: 'reemplazar', maxLength: 20 }),
    text('ids', 'Productos', { maxLength: 200_000, inList: false }),
    text('filtro', 'Filtro', { maxLength: 20_000, inList: false }),
    sn('cancelarSN', 'Cancelar', { inList: false }),
    str('estado', 'Estado', { readOnly: true, choices: JOB_STATES, maxLength: 20 }),
    int('total', 'Total', { readOnly: true }),
    int('hechos', 'Hechos', { readOnly: true }),
    int('cambiados', 'Cambiados', { readOnly: true }),
    int('sinCambios', 'Sin cambios', { readOnly: true }),
    int('rechazados', 'Rechazados', { readOnly: true }),
    // the last product (by id) done: a job the API left unfinished resumes after it at the next start
    int('ultimoId', 'Último producto tratado', { readOnly: true, inList: false }),
    // the job's last sign of life (each chunk): a job that stopped beating is taken up by a starting API
    datetime('latido', 'Último latido', { readOnly: true, inList: false }),
    text('informe', 'Informe', { readOnly: true, inList: false }),
    text('error', 'Error', { readOnly: true, inList: false }),
    datetime('inicio', 'Inicio', { readOnly: true }),
    datetime('fin', 'Fin', { readOnly: true }),
  ],
  sort: { field: 'id', order: 'DESC' },
  menu: { group: 'productos', icon: 'ListAlt', hidden: true },
  operations: { delete: false, updateMany: false },
});
