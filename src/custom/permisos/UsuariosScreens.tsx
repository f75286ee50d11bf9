/**
 * Users (docs/requirements.md#r2-screens, #r7-api): the list searches nombre, codigo and mail (the schema's `q`) and shows each user's roles
 * as chips (`include: roles`); create and edit assign roles with a multi-select saved through
 * PUT /usuarios/{id}/roles, and set the password with a password input (empty on edit = unchanged).
 */
import { useMemo } from 'react';
import {
  ArrayField,
  AutocompleteArrayInput,
  ChipField,
  Create,
  Edit,
  List,
  PasswordInput,
  ReferenceArrayInput,
  SingleFieldList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { fieldFor } from '../../resources/generic/fieldFor';
import { listColumns, withoutReadOnly } from '../../resources/generic/fieldSets';
import { filtersFor } from '../../resources/generic/filtersFor';
import {
  openableRowsBody,
  openableRowsSx,
  QuietBulkActionsToolbar,
} from '../../resources/generic/keyboardRows';
import { GenericBulkDelete, GenericListActions, ListPagination } from '../../resources/generic/listParts';
import { useCompanyGuard } from '../../resources/generic/useCompanyGuard';
import { useSchemaSubmit } from '../../resources/generic/useSchemaSubmit';
import { usuarios } from '../../resources/usuarios/schema';
import { AccessForm } from './AccessForm';
import { useAccessApi } from './api';
import { idsOf } from './links';
import { useLinkedCreate, useLinkedEditSubmit, type LinkSpec } from './useLinkedSave';
import { PimDatagridConfigurable } from '../../resources/generic/PimDatagridConfigurable';

const INCLUDE_ROLES = { include: ['roles'] };
const ROLES_KEY = 'rolIds';
const PASSWORD = 'password';

const useRolesLink = (): LinkSpec => {
  const api = useAccessApi();
  return useMemo(
    () => ({ key: ROLES_KEY, relation: 'roles', save: (id, ids) => api.setUsuarioRoles(id, ids) }),
    [api],
  );
};

/** An empty password means "keep the current one": it is not sent. */
const withoutEmptyPassword = (data: Record<string, unknown>): Record<string, unknown> => {
  const { [PASSWORD]: password, ...rest } = data;
  return typeof password === 'string' && password !== '' ? { ...rest, [PASSWORD]: password } : rest;
};

/** The roles column (props read by the Datagrid header). */
const RolesChips = (_props: { source: string; label: string; sortable: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record || idsOf(record.roles).length === 0)
    return <span>{translate('pim.access.no_roles_assigned')}</span>;
  return (
    <ArrayField source="roles">
      <SingleFieldList linkType={false}>
        <ChipField source="nombre" size="small" />
      </SingleFieldList>
    </ArrayField>
  );
};

export const UsuarioList = () => {
  const translate = useTranslate();
  const columns = listColumns(usuarios);
  const filters = filtersFor(usuarios);
  return (
    <List
      perPage={10}
      sort={usuarios.sort}
      filters={filters.length > 0 ? filters : undefined}
      actions={<GenericListActions schema={usuarios} />}
      pagination={<ListPagination />}
      queryOptions={{ meta: INCLUDE_ROLES }}
    >
      <PimDatagridConfigurable
        omit={columns.filter((column) => column.hidden).map((column) => column.field.name)}
        rowClick="edit"
        body={openableRowsBody}
        sx={openableRowsSx}
        bulkActionButtons={<GenericBulkDelete />}
        bulkActionsToolbar={
          <QuietBulkActionsToolbar>
            <GenericBulkDelete />
          </QuietBulkActionsToolbar>
        }
      >
        {columns.map((column) => fieldFor(column.field))}
        <RolesChips key="roles" source="roles" label={translate('pim.access.roles')} sortable={false} />
      </PimDatagridConfigurable>
    </List>
  );
};

const RolesInput = () => {
  const translate = useTranslate();
  return (
    <ReferenceArrayInput
      source={ROLES_KEY}
      reference="roles"
      perPage={100}
      sort={{ field: 'nombre', order: 'ASC' }}
    >
      <AutocompleteArrayInput
        label={translate('pim.access.roles')}
        optionText="nombre"
        helperText={translate('pim.access.roles_help')}
      />
    </ReferenceArrayInput>
  );
};

const UsuarioEditForm = () => {
  const record = useRecordContext();
  const onSubmit = useLinkedEditSubmit(usuarios, useRolesLink());
  const withIds = useMemo(
    () => (record ? { ...record, [ROLES_KEY]: idsOf(record.roles) } : undefined),
    [record],
  );
  if (!withIds) return null;
  return (
    <AccessForm schema={usuarios} mode="edit" record={withIds} onSubmit={onSubmit} omit={[PASSWORD]}>
      <PasswordInput
        source={PASSWORD}
        label="Nueva contraseña"
        helperText="Déjela vacía para mantener la contraseña actual."
        autoComplete="new-password"
      />
      <RolesInput />
    </AccessForm>
  );
};

export const UsuarioEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    queryOptions={{ meta: INCLUDE_ROLES, ...useCompanyGuard(usuarios) }}
    transform={(data: Record<string, unknown>) => withoutEmptyPassword(withoutReadOnly(usuarios, data))}
  >
    <UsuarioEditForm />
  </Edit>
);

export const UsuarioCreate = () => {
  const { transform, mutationOptions } = useLinkedCreate(usuarios, useRolesLink());
  return (
    <Create
      transform={(data: Record<string, unknown>) =>
        withoutEmptyPassword(withoutReadOnly(usuarios, transform(data)))
      }
      mutationOptions={mutationOptions}
    >
      <UsuarioCreateFormBody />
    </Create>
  );
};

const UsuarioCreateFormBody = () => {
  const onSubmit = useSchemaSubmit(usuarios);
  return (
    <AccessForm schema={usuarios} mode="create" onSubmit={onSubmit} omit={[PASSWORD]}>
      <PasswordInput source={PASSWORD} label="Contraseña" autoComplete="new-password" />
      <RolesInput />
    </AccessForm>
  );
};
