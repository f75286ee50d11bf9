/**
 * The hash router the app runs in, with navigations applied at once (not as React transitions).
 *
 * Without a router around it, react-admin creates a hash router itself, and react-router 7 applies every
 * navigation inside `startTransition`. Signed out, react-admin's logout navigates to the login page and clears the
 * query cache in the same tick: the cache reset re-renders the signed-out routes urgently, which restarts the
 * pending transition and logs out again — thousands of `#/login` pushes and seconds of blank page before the login
 * form finally shows. Applied synchronously, the first navigation lands on the login page.
 *
 * Opened with no session (`signInFirst`), the router goes to the login page before anything renders, with the
 * asked-for route in the location's state as react-admin's logout puts it (`nextPathname`, `nextSearch`), so
 * signing in goes back there. The protected route is then never rendered only to find out that nobody is
 * signed in and navigate away from it.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createHashRouter, RouterProvider, useInRouterContext } from 'react-router-dom';

const AppTree = createContext<ReactNode>(null);

/** The route's element reads the tree from context, so a re-rendered app reaches the router created once. */
const CurrentTree = () => <>{useContext(AppTree)}</>;

/** react-admin's login route. */
const LOGIN_PATH = '/login';

interface AppRouterProps {
  children: ReactNode;
  /** No session: open the login page first, keeping the asked-for route to go back to after signing in. */
  signInFirst?: boolean;
}

const OwnHashRouter = ({ children, signInFirst }: AppRouterProps) => {
  const [router] = useState(() => {
    const created = createHashRouter([{ path: '*', element: <CurrentTree /> }]);
    const { pathname, search } = created.state.location;
    if (signInFirst && pathname !== LOGIN_PATH) {
      void created.navigate(LOGIN_PATH, { state: { nextPathname: pathname, nextSearch: search } });
    }
    return created;
  });
  return (
    <AppTree.Provider value={children}>
      <RouterProvider router={router} useTransitions={false} />
    </AppTree.Provider>
  );
};

/** Inside an existing router (tests with a MemoryRouter) the children use that one. */
export const AppRouter = ({ children, signInFirst }: AppRouterProps) =>
  useInRouterContext() ? (
    <>{children}</>
  ) : (
    <OwnHashRouter signInFirst={signInFirst}>{children}</OwnHashRouter>
  );
