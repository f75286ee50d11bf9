/**
 * A component whose code loads on first use (React.lazy), but that renders at once, without suspending, when
 * its code has already arrived (the app preloads the opened route's screen, src/resources/routeScreen.ts): a
 * suspended screen is revealed only after React's fallback throttle (up to 300 ms), and costs a render more.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface OnDemandComponent<P extends object> {
  Component: ComponentType<P>;
  /** Loads the code (once; later calls share it) and keeps the component for the next render. */
  load: () => Promise<ComponentType<P>>;
}

export const onDemandComponent = <P extends object>(
  load: () => Promise<ComponentType<P>>,
): OnDemandComponent<P> => {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadAndKeep = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed load is tried again by the next render
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => loadAndKeep().then((component) => ({ default: component })));
  const Component = (props: P) => {
    // chosen once per mount: switching from the lazy wrapper to the loaded component would remount the screen
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Screen, props);
  };
  return { Component, load: loadAndKeep };
};
