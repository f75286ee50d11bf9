/** The create/edit form of any resource: one input per writable field, schema defaults on create. */
import { DeleteButton, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { ResourceSchema } from '../types';
import { createDefaults, formFields, type FormMode } from './fieldSets';
import { inputFor } from './inputFor';
import { useSchemaSubmit } from './useSchemaSubmit';

export interface SchemaFormProps {
  schema: ResourceSchema;
  mode: FormMode;
}

const FormToolbar = ({ schema, mode }: SchemaFormProps) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    {mode === 'edit' && schema.operations.delete && <DeleteButton mutationMode="pessimistic" />}
  </Toolbar>
);

export const SchemaForm = ({ schema, mode }: SchemaFormProps) => {
  const onSubmit = useSchemaSubmit(schema);
  return (
    <SimpleForm
      defaultValues={mode === 'create' ? createDefaults(schema) : undefined}
      onSubmit={onSubmit}
      toolbar={<FormToolbar schema={schema} mode={mode} />}
      sx={{ maxWidth: 960 }}
      warnWhenUnsavedChanges
    >
      {formFields(schema, mode).map((field) => inputFor(field))}
    </SimpleForm>
  );
};
