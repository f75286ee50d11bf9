/**
 * Where the login page is and where signing in goes back to, in the hash router's terms. The route asked for is
 * kept in the history entry's state as react-admin's logout and react-router keep it (`{ usr: { nextPathname,
 * nextSearch } }`), so the app's own login page (react-admin's `useLogin`) reads it the same way, and a reload
 * of the login page still knows where to go. Pure: the history and the location are passed in.
 */

/** react-admin's login route. */
export const LOGIN_PATH = '/login';

export interface Route {
  pathname: string;
  search: string;
}

interface NextRoute {
  nextPathname?: unknown;
  nextSearch?: unknown;
}

/** The route a hash names: `#/productos/5?x=1` → `/productos/5` and `?x=1`; an empty hash is the home route. */
export const routeOfHash = (hash: string): Route => {
  const path = hash.replace(/^#/, '') || '/';
  const query = path.indexOf('?');
  const pathname = query < 0 ? path : path.slice(0, query);
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: query < 0 ? '' : path.slice(query),
  };
};

/** The route kept in a history entry's state by react-router (`usr`) as react-admin's logout writes it. */
export const keptRoute = (state: unknown): Route | undefined => {
  const usr = (state as { usr?: NextRoute } | null | undefined)?.usr;
  if (!usr || typeof usr.nextPathname !== 'string' || !usr.nextPathname.startsWith('/')) return undefined;
  return { pathname: usr.nextPathname, search: typeof usr.nextSearch === 'string' ? usr.nextSearch : '' };
};

type HistoryLike = Pick<History, 'state' | 'replaceState'>;

const entryKey = (): string => Math.random().toString(36).slice(2, 10);

/**
 * Signed out at `hash`: the address becomes the login page's (one redirect, in place: the history keeps one entry
 * for the visit, so that after signing in Back leaves it instead of showing the login form or the same page
 * again) and says where signing in returns to. Already on the login page: the route its entry keeps, else home.
 */
export const goToLogin = (history: HistoryLike, hash: string): Route => {
  const asked = routeOfHash(hash);
  if (asked.pathname === LOGIN_PATH) return keptRoute(history.state) ?? { pathname: '/', search: '' };
  const state = { usr: { nextPathname: asked.pathname, nextSearch: asked.search }, key: entryKey() };
  history.replaceState(state, '', `#${LOGIN_PATH}`);
  return asked;
};

/** Signed in: the login page's entry becomes the route asked for. */
export const leaveLogin = (history: HistoryLike, to: Route): void => {
  history.replaceState(null, '', `#${to.pathname}${to.search}`);
};
