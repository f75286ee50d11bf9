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
  ],
  sort: { field: 'id', order: 'ASC' },
  menu: { group: 'configuracion', icon: 'Settings' },
});
