/**
 * Each operation declares in its OpenAPI spec the permiso it needs (`x-permiso`), next to its route:
 * `@get('/x', {...requires(SYNC_ERP), responses})`. The authentication middleware checks it against the
 * caller's rules (src/core/permissions.ts, the matcher the app uses) before parameters are parsed, so a refused
 * call changes nothing. An operation that needs a token and declares nothing is refused (default deny).
 * `x-permiso` is visible in /openapi.json, which is what the access sweep test reads.
 */
import type { OperationObject } from '@loopback/rest';
import type { PermisoNeeded } from '../../src/core/apiPermisos';

export const PERMISO_EXTENSION = 'x-permiso';

/** Any signed-in user (their own profile, their own password). */
export const SIGNED_IN = 'signed-in';

export type PermisoDeclaration = PermisoNeeded | typeof SIGNED_IN;

/**
 * The operation spec declaring that an operation needs `permiso` (with a plain 200 response, which the
 * route's own `responses` replace when spread after it).
 */
export const requires = (permiso: PermisoNeeded): OperationObject => ({
  [PERMISO_EXTENSION]: { action: permiso.action, resource: permiso.resource },
  responses: { '200': { description: 'OK' } },
});

/** The spec fragment of an operation every signed-in user may call. */
export const signedIn = (): OperationObject => ({
  [PERMISO_EXTENSION]: SIGNED_IN,
  responses: { '200': { description: 'OK' } },
});

/** The declaration of an operation, or undefined when it has none. */
export function permisoOf(spec: OperationObject): PermisoDeclaration | undefined {
  const value: unknown = spec[PERMISO_EXTENSION];
  if (value === SIGNED_IN) return SIGNED_IN;
  if (typeof value !== 'object' || value === null) return undefined;
  const { action, resource } = value as Partial<PermisoNeeded>;
  return typeof action === 'string' && typeof resource === 'string' ? { action, resource } : undefined;
}
