/**
 * react-admin's query client, with its auth queries starting as answered when the authProvider can decide them
 * from what is stored (`checkAuthSync`, `canAccessSync`): the session check that gates the layout and a screen's
 * access check (`['auth', 'canAccess', {action, resource}]`, no record). Without it, a list's own query waits
 * for both, each settling in a task of its own and re-rendering the whole screen before the next may start.
 * These answers are the authProvider's own (`checkAuthSync` and `canAccessSync` decide as `checkAuth` and
 * `canAccess` do, from the same stored session and rules), so they are kept fresh: asking again at once would
 * change nothing but re-render the whole layout twice (react-admin's session check sits above it). A logout
 * clears them with the rest of the query cache.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';

type SyncCheckAuth = () => boolean;
type SyncCanAccess = (request: { action: string; resource: string }) => boolean;

const syncMethod = <T>(authProvider: AuthProvider, name: string): T | undefined => {
  const candidate: unknown = authProvider[name];
  return typeof candidate === 'function' ? (candidate as T) : undefined;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored answer to one of react-admin's auth queries, or undefined when it must be asked as usual. */
export const storedAuthAnswer = (authProvider: AuthProvider, queryKey: QueryKey): boolean | undefined => {
  const [scope, kind, params] = queryKey;
  if (scope !== 'auth') return undefined;
  // only within a valid stored session; without one, react-admin's way to the login page as usual
  if (!syncMethod<SyncCheckAuth>(authProvider, 'checkAuthSync')?.()) return undefined;
  if (kind === 'checkAuth') return true;
  if (kind !== 'canAccess' || !isRecord(params)) return undefined;
  // the key also holds the query's options (react-admin's list puts `enabled` there); a record's access may
  // depend on the record: asked as usual
  const { action, resource, recordId } = params;
  if (typeof action !== 'string' || typeof resource !== 'string' || recordId !== undefined) return undefined;
  return syncMethod<SyncCanAccess>(authProvider, 'canAccessSync')?.({ action, resource });
};

export class AuthAnsweringQueryClient extends QueryClient {
  readonly #authProvider: AuthProvider;

  constructor(authProvider: AuthProvider) {
    super();
    this.#authProvider = authProvider;
  }

  override getQueryDefaults(queryKey: QueryKey): ReturnType<QueryClient['getQueryDefaults']> {
    const defaults = super.getQueryDefaults(queryKey);
    const answer = storedAuthAnswer(this.#authProvider, queryKey);
    return answer === undefined ? defaults : { ...defaults, initialData: answer, staleTime: Infinity };
  }
}
