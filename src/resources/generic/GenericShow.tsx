import { Show, SimpleShowLayout } from 'react-admin';
import type { ResourceSchema } from '../types';
import { fieldFor } from './fieldFor';
import { showFields } from './fieldSets';

/** Read-only detail screen (views and resources that cannot be updated). */
export const GenericShow = ({ schema }: { schema: ResourceSchema }) => (
  <Show>
    <SimpleShowLayout>{showFields(schema).map((field) => fieldFor(field))}</SimpleShowLayout>
  </Show>
);
