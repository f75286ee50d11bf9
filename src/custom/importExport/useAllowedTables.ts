/**
 * The tables a person may import into or export, from the authProvider's canAccess (docs/requirements.md#r6-roles rules): import
 * offers a table when the person may 'create' or 'import' on its resource, export when they may 'export' (read
 * grants it) or 'list' it. 'manage' on 'all' (the admin role) allows every table. Without an authProvider every
 * table is allowed.
 */
import { useMemo } from 'react';
import { useCanAccessResources } from 'react-admin';
import type { ResourceSchema } from '../../resources/types';

export type TableMode = 'import' | 'export';

/** The actions any one of which allows a table (canAccess with the schema's resource name). */
export const TABLE_ACTIONS: Readonly<Record<TableMode, readonly [string, string]>> = {
  import: ['create', 'import'],
  export: ['export', 'list'],
};

export const NOT_ALLOWED = 'No tiene permiso para esta tabla';

export function useAllowedTables(
  schemas: readonly ResourceSchema[],
  mode: TableMode,
): { allowed: ResourceSchema[]; isPending: boolean; isAllowed: (schema: ResourceSchema) => boolean } {
  const resources = useMemo(() => schemas.map((schema) => schema.name), [schemas]);
  const [first, second] = TABLE_ACTIONS[mode];
  const a = useCanAccessResources({ action: first, resources });
  const b = useCanAccessResources({ action: second, resources });
  return useMemo(() => {
    const isAllowed = (schema: ResourceSchema) =>
      Boolean(a.canAccess?.[schema.name]) || Boolean(b.canAccess?.[schema.name]);
    return {
      allowed: a.isPending || b.isPending ? [] : schemas.filter(isAllowed),
      isPending: a.isPending || b.isPending,
      isAllowed,
    };
  }, [a.canAccess, a.isPending, b.canAccess, b.isPending, schemas]);
}
