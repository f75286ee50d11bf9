/**
 * docs/requirements.md#r4-states "Deleting an integration template reloads the page" (schema `reloadOnDelete`): after a successful
 * delete (edit form or bulk delete), the app goes back to the list and the page reloads. The success toast
 * would die with the page, so it is kept in sessionStorage and shown by the list once the page is back
 * (usePendingNotice, called by GenericList).
 */
import { useEffect, useMemo } from 'react';
import { useCreatePath, useNotify, useTranslate, useUnselectAll } from 'react-admin';
import type { ResourceSchema } from '../types';

/** The page reload (an object, so a test can observe it: jsdom cannot reload). */
export const page = {
  reload: (): void => window.location.reload(),
};

export const reloadToList = (listPath: string): void => {
  window.location.hash = `#${listPath}`;
  page.reload();
};

/** The i18n key of a bulk delete's toast: 'singular |||| plural' with smart_count (resourceMessages.ts). */
export const bulkDeletedMessage = (resource: string): string =>
  `resources.${resource}.notifications.deletedMany`;

/** A toast to show after the page reloads. */
export interface PendingNotice {
  /** An i18n key (or a text). */
  message: string;
  smartCount: number;
}

export const PENDING_NOTICE_KEY = 'pim.noticeAfterReload';

/** Keeps a toast for after the reload (sessionStorage: this tab only; lost quietly if storage is off). */
export const keepNoticeForReload = (notice: PendingNotice): void => {
  try {
    window.sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // storage unavailable: the delete still happened, only its toast is lost.
  }
};

/** The toast kept before the reload, removed from storage (undefined when there is none or it is unreadable). */
export const takeNoticeAfterReload = (): PendingNotice | undefined => {
  try {
    const text = window.sessionStorage.getItem(PENDING_NOTICE_KEY);
    if (text === null) return undefined;
    window.sessionStorage.removeItem(PENDING_NOTICE_KEY);
    const value = JSON.parse(text) as Partial<PendingNotice>;
    return typeof value.message === 'string' && typeof value.smartCount === 'number'
      ? { message: value.message, smartCount: value.smartCount }
      : undefined;
  } catch {
    return undefined;
  }
};

/** Shows, once, the toast kept before a reload. */
export const usePendingNotice = (): void => {
  const notify = useNotify();
  const translate = useTranslate();
  useEffect(() => {
    const notice = takeNoticeAfterReload();
    if (!notice) return;
    notify(notice.message, {
      type: 'info',
      messageArgs: {
        smart_count: notice.smartCount,
        _: translate('ra.notification.deleted', { smart_count: notice.smartCount }),
      },
    });
  }, [notify, translate]);
};

/**
 * The delete buttons' mutationOptions for the schema (undefined: react-admin's defaults). `kind` says which
 * button: one record (edit form) or the list's bulk delete.
 */
export const useDeleteSideEffects = (schema: ResourceSchema | undefined, kind: 'one' | 'many' = 'one') => {
  const createPath = useCreatePath();
  const unselectAll = useUnselectAll(schema?.name ?? '');
  return useMemo(() => {
    if (!schema?.reloadOnDelete) return undefined;
    return {
      onSuccess: (_data: unknown, variables: unknown) => {
        const ids = (variables as { ids?: readonly unknown[] } | undefined)?.ids;
        const smartCount = kind === 'many' ? (ids?.length ?? 1) : 1;
        keepNoticeForReload({
          message:
            kind === 'many'
              ? bulkDeletedMessage(schema.name)
              : `resources.${schema.name}.notifications.deleted`,
          smartCount,
        });
        // the selection is kept in the store: the deleted rows must not come back selected.
        if (kind === 'many') unselectAll();
        reloadToList(createPath({ resource: schema.name, type: 'list' }));
      },
    };
  }, [createPath, kind, schema, unselectAll]);
};
