import { contains, defineResource, empresaId, id, str, text } from '../fields';

/** Integration template (docs/requirements.md#r3-entities "Integracion (plantilla)"), with its related tables in `Tablas`. */
export const plantillas = defineResource({
  name: 'Plantilla',
  model: 'Plantilla',
  label: 'Integración',
  labelPlural: 'Plantillas de integración',
  names: {
    en: ['Integration', 'Integration templates'],
    de: ['Integration', 'Integrationsvorlagen'],
    fr: ['Intégration', "Modèles d'intégration"],
    pt: ['Integração', 'Modelos de integração'],
  },
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    text('descripcion', 'Descripción'),
    str('rutaBase', 'Ruta base de ficheros', { maxLength: 500 }),
  ],
  filters: [contains('nombre', 'Nombre', { alwaysOn: true })],
  menu: { group: 'integraciones', icon: 'IntegrationInstructions' },
  // docs/requirements.md#r8-errors: "Integracion (created/updated)"; deleting one reloads the page (docs/requirements.md#r4-states).
  messages: { created: 'Integracion creada', updated: 'Integracion actualizada' },
  reloadOnDelete: true,
  children: [{ resource: 'Tablas', target: 'plantillaId', label: 'Tablas', perPage: 50 }],
});
