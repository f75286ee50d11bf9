import { Create } from 'react-admin';
import type { ResourceSchema } from '../types';
import { withoutReadOnly } from './fieldSets';
import { SchemaForm } from './SchemaForm';

/** Creation screen: pessimistic (always, for Create); success toast from i18n `resources.<name>.notifications`. */
export const GenericCreate = ({ schema }: { schema: ResourceSchema }) => (
  <Create redirect="list" transform={(data: Record<string, unknown>) => withoutReadOnly(schema, data)}>
    <SchemaForm schema={schema} mode="create" />
  </Create>
);
