import { Create, type RedirectionSideEffect } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { ResourceSchema } from '../types';
import { withoutReadOnly } from './fieldSets';
import { normalizeForSave } from './lenient';
import type { UseSaveGuard } from './saveGuard';
import { SchemaForm } from './SchemaForm';

export interface GenericCreateProps {
  schema: ResourceSchema;
  useSaveGuard?: UseSaveGuard;
}

/**
 * Creation screen: pessimistic (always, for Create); success toast from i18n `resources.<name>.notifications`.
 * Opened from a parent's child list (ChildLists), it goes back there after saving.
 */
export const GenericCreate = ({ schema, useSaveGuard }: GenericCreateProps) => {
  const location = useLocation();
  const returnTo = (location.state as { returnTo?: unknown } | null)?.returnTo;
  const redirect: RedirectionSideEffect = typeof returnTo === 'string' ? () => returnTo : 'list';
  return (
    <Create
      redirect={redirect}
      transform={(data: Record<string, unknown>) => withoutReadOnly(schema, normalizeForSave(schema, data))}
    >
      <SchemaForm schema={schema} mode="create" useSaveGuard={useSaveGuard} />
    </Create>
  );
};
