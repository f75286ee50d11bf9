/**
 * Renders its children in a second, interruptible pass right after the first one (React's deferred value):
 * what the opening screen needs first (the list and its query) commits, and its requests leave, without
 * waiting for the parts rendered here (the menu, a list's toolbar); an update of the first part (e.g. the
 * list's data arriving) still goes before this pass.
 */
import { useDeferredValue, type ReactNode } from 'react';

export const AfterFirstRender = ({ children }: { children: ReactNode }) => {
  const rendered = useDeferredValue(true, false);
  return rendered ? children : null;
};
