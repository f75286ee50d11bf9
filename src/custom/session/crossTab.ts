/**
 * Logout in one tab logs out every tab (docs/requirements.md#r4-states, issue 3): logging out clears localStorage, which other tabs see
 * as a `storage` event (key null for clear(), or the access token removed). Pure predicate + listener.
 */
import { ACCESS_TOKEN_KEY } from '../../authProvider/session';

export interface StorageChange {
  key: string | null;
  newValue: string | null;
}

/** True when another tab ended the session: storage cleared, or the access token removed. */
export const sessionEndedElsewhere = (change: StorageChange, tokenNow: string | null): boolean =>
  (change.key === null || (change.key === ACCESS_TOKEN_KEY && change.newValue === null)) && !tokenNow;

/** Calls `onEnded` once when another tab ends the session; returns the unsubscribe function. */
export const watchSessionEnd = (
  onEnded: () => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  readToken: () => string | null = () => localStorage.getItem(ACCESS_TOKEN_KEY),
): (() => void) => {
  let done = false;
  const listener = (event: StorageEvent) => {
    if (done || !sessionEndedElsewhere(event, readToken())) return;
    done = true;
    onEnded();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
};
