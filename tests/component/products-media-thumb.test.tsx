/**
 * MediaThumb: the picture's URL carries the session's token; when it fails to load it is tried ONCE more with a
 * newer token (refreshing an expired one through the shared refresh), otherwise the placeholder stays — never
 * a retry loop.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DataProviderContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaThumb } from '../../src/custom/productEditor/MediaThumb';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwtWith = (payload: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64(payload)}.c2ln`;
const now = () => Math.floor(Date.now() / 1000);
const PATH = 'multimedia/SKU-10/800x600_SKU-10.png';

const renderThumb = (path = PATH) =>
  render(
    <DataProviderContext.Provider value={{ productMediaBaseUrl: 'http://api' } as unknown as DataProvider}>
      <MediaThumb path={path} alt="SKU-10" />
    </DataProviderContext.Provider>,
  );

const picture = () => screen.queryByRole('img', { name: 'SKU-10' }) as HTMLImageElement | null;
const placeholder = () => screen.queryByRole('img', { name: 'SKU-10 (sin imagen)' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MediaThumb', () => {
  it('loads the picture with the current token', () => {
    localStorage.setItem('accessToken', 'tok-1');
    renderThumb();
    expect(picture()?.getAttribute('src')).toBe(`http://api/${PATH}?access_token=tok-1`);
  });

  it('an expired token: one refresh, one more try with the new token, then the placeholder for good', async () => {
    const expired = jwtWith({ id: 1, exp: now() - 60 });
    const fresh = jwtWith({ id: 1, exp: now() + 600 });
    localStorage.setItem('accessToken', expired);
    localStorage.setItem('refreshToken', 'r1');
    const fetchSpy = vi.fn(
      async () =>
        new Response(JSON.stringify({ accessToken: fresh, refreshToken: 'r2' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderThumb();
    fireEvent.error(picture()!);
    await waitFor(() =>
      expect(picture()?.getAttribute('src')).toBe(`http://api/${PATH}?access_token=${fresh}`),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // the second failure is final: placeholder, no more loads or refreshes
    fireEvent.error(picture()!);
    expect(placeholder()).not.toBeNull();
    expect(picture()).toBeNull();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(picture()).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('a failure with a valid token that did not change (a missing file): straight to the placeholder', async () => {
    const valid = jwtWith({ id: 1, exp: now() + 600 });
    localStorage.setItem('accessToken', valid);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderThumb();
    fireEvent.error(picture()!);
    expect(placeholder()).not.toBeNull();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(picture()).toBeNull();
    expect(placeholder()).not.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a token renewed meanwhile (by an API call) is used for the second try', async () => {
    localStorage.setItem('accessToken', 'viejo');
    renderThumb();
    localStorage.setItem('accessToken', 'nuevo');
    fireEvent.error(picture()!);
    await waitFor(() => expect(picture()?.getAttribute('src')).toBe(`http://api/${PATH}?access_token=nuevo`));
  });

  it('another path starts afresh', async () => {
    localStorage.setItem('accessToken', 'tok');
    const view = renderThumb();
    fireEvent.error(picture()!);
    await waitFor(() => expect(placeholder()).not.toBeNull());
    view.rerender(
      <DataProviderContext.Provider value={{ productMediaBaseUrl: 'http://api' } as unknown as DataProvider}>
        <MediaThumb path="multimedia/SKU-10/otra.png" alt="SKU-10" />
      </DataProviderContext.Provider>,
    );
    expect(picture()?.getAttribute('src')).toBe('http://api/multimedia/SKU-10/otra.png?access_token=tok');
  });
});
