import { defineResource, empresaId, id, int, str } from '../fields';

export const parametrosGlobales = defineResource({
  name: 'parametrosGlobales',
  model: 'ParametroGlobal',
  label: 'Parámetros globales',
  labelPlural: 'Parámetros globales',
  names: {
    en: ['Global settings', 'Global settings'],
    de: ['Globale Parameter', 'Globale Parameter'],
    fr: ['Paramètres globaux', 'Paramètres globaux'],
    pt: ['Parâmetros globais', 'Parâmetros globais'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    // one row per company: its minutosCierreSesion is the company's session time-out (generic/onePerCompany.ts).
    { ...empresaId(), unique: true },
    int('minutosCierreSesion', 'Minutos de inactividad hasta cerrar la sesión', { default: 5, min: 1 }),
    str('rutaBaseFicheros', 'Ruta base de ficheros', { maxLength: 500 }),
    // Product history retention (server/features/history/retention.ts): empty or 0 = no such bound.
    int('versionesHistorial', 'Versiones de historial por producto', { default: 100, min: 0, inList: false }),
    int('diasHistorial', 'Días que se guarda el historial', { default: 365, min: 0, inList: false }),
  ],
  sort: { field: 'id', order: 'ASC' },
  menu: { group: 'configuracion', icon: 'Settings' },
});
