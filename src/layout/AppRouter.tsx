/**
 * The hash router the app runs in, with navigations applied at once (not as React transitions).
 *
 * Without a router around it, react-admin creates a hash router itself, and react-router 7 applies every
 * navigation inside `startTransition`. Signed out, react-admin's logout navigates to the login page and clears the
 * query cache in the same tick: the cache reset re-renders the signed-out routes urgently, which restarts the
 * pending transition and logs out again — thousands of `#/login` pushes and seconds of blank page before the login
 * form finally shows. Applied synchronously, the first navigation lands on the login page.
 *
 * (Opened with no session, the app is not rendered at all: src/login/startSignedOut.tsx shows the login form.)
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createHashRouter, RouterProvider, useInRouterContext } from 'react-router-dom';

const AppTree = createContext<ReactNode>(null);

/** The route's element reads the tree from context, so a re-rendered app reaches the router created once. */
const CurrentTree = () => <>{useContext(AppTree)}</>;

interface AppRouterProps {
  children: ReactNode;
}

const OwnHashRouter = ({ children }: AppRouterProps) => {
  const [router] = useState(() => createHashRouter([{ path: '*', element: <CurrentTree /> }]));
  return (
    <AppTree.Provider value={children}>
      <RouterProvider router={router} useTransitions={false} />
    </AppTree.Provider>
  );
};

/** Inside an existing router (tests with a MemoryRouter) the children use that one. */
export const AppRouter = ({ children }: AppRouterProps) =>
  useInRouterContext() ? <>{children}</> : <OwnHashRouter>{children}</OwnHashRouter>;
