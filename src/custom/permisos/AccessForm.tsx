/**
 * The form of a user or a role: the schema's inputs (as the generic form has them) plus the link input
 * (roles of a user, permisos of a role), saved together with one Guardar.
 */
import type { ReactNode } from 'react';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, type RaRecord } from 'react-admin';
import { createDefaults, formFields, type FormMode } from '../../resources/generic/fieldSets';
import { inputFor } from '../../resources/generic/inputFor';
import type { ResourceSchema } from '../../resources/types';

export interface AccessFormProps {
  schema: ResourceSchema;
  mode: FormMode;
  onSubmit: (values: Record<string, unknown>) => unknown;
  /** The record with its link ids (edit). */
  record?: RaRecord;
  /** Inputs after the schema's ones (the link input, a password change...). */
  children?: ReactNode;
  /** Schema fields left out (shown by `children` instead). */
  omit?: readonly string[];
}

export const AccessForm = ({ schema, mode, onSubmit, record, children, omit = [] }: AccessFormProps) => (
  <SimpleForm
    record={record}
    defaultValues={mode === 'create' ? createDefaults(schema) : undefined}
    onSubmit={onSubmit}
    toolbar={
      <Toolbar sx={{ justifyContent: 'space-between' }}>
        <SaveButton />
        {mode === 'edit' && schema.operations.delete && <DeleteButton mutationMode="pessimistic" />}
      </Toolbar>
    }
    sx={{ maxWidth: 960 }}
    warnWhenUnsavedChanges
  >
    {formFields(schema, mode)
      .filter((field) => !omit.includes(field.name))
      .map((field) => inputFor(field, schema))}
    {children}
  </SimpleForm>
);
