import { describe, expect, it } from 'vitest';
import { canAccessWithRules, permissionsToRules } from './permissions';

describe('permissionsToRules', () => {
  it('maps each permiso to {action: controllerName, subject: moduleName, fields: [actionName]}', () => {
    expect(
      permissionsToRules([
        { controllerName: 'read', moduleName: 'productos', actionName: 'nombre' },
        { controllerName: 'manage', moduleName: 'Marca', actionName: 'all' },
      ]),
    ).toEqual([
      { action: 'read', subject: 'productos', fields: ['nombre'] },
      { action: 'manage', subject: 'Marca', fields: ['all'] },
    ]);
  });

  it('defaults to read on Auth when there are no permissions', () => {
    expect(permissionsToRules([])).toEqual([{ action: 'read', subject: 'Auth' }]);
    expect(permissionsToRules(undefined)).toEqual([{ action: 'read', subject: 'Auth' }]);
    expect(permissionsToRules(null)).toEqual([{ action: 'read', subject: 'Auth' }]);
  });
});

describe('canAccessWithRules', () => {
  it('manage on all grants every action on every resource', () => {
    const rules = [{ action: 'manage', subject: 'all' }];
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export']) {
      expect(canAccessWithRules(rules, { action, resource: 'productos' })).toBe(true);
      expect(canAccessWithRules(rules, { action, resource: 'Marca' })).toBe(true);
    }
  });

  it("'manage' matches any action on its subject only", () => {
    const rules = [{ action: 'manage', subject: 'Marca' }];
    expect(canAccessWithRules(rules, { action: 'delete', resource: 'Marca' })).toBe(true);
    expect(canAccessWithRules(rules, { action: 'list', resource: 'productos' })).toBe(false);
  });

  it("subject 'all' matches any resource for its action only", () => {
    const rules = [{ action: 'delete', subject: 'all' }];
    expect(canAccessWithRules(rules, { action: 'delete', resource: 'usuarios' })).toBe(true);
    expect(canAccessWithRules(rules, { action: 'create', resource: 'usuarios' })).toBe(false);
  });

  it('read grants list and show; update grants edit', () => {
    const rules = [
      { action: 'read', subject: 'productos' },
      { action: 'update', subject: 'productos' },
    ];
    expect(canAccessWithRules(rules, { action: 'list', resource: 'productos' })).toBe(true);
    expect(canAccessWithRules(rules, { action: 'show', resource: 'productos' })).toBe(true);
    expect(canAccessWithRules(rules, { action: 'edit', resource: 'productos' })).toBe(true);
    expect(canAccessWithRules(rules, { action: 'delete', resource: 'productos' })).toBe(false);
    expect(canAccessWithRules(rules, { action: 'create', resource: 'productos' })).toBe(false);
  });

  it('the default rules only allow reading Auth', () => {
    const rules = permissionsToRules([]);
    expect(canAccessWithRules(rules, { action: 'read', resource: 'Auth' })).toBe(true);
    expect(canAccessWithRules(rules, { action: 'list', resource: 'productos' })).toBe(false);
  });

  it('exact actions and subjects match, case-insensitively; no rules deny', () => {
    expect(
      canAccessWithRules([{ action: 'list', subject: 'marca' }], { action: 'list', resource: 'Marca' }),
    ).toBe(true);
    expect(canAccessWithRules([], { action: 'list', resource: 'Marca' })).toBe(false);
  });
});
