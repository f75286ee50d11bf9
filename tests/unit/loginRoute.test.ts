import { describe, expect, it } from 'vitest';
import { goToLogin, keptRoute, leaveLogin, routeOfHash } from '../../src/login/loginRoute';

/** A history that records what the code wrote to it. */
const fakeHistory = (state: unknown = null) => {
  const writes: { how: 'push' | 'replace'; state: unknown; url: string }[] = [];
  const history = {
    state,
    pushState(next: unknown, _unused: string, url?: string | URL | null) {
      writes.push({ how: 'push', state: next, url: String(url) });
      history.state = next;
    },
    replaceState(next: unknown, _unused: string, url?: string | URL | null) {
      writes.push({ how: 'replace', state: next, url: String(url) });
      history.state = next;
    },
  };
  return { history, writes };
};

describe('the login route', () => {
  it('reads the route of a hash', () => {
    expect(routeOfHash('')).toEqual({ pathname: '/', search: '' });
    expect(routeOfHash('#/')).toEqual({ pathname: '/', search: '' });
    expect(routeOfHash('#/productos/5?tab=2')).toEqual({ pathname: '/productos/5', search: '?tab=2' });
    expect(routeOfHash('#Marca')).toEqual({ pathname: '/Marca', search: '' });
  });

  it('a deep link: the entry becomes #/login (no new one), keeping the route as react-admin keeps it', () => {
    const { history, writes } = fakeHistory();
    expect(goToLogin(history, '#/productos/5?tab=2')).toEqual({ pathname: '/productos/5', search: '?tab=2' });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      how: 'replace',
      url: '#/login',
      state: { usr: { nextPathname: '/productos/5', nextSearch: '?tab=2' } },
    });
    // a reload of the login page still knows where to go
    expect(goToLogin(history, '#/login')).toEqual({ pathname: '/productos/5', search: '?tab=2' });
    expect(writes).toHaveLength(1);
  });

  it('the login page with nothing kept returns to the home route and writes nothing', () => {
    const { history, writes } = fakeHistory({ usr: { nextPathname: 'http://elsewhere.test' } });
    expect(goToLogin(history, '#/login')).toEqual({ pathname: '/', search: '' });
    expect(writes).toEqual([]);
  });

  it('reads only a route that is one', () => {
    expect(keptRoute(null)).toBeUndefined();
    expect(keptRoute({ usr: { nextPathname: 5 } })).toBeUndefined();
    expect(keptRoute({ usr: { nextPathname: '/Marca', nextSearch: 3 } })).toEqual({
      pathname: '/Marca',
      search: '',
    });
  });

  it('signed in, the login entry becomes the route asked for', () => {
    const { history, writes } = fakeHistory();
    leaveLogin(history, { pathname: '/productos/5', search: '?tab=2' });
    expect(writes).toEqual([{ how: 'replace', state: null, url: '#/productos/5?tab=2' }]);
  });
});
