import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENTS,
  DEFAULT_INACTIVITY_MINUTES,
  INACTIVITY_NOTICE_MS,
  INACTIVITY_TEXT,
  INACTIVITY_TITLE,
  inactivityMinutes,
  inactivityTimeoutMs,
  positiveMinutes,
} from '../../src/core/inactivity';
import { useInactivityLogout } from '../../src/custom/session/useInactivityLogout';

const MINUTE = 60_000;

describe('inactivity timeout (docs/requirements.md#r4-states, #r9-constants)', () => {
  it('uses the literal Spanish notice and shows it 5 s', () => {
    expect(INACTIVITY_TITLE).toBe('Sesión cerrada por inactividad');
    expect(INACTIVITY_TEXT).toBe('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.');
    expect(INACTIVITY_NOTICE_MS).toBe(5000);
  });

  it('defaults to 5 minutes when minutosCierreSesion is missing or unusable', () => {
    expect(DEFAULT_INACTIVITY_MINUTES).toBe(5);
    for (const value of [undefined, null, 0, -3, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(inactivityMinutes(value)).toBe(5);
    }
    expect(inactivityTimeoutMs(undefined)).toBe(5 * MINUTE);
  });

  it('takes minutosCierreSesion of the company', () => {
    expect(inactivityMinutes(10)).toBe(10);
    expect(inactivityMinutes('15')).toBe(15);
    expect(inactivityTimeoutMs(10)).toBe(10 * MINUTE);
  });

  it('local storage tiempoDeEsperaInactividad (minutes) overrides it; an invalid override is ignored', () => {
    expect(inactivityMinutes(10, '2')).toBe(2);
    expect(inactivityMinutes(10, '0,5')).toBe(0.5);
    expect(inactivityTimeoutMs(10, '0.5')).toBe(30_000);
    expect(inactivityMinutes(10, 'nunca')).toBe(10);
    expect(inactivityMinutes(10, '0')).toBe(10);
    expect(inactivityMinutes(undefined, '-1')).toBe(5);
    expect(inactivityMinutes(10, null)).toBe(10);
  });

  it('caps absurd values so the timer still fits a browser timeout', () => {
    expect(inactivityTimeoutMs(1e12)).toBeLessThan(2 ** 31 - 1);
    expect(positiveMinutes('1e12')).toBeLessThanOrEqual(35_000);
  });

  it('activity means mouse move, key press, scroll and click', () => {
    for (const event of ['mousemove', 'keydown', 'scroll', 'click']) expect(ACTIVITY_EVENTS).toContain(event);
  });
});

describe('useInactivityLogout with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (timeoutMs = 5 * MINUTE) => {
    const onNotice = vi.fn();
    const onExpire = vi.fn();
    const hook = renderHook(() => useInactivityLogout({ timeoutMs, onNotice, onExpire, crossTab: false }));
    return { onNotice, onExpire, ...hook };
  };

  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('after the timeout: the notice at once, the logout 5 s later, each once', () => {
    const { onNotice, onExpire } = start();
    advance(5 * MINUTE - 1000);
    expect(onNotice).not.toHaveBeenCalled();
    advance(1000);
    expect(onNotice).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
    advance(INACTIVITY_NOTICE_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    advance(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    advance(30 * MINUTE);
    expect(onNotice).toHaveBeenCalledTimes(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['mouse move', () => fireEvent.mouseMove(document.body)],
    ['key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['scroll', () => fireEvent.scroll(document.body)],
    ['click', () => fireEvent.click(document.body)],
  ])('%s resets the timer', (_name, activity) => {
    const { onNotice, onExpire } = start();
    advance(4 * MINUTE);
    act(() => activity());
    advance(4 * MINUTE);
    expect(onNotice).not.toHaveBeenCalled();
    advance(MINUTE);
    expect(onNotice).toHaveBeenCalledTimes(1);
    advance(INACTIVITY_NOTICE_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('keeps working with activity every few minutes for an hour', () => {
    const { onNotice } = start();
    for (let minute = 0; minute < 60; minute += 3) {
      advance(3 * MINUTE);
      act(() => {
        fireEvent.mouseMove(document.body);
      });
    }
    expect(onNotice).not.toHaveBeenCalled();
  });

  it('follows a new timeout (another company or the override)', () => {
    const onNotice = vi.fn();
    const onExpire = vi.fn();
    const { rerender } = renderHook(
      ({ timeoutMs }) => useInactivityLogout({ timeoutMs, onNotice, onExpire, crossTab: false }),
      { initialProps: { timeoutMs: 5 * MINUTE } },
    );
    rerender({ timeoutMs: 10 * MINUTE });
    advance(9 * MINUTE);
    expect(onNotice).not.toHaveBeenCalled();
    advance(MINUTE);
    expect(onNotice).toHaveBeenCalledTimes(1);
  });

  it('unmounting (a manual logout) during the notice cancels the pending logout', () => {
    const { onNotice, onExpire, unmount } = start(MINUTE);
    advance(MINUTE);
    expect(onNotice).toHaveBeenCalledTimes(1);
    unmount();
    advance(INACTIVITY_NOTICE_MS * 2);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
