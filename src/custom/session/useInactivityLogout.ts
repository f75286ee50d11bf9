/**
 * Runs the inactivity timer (react-idle-timer): activity resets it; with `crossTab`, activity in any tab of the
 * app keeps every tab alive (timers synced over a BroadcastChannel) and the timeout fires in all tabs together.
 * On expiry `onNotice` runs at once and `onExpire` `noticeMs` later (spec: notice for 5 s, then logout).
 * With `warnMs`, `onWarn` runs that long before expiry (in every tab: the timers are synced); from then on only
 * `stay()` keeps the session (it restarts the timer in every tab, which then call `onActive`).
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
  /** How long before expiry `onWarn` runs (0: no warning). At most half the timeout. */
  warnMs?: number;
  onWarn?(): void;
  /** The timer restarted after a warning (here or in another tab). */
  onActive?(): void;
}

export interface InactivityControls {
  /** Keeps the session: restarts the timer here and in the other tabs. */
  stay(): void;
  /** Milliseconds left before expiry. */
  remainingMs(): number;
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
  warnMs = 0,
  onWarn,
  onActive,
}: InactivityOptions): InactivityControls => {
  const expiring = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onNotice, onExpire, onWarn, onActive });
  useEffect(() => {
    callbacks.current = { onNotice, onExpire, onWarn, onActive };
  }, [onNotice, onExpire, onWarn, onActive]);

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

  const timer = useIdleTimer({
    timeout: timeoutMs,
    promptBeforeIdle: Math.max(0, Math.min(warnMs, Math.floor(timeoutMs / 2))),
    onPrompt: () => callbacks.current.onWarn?.(),
    onActive: () => callbacks.current.onActive?.(),
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
  const { activate, getRemainingTime } = timer;
  const stay = useCallback(() => {
    activate();
  }, [activate]);
  return { stay, remainingMs: getRemainingTime };
};
