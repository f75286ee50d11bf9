import { ORIGENES } from '../../core/history/versions';
import { datetime, defineResource, empresaId, equals, id, int, str, text } from '../fields';

/**
 * History of the reference data products depend on (categories, families, brands, attributes): one version per
 * change of a record — who, when, from where, and each changed field old → new as JSON `cambios`
 * (src/core/history/versions.ts). Written by the API only (server/features/history/reference-recorder.ts), in
 * the change's own transaction; per company like the records. Read through GET /{recurso}/{id}/versiones
 * (src/core/history/referenceVersions.ts). A deleted record keeps its history (its last version says so).
 */
export const historialReferencias = defineResource({
  name: 'historial-referencias',
  model: 'ReferenciaVersion',
  label: 'Versión de dato de referencia',
  labelPlural: 'Historial de datos de referencia',
  names: {
    en: ['Reference data version', 'Reference data history'],
    de: ['Stammdatenversion', 'Stammdatenverlauf'],
    fr: ['Version de donnée de référence', 'Historique des données de référence'],
    pt: ['Versão de dado de referência', 'Histórico de dados de referência'],
  },
  companyField: 'empresaId',
  // written by the API as the records change
  seeded: false,
  fields: [
    id(),
    empresaId(),
    // the record's resource (its API path: 'categorias', 'familias', 'Marca', 'atributos') and id
    str('recurso', 'Recurso', { required: true, maxLength: 50 }),
    int('registroId', 'Registro', { required: true }),
    datetime('fecha', 'Fecha', { readOnly: true }),
    str('usuario', 'Usuario', { maxLength: 255 }),
    str('origen', 'Origen', { choices: ORIGENES, default: 'api' }),
    text('cambios', 'Cambios', { inList: false }),
  ],
  sort: { field: 'fecha', order: 'DESC' },
  filters: [equals('recurso', 'Recurso', { alwaysOn: true }), equals('registroId', 'Registro')],
  // a record's versions newest first (the «Historial» section, the merge and the cap on every save), and the
  // purge of a company's versions older than its retention
  indexes: [
    ['recurso', 'registroId', 'id'],
    ['empresaId', 'fecha'],
  ],
  operations: { create: false, update: false, delete: false, updateMany: false },
  menu: { group: 'catalogo', icon: 'History', hidden: true },
});
