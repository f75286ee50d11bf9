/** The create/edit form of any resource: one input per writable field, schema defaults on create. */
import { DeleteButton, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { ResourceSchema } from '../types';
import { createDefaults, formFields, type FormMode } from './fieldSets';
import { FormDraft } from './FormDraft';
import { inputFor } from './inputFor';
import { useAfterSaveEffects } from './listMemory';
import { useDeleteSideEffects } from './reloadOnDelete';
import type { SaveGuard, UseSaveGuard } from './saveGuard';
import { useSchemaSubmit } from './useSchemaSubmit';

export interface SchemaFormProps {
  schema: ResourceSchema;
  mode: FormMode;
  /** A bespoke check before saving (views.tsx of a resource). */
  useSaveGuard?: UseSaveGuard;
}

const FormToolbar = ({ schema, mode }: SchemaFormProps) => {
  const deleteOptions = useDeleteSideEffects(schema);
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {mode === 'edit' && schema.operations.delete && (
        <DeleteButton mutationMode="pessimistic" mutationOptions={deleteOptions} />
      )}
    </Toolbar>
  );
};

const noGuard = (): SaveGuard | undefined => undefined;

export const SchemaForm = ({ schema, mode, useSaveGuard }: SchemaFormProps) => {
  const guard = (useSaveGuard ?? noGuard)(schema);
  const onSubmit = useSchemaSubmit(schema, guard);
  useAfterSaveEffects(schema);
  return (
    <SimpleForm
      defaultValues={mode === 'create' ? createDefaults(schema) : undefined}
      onSubmit={onSubmit}
      toolbar={<FormToolbar schema={schema} mode={mode} />}
      sx={{ maxWidth: 960 }}
      warnWhenUnsavedChanges
      // the schema's validators give the Spanish messages: the browser's own (min/step) must not block first.
      noValidate
    >
      {/* unsaved changes kept per user and record, offered back after the inactivity logout */}
      {mode === 'edit' && <FormDraft />}
      {formFields(schema, mode).map((field) => inputFor(field, schema))}
      {guard?.element}
    </SimpleForm>
  );
};
