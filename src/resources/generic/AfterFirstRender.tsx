/**
 * Renders its children in a second, interruptible pass (React's deferred value) after the first one: what the
 * opening screen needs first (the list and its query) commits, and its requests leave, without waiting for the
 * parts rendered here (the menu, the app bar's selectors, a list's filters); an update of the first part (e.g. the
 * list's data arriving) still goes before this pass.
 *
 * The app's opening (an OpeningGate, src/appStart.tsx) can hold this pass back while the opened list loads its
 * first page, so that it neither delays the first rows nor is thrown away half-done when they come: the app
 * started on a list waits for that list (at most a time limit), and a list loading its first page during the
 * opening holds it too. The opening ends when this pass first shows; later lists hold nothing back.
 */
import {
  createContext,
  useContext,
  useDeferredValue,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

export interface OpeningGate {
  subscribe: (listener: () => void) => () => void;
  /** Whether the second pass waits. */
  held: () => boolean;
  /** Holds it until the returned release is called; nothing once the opening is over. */
  hold: () => () => void;
  /** A list has shown its first page: the start's wait for a list is over. */
  listShown: () => void;
  /** The second pass has shown: the opening is over. */
  end: () => void;
}

/** `waitForListMs`: the app starts on a list; the second pass waits for its first page, at most this long. */
export const createOpeningGate = ({ waitForListMs }: { waitForListMs?: number }): OpeningGate => {
  let holds = 0;
  let over = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const hold = () => {
    if (over) return () => undefined;
    holds += 1;
    notify();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds -= 1;
      notify();
    };
  };
  // the start's wait for a list: released by its first page or at the time limit
  const releaseStart = waitForListMs === undefined ? undefined : hold();
  const timer = releaseStart && setTimeout(releaseStart, waitForListMs);
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    held: () => holds > 0 && !over,
    hold,
    listShown: () => {
      clearTimeout(timer);
      releaseStart?.();
    },
    end: () => {
      over = true;
    },
  };
};

/** Without a gate (component tests, a screen rendered alone) the second pass follows the first render. */
const NO_GATE: OpeningGate = {
  subscribe: () => () => undefined,
  held: () => false,
  hold: () => () => undefined,
  listShown: () => undefined,
  end: () => undefined,
};

const OpeningGateContext = createContext<OpeningGate | undefined>(undefined);
export const OpeningGateProvider = OpeningGateContext.Provider;

/** While `loading` during the app's opening, the second pass waits (a list's first page on its way). */
export const useHoldOpening = (loading: boolean): void => {
  const gate = useContext(OpeningGateContext) ?? NO_GATE;
  useEffect(() => {
    if (!loading) {
      gate.listShown();
      return undefined;
    }
    return gate.hold();
  }, [gate, loading]);
};

/** False in the first pass (and while the opening holds it back), true in the deferred pass after it. */
export const useAfterFirstRender = (): boolean => {
  const gate = useContext(OpeningGateContext) ?? NO_GATE;
  const waiting = useSyncExternalStore(gate.subscribe, gate.held, gate.held);
  const after = useDeferredValue(!waiting, false);
  useEffect(() => {
    if (after) gate.end();
  }, [after, gate]);
  return after;
};

/** `fallback` holds the place meanwhile (e.g. an empty box of the same size, so nothing moves when they come). */
export const AfterFirstRender = ({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) => (useAfterFirstRender() ? children : fallback);
