/**
 * The query client answers react-admin's session and access checks from the stored session and rules at once
 * (so a list's query does not wait for them); those answers are the authProvider's own, so it is not asked again.
 */
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider/authProvider';
import { AuthAnsweringQueryClient } from '../../src/layout/authQueryClient';

const storeSession = (ability: unknown[]) => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('userDataPim', JSON.stringify({ id: 7, roles: [{ codigo: 'admin' }], ability }));
};

/** The provider react-admin would be given, its checks counted. */
const countedProvider = () => {
  const provider = authProvider('http://api.test', () =>
    Promise.reject(new Error('no network in this test')),
  );
  const checkAuth = vi.spyOn(provider, 'checkAuth');
  const canAccess = vi.spyOn(provider, 'canAccess');
  return { provider, checkAuth, canAccess };
};

/** An observer as react-admin's hooks create them; its first result is what the first render sees. */
const observe = (client: AuthAnsweringQueryClient, queryKey: QueryKey, queryFn: () => Promise<boolean>) => {
  const observer = new QueryObserver(client, { queryKey, queryFn, retry: false });
  const first = observer.getOptimisticResult(client.defaultQueryOptions({ queryKey, queryFn }));
  const unsubscribe = observer.subscribe(() => undefined);
  return { first, observer, unsubscribe };
};

afterEach(() => localStorage.clear());

describe('AuthAnsweringQueryClient', () => {
  it('starts the session check answered for a stored admin session, without asking checkAuth again', async () => {
    storeSession([{ action: 'manage', subject: 'all' }]);
    const { provider, checkAuth } = countedProvider();
    const client = new AuthAnsweringQueryClient(provider);
    const { first, unsubscribe } = observe(client, ['auth', 'checkAuth', {}], async () => {
      await provider.checkAuth({});
      return true;
    });
    expect(first.isPending).toBe(false);
    expect(first.data).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(checkAuth).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('leaves the session and access checks pending without a stored session', () => {
    const { provider } = countedProvider();
    const client = new AuthAnsweringQueryClient(provider);
    const { first, unsubscribe } = observe(client, ['auth', 'checkAuth', {}], () =>
      provider.checkAuth({}).then(() => true),
    );
    expect(first.isPending).toBe(true);
    expect(first.data).toBeUndefined();
    unsubscribe();
    // nor are access checks answered outside a session (the default rules would be kept)
    const access = observe(client, ['auth', 'canAccess', { action: 'list', resource: 'productos' }], () =>
      Promise.resolve(true),
    );
    expect(access.first.isPending).toBe(true);
    access.unsubscribe();
  });

  it('answers a screen access check by the stored rules: allowed and refused alike', async () => {
    storeSession([{ action: 'read', subject: 'productos' }]);
    const { provider, canAccess } = countedProvider();
    const client = new AuthAnsweringQueryClient(provider);
    const ask = (resource: string) => async () =>
      Boolean(await provider.canAccess?.({ action: 'list', resource }));
    // react-admin's list puts its `enabled` option in the key too
    const products = observe(
      client,
      ['auth', 'canAccess', { action: 'list', resource: 'productos', enabled: true }],
      ask('productos'),
    );
    const users = observe(
      client,
      ['auth', 'canAccess', { action: 'list', resource: 'usuarios' }],
      ask('usuarios'),
    );
    expect(products.first.data).toBe(true);
    expect(users.first.data).toBe(false);
    expect(users.first.isPending).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(canAccess).not.toHaveBeenCalled();
    expect(users.observer.getCurrentResult().data).toBe(false);
    products.unsubscribe();
    users.unsubscribe();
  });

  it("asks as usual for a record's access and for queries that are not auth checks", () => {
    storeSession([{ action: 'manage', subject: 'all' }]);
    const { provider } = countedProvider();
    const client = new AuthAnsweringQueryClient(provider);
    const never = () => new Promise<boolean>(() => undefined);
    const record = observe(
      client,
      ['auth', 'canAccess', { action: 'edit', resource: 'productos', recordId: 5 }],
      never,
    );
    const list = observe(client, ['productos', 'getList', {}], never);
    expect(record.first.isPending).toBe(true);
    expect(list.first.isPending).toBe(true);
    record.unsubscribe();
    list.unsubscribe();
  });
});
