import { contains, datetime, defineResource, empresaId, id, str, text } from '../fields';

/** Log of calls to the ERP (Business Central, formerly NAV), per company like the data it is about. */
export const logsnavs = defineResource({
  name: 'logsnavs',
  model: 'LogNav',
  label: 'Registro ERP',
  labelPlural: 'Registros ERP',
  names: {
    en: ['ERP log entry', 'ERP log'],
    de: ['ERP-Protokolleintrag', 'ERP-Protokoll'],
    fr: ['Entrée du journal ERP', 'Journal ERP'],
    pt: ['Registo do ERP', 'Registos do ERP'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    datetime('fecha', 'Fecha', { readOnly: true }),
    str('tabla', 'Tabla', { maxLength: 50 }),
    str('registro', 'Registro', { maxLength: 255 }),
    str('nivel', 'Nivel', { choices: ['INFO', 'ERROR'], default: 'INFO' }),
    text('mensaje', 'Mensaje'),
  ],
  sort: { field: 'fecha', order: 'DESC' },
  filters: [
    contains('tabla', 'Tabla', { alwaysOn: true }),
    contains('registro', 'Registro'),
    { source: 'fecha', op: 'day', label: 'Fecha', input: 'date' },
  ],
  operations: { create: false, update: false, updateMany: false },
  menu: { group: 'integraciones', icon: 'ReceiptLong' },
});
