/**
 * The generation page's run lifecycle over fakerest: one queue row per request, "Detener" cancels the rows not
 * yet sent at once (cancelarPendientes) while the row in flight finishes, leaving the page (route change,
 * unmount, closing the tab) cancels the rest too, and the page asks before leaving mid-run.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { NavigateFunction } from 'react-router-dom';
import { Route, Routes } from 'react-router-dom';
import fakeRestDataProvider from 'ra-data-fakerest';
import { describe, expect, it } from 'vitest';
import { GeneratePage } from '../../src/custom/aiTexts/GeneratePage';
import type { AiTextsMethods, ProcessSummary, QueueItem } from '../../src/custom/aiTexts/api';
import { createI18nProvider } from '../../src/i18n';

const data = () => ({
  productos: [
    { id: 10, empresaId: 1, nombre: 'SKU-10' },
    { id: 11, empresaId: 1, nombre: 'SKU-11' },
    { id: 12, empresaId: 1, nombre: 'SKU-12' },
  ],
  MarketPlaces: [{ id: 1, codigo: 'AMAZON' }],
  idiomas: [{ id: 1, codigo: 'es', nombre: 'Español', activo_sn: 'S' }],
});

/** The text-generation methods with the processing calls held until the test answers them. */
const fakeAi = () => {
  const processCalls: { ids: number[]; resolve(summary: ProcessSummary): void }[] = [];
  const cancelCalls: { ids: number[]; keepalive?: boolean }[] = [];
  const queued: QueueItem[][] = [];
  const rowOf = new Map<number, QueueItem>();
  const methods: Partial<AiTextsMethods> = {
    aiPromptsParaProductos: async (productos) => ({
      pares: productos.map((productoId) => ({ productoId, marketplaceId: 1, marketplacePromptId: 7 })),
      sinPrompt: [],
    }),
    aiCrearCola: async (items) => {
      queued.push(items);
      return items.map((item, index) => {
        rowOf.set(100 + index, item);
        return { id: 100 + index };
      });
    },
    aiProcesar: (ids) => new Promise<ProcessSummary>((resolve) => processCalls.push({ ids, resolve })),
    aiCancelarCola: async (ids, options) => {
      cancelCalls.push({ ids, keepalive: options?.keepalive });
      return { count: ids.length, enProceso: [] };
    },
  };
  /** Answers the oldest unanswered processing call as executed. */
  const answer = async (index: number) => {
    const callToAnswer = processCalls[index];
    const id = callToAnswer.ids[0];
    await act(async () =>
      callToAnswer.resolve({
        procesados: 1,
        ejecutados: 1,
        fallidos: 0,
        conservados: 0,
        pendientes: 0,
        resultados: [
          {
            id,
            productoId: rowOf.get(id)!.productoId,
            marketplacePromptId: 7,
            estado: 'Ejecutado',
            textos: 3,
            conservados: 0,
          },
        ],
      }),
    );
  };
  return { methods, processCalls, cancelCalls, queued, answer };
};

const renderPage = (methods: Partial<AiTextsMethods>) => {
  let navigate: NavigateFunction = () => undefined;
  const provider = { ...fakeRestDataProvider(data(), false), ...methods } as DataProvider;
  const view = render(
    <TestMemoryRouter
      initialEntries={['/generacion-textos?productos=10,11,12']}
      navigateCallback={(n) => (navigate = n)}
    >
      <AdminContext dataProvider={provider} i18nProvider={createI18nProvider()}>
        <Routes>
          <Route path="/generacion-textos" element={<GeneratePage />} />
          <Route path="/otra" element={<p>Otra página</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, navigate: (to: string) => act(() => navigate(to)) };
};

const startRun = async () => {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'AMAZON' }));
  fireEvent.click(screen.getByRole('button', { name: 'Generar textos' }));
};

describe('generation page: run lifecycle', () => {
  it('sends one row per request and "Detener" cancels the rows not yet sent at once', async () => {
    const ai = fakeAi();
    renderPage(ai.methods);
    await startRun();
    await waitFor(() => expect(ai.processCalls).toHaveLength(1));
    expect(ai.queued[0].map((item) => item.productoId)).toEqual([10, 11, 12]);
    expect(ai.processCalls[0].ids).toEqual([100]);
    await ai.answer(0);
    await waitFor(() => expect(ai.processCalls).toHaveLength(2));
    expect(ai.processCalls[1].ids).toEqual([101]);
    expect(screen.getByText(/1 de 3/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Detener' }));
    // the row not yet sent is cancelled right away; the one in flight finishes
    await waitFor(() => expect(ai.cancelCalls).toEqual([{ ids: [102], keepalive: undefined }]));
    expect(screen.getByRole('button', { name: 'Deteniendo…' })).toBeTruthy();
    await ai.answer(1);
    expect(await screen.findByTestId('generation-stopped')).toBeTruthy();
    expect(screen.getByTestId('generation-stopped').textContent).toBe(
      'Generación detenida: 2 de 3 procesada(s). 1 generación pendiente se ha cancelado y no se procesará más tarde.',
    );
    expect(ai.processCalls).toHaveLength(2);
    expect(screen.getAllByTestId('generation-result')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Detener' })).toBeNull();
  });

  it('asks before leaving mid-run; leaving stops the run and cancels the rest', async () => {
    const ai = fakeAi();
    const { navigate } = renderPage(ai.methods);
    await startRun();
    await waitFor(() => expect(ai.processCalls).toHaveLength(1));

    // closing the tab: the browser is asked to confirm
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(true);

    await navigate('/otra');
    expect(await screen.findByText('Generación en curso')).toBeTruthy();
    expect(screen.getByText(/Si sales de esta página se detendrá: 3 generaciones que faltan/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Seguir aquí' }));
    await waitFor(() => expect(screen.queryByText('Generación en curso')).toBeNull());
    expect(ai.cancelCalls).toEqual([]);

    await navigate('/otra');
    fireEvent.click(await screen.findByRole('button', { name: 'Salir y detener' }));
    expect(await screen.findByText('Otra página')).toBeTruthy();
    await waitFor(() => expect(ai.cancelCalls).toEqual([{ ids: [101, 102], keepalive: undefined }]));
    // the row in flight answers after the page is gone: nothing else is sent
    await ai.answer(0);
    expect(ai.processCalls).toHaveLength(1);
  });

  it('closing the tab mid-run cancels the rest with a request that outlives the page', async () => {
    const ai = fakeAi();
    renderPage(ai.methods);
    await startRun();
    await waitFor(() => expect(ai.processCalls).toHaveLength(1));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(ai.cancelCalls).toEqual([{ ids: [101, 102], keepalive: true }]));
    await ai.answer(0);
    expect(await screen.findByTestId('generation-stopped')).toBeTruthy();
    expect(ai.processCalls).toHaveLength(1);
  });

  it('a failed request stops the run, cancels the rest and says so', async () => {
    const ai = fakeAi();
    const methods = { ...ai.methods };
    let calls = 0;
    methods.aiProcesar = async (ids, overwrite) => {
      calls += 1;
      if (calls === 2) throw new Error('Error de conexión. Verifique su red e intente de nuevo.');
      return ai.methods.aiProcesar!(ids, overwrite);
    };
    renderPage(methods);
    await startRun();
    await waitFor(() => expect(ai.processCalls).toHaveLength(1));
    await ai.answer(0);
    expect(await screen.findByText('Error de conexión. Verifique su red e intente de nuevo.')).toBeTruthy();
    await waitFor(() => expect(ai.cancelCalls).toEqual([{ ids: [102], keepalive: undefined }]));
    expect(screen.getByTestId('generation-stopped').textContent).toMatch(/1 de 3 procesada/);
  });
});
