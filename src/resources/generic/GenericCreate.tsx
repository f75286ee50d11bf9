import { Create, type RedirectionSideEffect } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { ResourceSchema } from '../types';
import { withoutReadOnly } from './fieldSets';
import { normalizeForSave } from './lenient';
import { isOnePerCompany, useOnePerCompanyGuard } from './onePerCompany';
import type { UseSaveGuard } from './saveGuard';
import { useSavedNoticeOptions, type UseSavedNotice } from './savedNotice';
import { SchemaForm } from './SchemaForm';

export interface GenericCreateProps {
  schema: ResourceSchema;
  useSaveGuard?: UseSaveGuard;
  /** A check after the save whose warning replaces the success toast (savedNotice.ts). */
  useSavedNotice?: UseSavedNotice;
}

/**
 * Creation screen: pessimistic (always, for Create); success toast from i18n `resources.<name>.notifications`.
 * Opened from a parent's child list (ChildLists), it goes back there after saving.
 */
export const GenericCreate = ({ schema, useSaveGuard, useSavedNotice }: GenericCreateProps) => {
  const location = useLocation();
  const returnTo = (location.state as { returnTo?: unknown } | null)?.returnTo;
  const redirect: RedirectionSideEffect = typeof returnTo === 'string' ? () => returnTo : 'list';
  const mutationOptions = useSavedNoticeOptions(schema, 'created', redirect, useSavedNotice);
  const guard = useSaveGuard ?? (isOnePerCompany(schema) ? useOnePerCompanyGuard : undefined);
  return (
    <Create
      redirect={redirect}
      mutationOptions={mutationOptions}
      transform={(data: Record<string, unknown>) => withoutReadOnly(schema, normalizeForSave(schema, data))}
    >
      <SchemaForm schema={schema} mode="create" useSaveGuard={guard} />
    </Create>
  );
};
