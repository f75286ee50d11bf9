/**
 * Session inactivity rules (docs/requirements.md#r4-states Session, #r9-constants): the timeout in minutes comes from `minutosCierreSesion` of the
 * selected company's global parameters (default 5); a local storage value `tiempoDeEsperaInactividad` (minutes)
 * overrides it. On expiry an info notice shows for 5 s, then the user is logged out. Pure.
 */

export const INACTIVITY_TITLE = 'Sesión cerrada por inactividad';
export const INACTIVITY_TEXT = 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.';
export const INACTIVITY_NOTICE_MS = 5000;
export const DEFAULT_INACTIVITY_MINUTES = 5;
export const INACTIVITY_OVERRIDE_KEY = 'tiempoDeEsperaInactividad';

/** Activity that resets the timer: mouse move, key press, scroll (wheel/touch included) and click. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'keydown',
  'scroll',
  'wheel',
  'touchmove',
  'mousedown',
  'click',
  'touchstart',
] as const;

/** Browsers' timers hold at most 2^31-1 ms (about 24.8 days): longer values are capped. */
export const MAX_INACTIVITY_MINUTES = 35_000;

/** A positive number of minutes from a number or a numeric string (decimal comma accepted), else undefined. */
export const positiveMinutes = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim().replace(',', '.'))
        : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_INACTIVITY_MINUTES) : undefined;
};

/** The effective timeout in minutes: a valid override wins, then minutosCierreSesion, then 5. */
export const inactivityMinutes = (minutosCierreSesion: unknown, override?: unknown): number =>
  positiveMinutes(override) ?? positiveMinutes(minutosCierreSesion) ?? DEFAULT_INACTIVITY_MINUTES;

export const inactivityTimeoutMs = (minutosCierreSesion: unknown, override?: unknown): number =>
  Math.round(inactivityMinutes(minutosCierreSesion, override) * 60_000);
