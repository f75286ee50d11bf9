/** An authProvider for component tests: signed in, with the given ability rules deciding canAccess (docs/requirements.md#r6-roles). */
import type { AuthProvider } from 'react-admin';
import { canAccessWithRules, type AbilityRule } from '../../src/core/permissions';

export const authWithRules = (rules: readonly AbilityRule[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => rules,
  getIdentity: async () => ({ id: 1, fullName: 'Prueba' }),
  canAccess: async ({ action, resource }) => canAccessWithRules(rules, { action, resource }),
});
