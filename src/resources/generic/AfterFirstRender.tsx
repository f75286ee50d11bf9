/**
 * Renders its children in a second, interruptible pass right after the first one (React's deferred value):
 * what the opening screen needs first (the list and its query) commits, and its requests leave, without
 * waiting for the parts rendered here (the menu, a list's toolbar); an update of the first part (e.g. the
 * list's data arriving) still goes before this pass.
 */
import { useDeferredValue, type ReactNode } from 'react';

/** False in the first pass, true in the deferred pass right after it (e.g. to send a query after the first one's). */
export const useAfterFirstRender = (): boolean => useDeferredValue(true, false);

/** `fallback` holds the place meanwhile (e.g. an empty box of the same size, so nothing moves when they come). */
export const AfterFirstRender = ({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) => (useAfterFirstRender() ? children : fallback);
