/**
 * Saving a record together with its links (a user's roles, a role's permisos): the links go through their own
 * endpoint (PUT …/roles or …/permisos) and the record through the Create/Edit controller, from ONE Guardar.
 * A failure keeps the form as typed, with the message on the link input.
 */
import { useCallback, useRef } from 'react';
import {
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { serverErrorMessage } from '../../resources/generic/serverErrors';
import { useSchemaSubmit } from '../../resources/generic/useSchemaSubmit';
import type { ResourceSchema } from '../../resources/types';
import { idsOf, normalizeIds, sameIds, withoutLinks } from './links';

export interface LinkSpec {
  /** The form value holding the ids ('rolIds'). */
  key: string;
  /** The included relation of the record ('roles'). */
  relation: string;
  save(id: Identifier, ids: readonly number[]): Promise<void>;
}

const useLinkError = () => {
  const notify = useNotify();
  return useCallback(
    (error: unknown): string => {
      const message = serverErrorMessage(error);
      notify('pim.access.save_error', { type: 'error', messageArgs: { message } });
      return message;
    },
    [notify],
  );
};

/** Edit: PUT the links when they changed, then save the record's own fields. */
export const useLinkedEditSubmit = (schema: ResourceSchema, link: LinkSpec) => {
  const record = useRecordContext();
  const submit = useSchemaSubmit(schema);
  const linkError = useLinkError();
  return useCallback(
    async (values: Record<string, unknown>) => {
      const wanted = normalizeIds(values[link.key]);
      if (record && !sameIds(wanted, idsOf(record[link.relation]))) {
        try {
          await link.save(record.id, wanted);
        } catch (error) {
          return { [link.key]: linkError(error) };
        }
      }
      return submit(withoutLinks(values, [link.key, link.relation]));
    },
    [link, linkError, record, submit],
  );
};

/**
 * Create: the transform keeps the chosen ids aside; once the record exists its links are saved, then the
 * usual toast and the list. If the links fail, the new record opens in edit with the message.
 */
export const useLinkedCreate = (schema: ResourceSchema, link: LinkSpec) => {
  const pending = useRef<number[]>([]);
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const linkError = useLinkError();
  const transform = useCallback(
    (data: Record<string, unknown>) => {
      pending.current = normalizeIds(data[link.key]);
      return withoutLinks(data, [link.key, link.relation]);
    },
    [link],
  );
  const onSuccess = useCallback(
    async (created: RaRecord) => {
      if (pending.current.length > 0) {
        try {
          await link.save(created.id, pending.current);
        } catch (error) {
          linkError(error);
          redirect('edit', schema.name, created.id);
          return;
        }
      }
      notify(`resources.${schema.name}.notifications.created`, {
        type: 'info',
        messageArgs: { smart_count: 1, _: translate('ra.notification.created', { smart_count: 1 }) },
      });
      redirect('list', schema.name);
    },
    [link, linkError, notify, redirect, schema.name, translate],
  );
  return { transform, mutationOptions: { onSuccess } };
};
