/**
 * Permissions → ability rules → access checks (docs/requirements.md#r6-roles, the architecture notes (auth and permissions)). Pure; ra-rbac is not public, so this is
 * the app's own matcher behind authProvider.canAccess.
 */
import { normalizePermisoName } from './apiPermisos';

export interface Permiso {
  controllerName: string;
  moduleName: string;
  actionName: string;
}

export interface AbilityRule {
  action: string;
  subject: string;
  fields?: string[];
}

/** No permissions stored: read on Auth only. */
export const DEFAULT_RULES: readonly AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

export const permissionsToRules = (permisos: readonly Permiso[] | null | undefined): AbilityRule[] =>
  permisos && permisos.length > 0
    ? permisos.map(({ controllerName, moduleName, actionName }) => ({
        action: controllerName,
        subject: moduleName,
        fields: [actionName],
      }))
    : DEFAULT_RULES.map((rule) => ({ ...rule }));

/** react-admin's actions and the CASL-style verbs that also grant them. */
const ACTION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  list: ['read'],
  show: ['read'],
  export: ['read'],
  edit: ['update'],
  update: ['edit'],
  read: ['list', 'show'],
};

/** Names compare whatever their case or surrounding spaces ('Sync ', 'ERP' and 'sync', 'erp' are one permiso). */
const same = (a: string, b: string) => normalizePermisoName(a) === normalizePermisoName(b);

const actionMatches = (ruleAction: string, action: string): boolean =>
  same(ruleAction, 'manage') ||
  same(ruleAction, action) ||
  (ACTION_ALIASES[action] ?? []).some((alias) => same(alias, ruleAction));

const subjectMatches = (ruleSubject: string, resource: string): boolean =>
  same(ruleSubject, 'all') || same(ruleSubject, resource);

export interface AccessRequest {
  action: string;
  resource: string;
  record?: unknown;
}

/**
 * True when a rule grants the action on the resource: 'manage' is any action, 'all' any resource; read grants
 * list/show, update grants edit; names compare case-insensitively. Rules are resource-level (record ignored).
 */
export const canAccessWithRules = (rules: readonly AbilityRule[], request: AccessRequest): boolean =>
  rules.some(
    (rule) => actionMatches(rule.action, request.action) && subjectMatches(rule.subject, request.resource),
  );
