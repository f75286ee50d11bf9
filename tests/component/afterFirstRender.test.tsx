import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AfterFirstRender,
  createOpeningGate,
  OpeningGateProvider,
  useHoldOpening,
  type OpeningGate,
} from '../../src/resources/generic/AfterFirstRender';

/** A list stand-in: its first page is «on its way» until the test says otherwise. */
let finishLoading: () => void = () => undefined;
const LoadingList = () => {
  const [loading, setLoading] = useState(true);
  finishLoading = () => setLoading(false);
  useHoldOpening(loading);
  return <p>{loading ? 'cargando' : 'filas'}</p>;
};

const app = (gate: OpeningGate | undefined, list = true) => (
  <OpeningGateProvider value={gate}>
    <AfterFirstRender fallback={<span>hueco</span>}>
      <nav>menú</nav>
    </AfterFirstRender>
    {list && <LoadingList />}
  </OpeningGateProvider>
);

describe('the parts rendered after the first pass (AfterFirstRender) and the app’s opening', () => {
  it('without a gate, come right after the first render', async () => {
    render(app(undefined));
    expect(await screen.findByText('menú')).toBeTruthy();
  });

  it('wait while the opening list loads its first page, then come', async () => {
    render(app(createOpeningGate({ waitForListMs: 60_000 })));
    await screen.findByText('cargando');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('menú')).toBeNull();
    expect(screen.getByText('hueco')).toBeTruthy();
    act(() => finishLoading());
    expect(await screen.findByText('menú')).toBeTruthy();
  });

  it('come at the time limit when no list shows its page', async () => {
    render(app(createOpeningGate({ waitForListMs: 100 }), false));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.queryByText('menú')).toBeNull();
    expect(await screen.findByText('menú')).toBeTruthy();
  });

  it('once shown, stay when a later list loads', async () => {
    const gate = createOpeningGate({});
    const { rerender } = render(app(gate, false));
    await screen.findByText('menú');
    rerender(app(gate, true));
    await screen.findByText('cargando');
    expect(screen.getByText('menú')).toBeTruthy();
  });
});
