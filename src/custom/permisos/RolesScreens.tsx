/**
 * Roles (docs/requirements.md#r6-roles): create and edit show the role's permisos as a checklist grouped by module, saved through
 * PUT /roles/{id}/permisos together with the role (one Guardar). The list stays the generic one.
 */
import { useMemo } from 'react';
import { Create, Edit, useRecordContext } from 'react-admin';
import { withoutReadOnly } from '../../resources/generic/fieldSets';
import { useSchemaSubmit } from '../../resources/generic/useSchemaSubmit';
import { roles } from '../../resources/roles/schema';
import { AccessForm } from './AccessForm';
import { useAccessApi } from './api';
import { idsOf } from './links';
import { PermisosChecklist } from './PermisosChecklist';
import { useLinkedCreate, useLinkedEditSubmit, type LinkSpec } from './useLinkedSave';

const INCLUDE_PERMISOS = { include: ['permisos'] };
const PERMISOS_KEY = 'permisoIds';

const usePermisosLink = (): LinkSpec => {
  const api = useAccessApi();
  return useMemo(
    () => ({ key: PERMISOS_KEY, relation: 'permisos', save: (id, ids) => api.setRolPermisos(id, ids) }),
    [api],
  );
};

const RolEditForm = () => {
  const record = useRecordContext();
  const onSubmit = useLinkedEditSubmit(roles, usePermisosLink());
  const withIds = useMemo(
    () => (record ? { ...record, [PERMISOS_KEY]: idsOf(record.permisos) } : undefined),
    [record],
  );
  if (!withIds) return null;
  return (
    <AccessForm schema={roles} mode="edit" record={withIds} onSubmit={onSubmit}>
      <PermisosChecklist source={PERMISOS_KEY} />
    </AccessForm>
  );
};

export const RolEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    queryOptions={{ meta: INCLUDE_PERMISOS }}
    transform={(data: Record<string, unknown>) => withoutReadOnly(roles, data)}
  >
    <RolEditForm />
  </Edit>
);

const RolCreateForm = () => {
  const onSubmit = useSchemaSubmit(roles);
  return (
    <AccessForm schema={roles} mode="create" onSubmit={onSubmit}>
      <PermisosChecklist source={PERMISOS_KEY} />
    </AccessForm>
  );
};

export const RolCreate = () => {
  const { transform, mutationOptions } = useLinkedCreate(roles, usePermisosLink());
  return (
    <Create
      transform={(data: Record<string, unknown>) => withoutReadOnly(roles, transform(data))}
      mutationOptions={mutationOptions}
    >
      <RolCreateForm />
    </Create>
  );
};
