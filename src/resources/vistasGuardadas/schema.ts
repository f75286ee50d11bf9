import { SAVED_VIEW_STATE_MAX } from '../../core/savedViews';
import { defineResource, empresaId, id, ref, sn, str, text } from '../fields';

/**
 * Saved views of a list («Vistas»): its filters, columns, sort and page size under a name, per user and
 * company. The API sets the owner from the caller; others of the company see a view only when it is shared
 * (`ownedBy`, server/features/saved-views.ts), and only its owner changes or deletes it. One view per owner,
 * company and list is the default one (the API lowers the others' flag).
 */
export const vistasGuardadas = defineResource({
  name: 'vistas-guardadas',
  model: 'VistaGuardada',
  label: 'Vista guardada',
  labelPlural: 'Vistas guardadas',
  names: {
    en: ['Saved view', 'Saved views'],
    de: ['Gespeicherte Ansicht', 'Gespeicherte Ansichten'],
    fr: ['Vue enregistrée', 'Vues enregistrées'],
    pt: ['Vista guardada', 'Vistas guardadas'],
  },
  companyField: 'empresaId',
  ownedBy: { field: 'usuarioId', shared: 'compartidaSN' },
  // each user's own: the demo starts with none
  seeded: false,
  fields: [
    id(),
    empresaId(),
    ref('usuarioId', 'Usuario', 'usuarios', { readOnly: true, inList: false }),
    str('nombre', 'Nombre', { required: true, maxLength: 100 }),
    // the react-admin resource the view belongs to ('productos', 'Marca'…)
    str('recurso', 'Lista', { required: true, maxLength: 100, indexed: true }),
    // JSON of src/core/savedViews.ts SavedViewState
    text('estado', 'Estado', { required: true, maxLength: SAVED_VIEW_STATE_MAX, inList: false }),
    sn('compartidaSN', 'Compartida'),
    sn('predeterminadaSN', 'Predeterminada'),
  ],
  menu: { group: 'configuracion', icon: 'ListAlt', hidden: true },
  operations: { updateMany: false },
});
