import { Edit } from 'react-admin';
import type { ResourceSchema } from '../types';
import { withoutReadOnly } from './fieldSets';
import { SchemaForm } from './SchemaForm';

/** Edition screen: pessimistic, so a server error leaves the form as typed. */
export const GenericEdit = ({ schema }: { schema: ResourceSchema }) => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    transform={(data: Record<string, unknown>) => withoutReadOnly(schema, data)}
  >
    <SchemaForm schema={schema} mode="edit" />
  </Edit>
);
