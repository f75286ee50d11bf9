/**
 * A check a bespoke screen can run after the generic form has saved (src/resources/<folder>/views.tsx), e.g.
 * whether the ERP accepted a product per range. It gets the saved record; a Spanish message it returns is
 * shown as a warning INSTEAD of the success toast (the record is saved, but something the person must know
 * went wrong); undefined keeps the schema's success toast. Then the form goes where it would have gone.
 */
import { useMemo } from 'react';
import { useNotify, useRedirect, useTranslate, type RaRecord, type RedirectionSideEffect } from 'react-admin';
import type { ResourceSchema } from '../types';

export type SavedNotice = (record: RaRecord) => Promise<string | undefined>;

/** A hook returning the check (it may use react-admin hooks: data provider…). */
export type UseSavedNotice = (schema: ResourceSchema) => SavedNotice;

/** How long a warning after a save stays on screen (longer than a success toast: it asks for action). */
export const SAVED_WARNING_MS = 10_000;

const noNotice = (): SavedNotice | undefined => undefined;

/**
 * The Create/Edit `mutationOptions` running the screen's after-save check (undefined without one: react-admin's
 * own success toast and redirect).
 */
export const useSavedNoticeOptions = (
  schema: ResourceSchema,
  kind: 'created' | 'updated',
  redirectTo: RedirectionSideEffect,
  useSavedNotice?: UseSavedNotice,
) => {
  const notice = (useSavedNotice ?? noNotice)(schema);
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return useMemo(() => {
    if (!notice) return undefined;
    return {
      onSuccess: async (data: RaRecord) => {
        // a failing check must not hide that the save itself worked.
        const warning = await notice(data).catch(() => undefined);
        if (warning) {
          notify(warning, {
            type: 'warning',
            messageArgs: { _: warning },
            autoHideDuration: SAVED_WARNING_MS,
          });
        } else {
          notify(`resources.${schema.name}.notifications.${kind}`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate(`ra.notification.${kind}`, { smart_count: 1 }) },
          });
        }
        redirect(redirectTo, schema.name, data.id, data);
      },
    };
  }, [kind, notice, notify, redirect, redirectTo, schema.name, translate]);
};
