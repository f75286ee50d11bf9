/**
 * What the API asks of a caller, declared once for the app and the API: every operation needs one permiso
 * `{action, resource}` (checked with canAccessWithRules against the caller's rules). Generated CRUD routes
 * need the CRUD permiso of their resource; custom endpoints name theirs here, by group, so the role screens can
 * list exactly the permisos the API enforces. Pure: no React, no LoopBack.
 */

export interface PermisoNeeded {
  action: string;
  resource: string;
}

/** The CRUD verbs the generated routes ask for (edit = update: the rule engine treats them alike). */
export const CRUD_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

/** The permiso of a generated controller method (list/show/count read; PATCH/PUT and update-many update). */
export const crudActionOf = (method: string): CrudAction | undefined =>
  (
    ({
      find: 'read',
      count: 'read',
      findById: 'read',
      create: 'create',
      updateAll: 'update',
      updateById: 'update',
      replaceById: 'update',
      deleteById: 'delete',
      removeOne: 'delete',
      removeTwo: 'delete',
    }) as Record<string, CrudAction | undefined>
  )[method];

/** Permisos of custom endpoints that are not a CRUD verb on a resource. */
export const SYNC_ERP: PermisoNeeded = { action: 'sync', resource: 'erp' };
export const SEND_AECOC: PermisoNeeded = { action: 'send', resource: 'aecoc' };
export const READ_LOGSNAVS: PermisoNeeded = { action: 'read', resource: 'logsnavs' };
export const EXPORT_PRODUCTOS: PermisoNeeded = { action: 'export', resource: 'productos' };
export const GENERATE_TEXTOS: PermisoNeeded = { action: 'create', resource: 'TextosGenerados' };
export const READ_HISTORIAL: PermisoNeeded = { action: 'read', resource: 'historial' };
export const RESTORE_HISTORIAL: PermisoNeeded = { action: 'restore', resource: 'historial' };
export const READ_PREPARACION: PermisoNeeded = { action: 'read', resource: 'preparacion' };
export const MANAGE_ALL: PermisoNeeded = { action: 'manage', resource: 'all' };

/** The permisos of custom endpoints, with what each one opens (shown on the role screens). */
export const CUSTOM_PERMISOS: readonly (PermisoNeeded & { label: string })[] = [
  { ...SYNC_ERP, label: 'Sincronizar con el ERP y usar el conector de Business Central' },
  { ...SEND_AECOC, label: 'Enviar datos a AECOC y consultar sus respuestas' },
  { ...READ_LOGSNAVS, label: 'Consultar el registro del ERP' },
  { ...EXPORT_PRODUCTOS, label: 'Exportar productos (feed de marketplaces)' },
  { ...GENERATE_TEXTOS, label: 'Generar textos con IA' },
  {
    ...READ_HISTORIAL,
    label: 'Consultar el historial de versiones de los productos y de sus datos de referencia',
  },
  { ...RESTORE_HISTORIAL, label: 'Restaurar una versión anterior de un producto' },
  { ...READ_PREPARACION, label: 'Consultar la preparación de los productos para cada marketplace' },
];

/** Two permisos are the same one whatever the case or surrounding spaces of their names. */
export const normalizePermisoName = (name: string | null | undefined): string =>
  (name ?? '').trim().toLowerCase();

export const permisoKey = ({ action, resource }: PermisoNeeded): string =>
  `${normalizePermisoName(action)} ${normalizePermisoName(resource)}`;

/** The Spanish refusal of an operation the caller's roles do not allow. */
export const forbiddenMessage = ({ action, resource }: PermisoNeeded): string =>
  `No tiene permiso para realizar esta operación (necesita «${action} ${resource}»).`;

/** An operation declared with no permiso does not start. */
export const UNDECLARED_MESSAGE = 'Esta operación no declara el permiso que necesita: no se permite.';

const CRUD_SCOPE: Readonly<Record<string, string>> = {
  read: 'Consultar: listas, fichas y recuentos',
  list: 'Consultar: listas, fichas y recuentos',
  show: 'Consultar: listas, fichas y recuentos',
  create: 'Crear registros',
  update: 'Modificar registros (también en bloque)',
  edit: 'Modificar registros (también en bloque)',
  delete: 'Eliminar registros',
};

/**
 * What a stored permiso lets its holders do on the API, in Spanish, from the same declarations the API
 * enforces: the custom permisos by their label, CRUD verbs on a resource, `manage` (every operation), and
 * the permisos the API does not use (say so rather than suggest they grant something).
 */
export function enforcedScope(permiso: { controllerName: string | null; moduleName: string | null }): string {
  const action = normalizePermisoName(permiso.controllerName);
  const resource = normalizePermisoName(permiso.moduleName);
  const custom = CUSTOM_PERMISOS.find((p) => permisoKey(p) === `${action} ${resource}`);
  if (custom) return custom.label;
  if (action === 'manage')
    return resource === 'all' ? 'Todas las operaciones' : 'Todas las operaciones del recurso';
  if (resource === 'auth') return 'Ninguna operación de la API (solo entrar)';
  return CRUD_SCOPE[action] ?? 'La API no aplica este permiso';
}
