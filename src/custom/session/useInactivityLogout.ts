/**
 * Runs the inactivity timer (react-idle-timer): activity resets it; with `crossTab`, activity in any tab of the
 * app keeps every tab alive (timers synced over a BroadcastChannel) and the timeout fires in all tabs together.
 * On expiry `onNotice` runs at once and `onExpire` `noticeMs` later (spec: notice for 5 s, then logout).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useIdleTimer, type ITimers } from 'react-idle-timer';
import { ACTIVITY_EVENTS, INACTIVITY_NOTICE_MS } from '../../core/inactivity';

export interface InactivityOptions {
  timeoutMs: number;
  onNotice(): void;
  onExpire(): void;
  noticeMs?: number;
  /** Share activity and expiry with the other tabs (default true). */
  crossTab?: boolean;
  /** The timer stays off while true (e.g. until the timeout is known). */
  disabled?: boolean;
}

export const INACTIVITY_CHANNEL = 'pim-inactividad';

/**
 * Timers looked up when called: react-idle-timer binds the page's setTimeout when it loads, which would escape
 * test clocks (vi.useFakeTimers) installed later. Behaviour in the browser is the same.
 */
const lateBoundTimers: ITimers = {
  setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms) as unknown as number,
  clearTimeout: (id) => globalThis.clearTimeout(id),
  setInterval: (handler, ms) => globalThis.setInterval(handler, ms) as unknown as number,
  clearInterval: (id) => globalThis.clearInterval(id),
};
/** How often activity is broadcast to the other tabs. */
export const CROSS_TAB_SYNC_MS = 1000;

export const useInactivityLogout = ({
  timeoutMs,
  onNotice,
  onExpire,
  noticeMs = INACTIVITY_NOTICE_MS,
  crossTab = true,
  disabled = false,
}: InactivityOptions): void => {
  const expiring = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onNotice, onExpire });
  useEffect(() => {
    callbacks.current = { onNotice, onExpire };
  }, [onNotice, onExpire]);

  const onIdle = useCallback(() => {
    if (expiring.current !== null) return; // already closing: one notice, one logout
    callbacks.current.onNotice();
    expiring.current = setTimeout(() => callbacks.current.onExpire(), noticeMs);
  }, [noticeMs]);

  useEffect(
    () => () => {
      if (expiring.current !== null) clearTimeout(expiring.current);
    },
    [],
  );

  useIdleTimer({
    timeout: timeoutMs,
    onIdle,
    events: [...ACTIVITY_EVENTS],
    eventsThrottle: 200,
    crossTab,
    name: INACTIVITY_CHANNEL,
    syncTimers: crossTab ? CROSS_TAB_SYNC_MS : 0,
    stopOnIdle: true,
    disabled,
    timers: lateBoundTimers,
  });
};
