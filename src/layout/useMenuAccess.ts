/**
 * The menu's access checks in one pass. With an authProvider that answers from stored rules synchronously
 * (`canAccessSync`), every entry is decided in the first render — no query per entry, each settling as its own
 * task and re-rendering the menu. Other authProviders are asked once for all entries together. Without an
 * authProvider everything is open.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuthProvider, type AuthProvider } from 'react-admin';

export interface MenuEntryAccess {
  key: string;
  action: string;
  resource: string;
}

type SyncCheck = (request: { action: string; resource: string }) => boolean;

const allowAll: SyncCheck = () => true;

const syncCheck = (authProvider: AuthProvider | undefined): SyncCheck | undefined => {
  if (!authProvider || typeof authProvider.canAccess !== 'function') return allowAll;
  const candidate: unknown = authProvider.canAccessSync;
  return typeof candidate === 'function' ? (candidate as SyncCheck) : undefined;
};

/** The keys of the allowed entries; undefined while an asynchronous authProvider has not answered. */
export const useMenuAccess = (entries: readonly MenuEntryAccess[]): ReadonlySet<string> | undefined => {
  const authProvider = useAuthProvider();
  const check = syncCheck(authProvider);
  const now = useMemo(
    () => (check ? new Set(entries.filter((entry) => check(entry)).map((entry) => entry.key)) : undefined),
    [check, entries],
  );
  const asked = useQuery({
    queryKey: ['auth', 'canAccess', 'pim-menu', entries],
    queryFn: async () => {
      const allowed = await Promise.all(
        entries.map((entry) =>
          Promise.resolve(
            authProvider?.canAccess?.({ action: entry.action, resource: entry.resource }),
          ).catch(() => false),
        ),
      );
      return new Set(entries.filter((_, index) => allowed[index]).map((entry) => entry.key));
    },
    enabled: now === undefined,
  });
  return now ?? asked.data;
};
