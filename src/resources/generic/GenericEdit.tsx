import type { ReactNode } from 'react';
import { Edit } from 'react-admin';
import type { ResourceSchema } from '../types';
import { ChildLists } from './ChildLists';
import { withoutReadOnly } from './fieldSets';
import { normalizeForSave } from './lenient';
import type { UseSaveGuard } from './saveGuard';
import { useSavedNoticeOptions, type UseSavedNotice } from './savedNotice';
import { SchemaForm } from './SchemaForm';
import { useCompanyGuard } from './useCompanyGuard';

export interface GenericEditProps {
  schema: ResourceSchema;
  useSaveGuard?: UseSaveGuard;
  /** A check after the save whose warning replaces the success toast (savedNotice.ts). */
  useSavedNotice?: UseSavedNotice;
  /** A section under the form and the child lists (e.g. the record's history). */
  extra?: ReactNode;
}

/** Edition screen: pessimistic, so a server error leaves the form as typed; the schema's child lists below. */
export const GenericEdit = ({ schema, useSaveGuard, useSavedNotice, extra }: GenericEditProps) => {
  const mutationOptions = useSavedNoticeOptions(schema, 'updated', 'list', useSavedNotice);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={mutationOptions}
      queryOptions={useCompanyGuard(schema)}
      transform={(data: Record<string, unknown>) => withoutReadOnly(schema, normalizeForSave(schema, data))}
    >
      <SchemaForm schema={schema} mode="edit" useSaveGuard={useSaveGuard} />
      <ChildLists schema={schema} />
      {extra}
    </Edit>
  );
};
