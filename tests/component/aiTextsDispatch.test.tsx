/**
 * The generation page's "Envío directo al servicio de textos" over fakerest: the real aiDispatch requests (through
 * a recording HTTP client, one product per request) with their $endpoint and base64Data, the progress while
 * waiting, "Detener", and the answer's Ejecutado / NoEjecutado (or a Spanish error) shown to the user.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import fakeRestDataProvider from 'ra-data-fakerest';
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { GeneratePage } from '../../src/custom/aiTexts/GeneratePage';
import { aiTextsMethods, toBase64Json, type DispatchAnswer } from '../../src/custom/aiTexts/api';
import {
  itemsEnvio,
  mensajeErrorEnvio,
  resultadoEnvio,
  ERROR_ENVIO,
} from '../../src/custom/aiTexts/dispatch';
import type { HttpClient, HttpResponse } from '../../src/dataProvider/http';
import { createI18nProvider } from '../../src/i18n';

const API = 'http://api.test';

const data = () => ({
  productos: [
    { id: 10, empresaId: 1, nombre: 'SKU-10' },
    { id: 11, empresaId: 1, nombre: 'SKU-11' },
    { id: 12, empresaId: 1, nombre: 'SKU-12' },
  ],
  MarketPlaces: [{ id: 1, codigo: 'AMAZON' }],
  idiomas: [{ id: 1, codigo: 'es', nombre: 'Español', activo_sn: 'S' }],
});

const decode = (base64: string): unknown =>
  JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));

interface Call {
  url: URL;
  body: { base64Data: string };
}

/** An HTTP client that records the calls and answers with what the test releases. */
const recordingClient = () => {
  const calls: Call[] = [];
  let release: (answer: DispatchAnswer | Error) => void = () => undefined;
  const client: HttpClient = (url, options) => {
    calls.push({ url: new URL(url), body: JSON.parse(String(options?.body)) as Call['body'] });
    return new Promise<HttpResponse>((resolve, reject) => {
      release = (answer) =>
        answer instanceof Error
          ? reject(answer)
          : resolve({ status: 200, headers: new Headers(), body: JSON.stringify(answer), json: answer });
    });
  };
  return { client, calls, answer: (a: DispatchAnswer | Error) => release(a) };
};

const renderPage = (client: HttpClient, path = '/generacion-textos') => {
  const provider = {
    ...fakeRestDataProvider(data(), false),
    ...aiTextsMethods(API, client),
  } as DataProvider;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={provider} i18nProvider={createI18nProvider()}>
        <GeneratePage />
      </AdminContext>
    </MemoryRouter>,
  );
};

const panel = () => screen.getByRole('region', { name: 'Envío directo al servicio de textos' });

describe('dispatch helpers', () => {
  it('builds one item per product (and chosen marketplace) with the languages', () => {
    expect(itemsEnvio([10, 11, 10], [], ['es', 'en'])).toEqual([
      { productoId: 10, idiomas: 'es,en' },
      { productoId: 11, idiomas: 'es,en' },
    ]);
    expect(itemsEnvio([10], [1, 2], [])).toEqual([
      { productoId: 10, marketplaceId: 1 },
      { productoId: 10, marketplaceId: 2 },
    ]);
    expect(decode(toBase64Json(itemsEnvio([7], [], ['es'])))).toEqual([{ productoId: 7, idiomas: 'es' }]);
  });

  it('maps the answer and errors to what the user reads', () => {
    expect(resultadoEnvio({ status: 'Ejecutado', mensaje: '2 texto(s)' })).toEqual({
      ok: true,
      titulo: 'Ejecutado',
      mensaje: '2 texto(s)',
    });
    expect(resultadoEnvio({ status: 'NoEjecutado' }).ok).toBe(false);
    expect(resultadoEnvio(undefined).titulo).toBe('No ejecutado');
    expect(mensajeErrorEnvio(new Error('Failed to fetch'))).toBe(ERROR_ENVIO);
    expect(mensajeErrorEnvio('x')).toBe(ERROR_ENVIO);
    expect(mensajeErrorEnvio(new Error('Acceso denegado'))).toBe('Acceso denegado');
  });
});

describe('generation page: direct dispatch', () => {
  it('is disabled with no selection and enabled once a product is chosen', async () => {
    const { client, calls } = recordingClient();
    renderPage(client);
    const button = within(panel()).getByRole('button', { name: /Enviar 0 producto/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel()).getByText('Selecciona al menos un producto.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'SKU-12' }));
    await waitFor(() =>
      expect(
        (within(panel()).getByRole('button', { name: /Enviar 1 producto/ }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(calls).toHaveLength(0);
  });

  it('sends the selected products as "Solo textos", one product per request, and shows Ejecutado', async () => {
    const { client, calls, answer } = recordingClient();
    renderPage(client, '/generacion-textos?productos=10,11');
    const button = within(panel()).getByRole('button', { name: /Enviar 2 producto/ });
    fireEvent.click(button);
    expect(await within(panel()).findByRole('progressbar')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);

    // one request at a time, each with one product: no request does unbounded work
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/generarTextos_IA_API_SVAN');
    expect(calls[0].url.searchParams.get('$endpoint')).toBe('pim/process-base64');
    expect(decode(calls[0].body.base64Data)).toEqual([{ productoId: 10, idiomas: 'es' }]);
    answer({ status: 'Ejecutado', mensaje: '4 texto(s) generado(s), 0 con error.' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(decode(calls[1].body.base64Data)).toEqual([{ productoId: 11, idiomas: 'es' }]);
    expect(within(panel()).getByText('Enviando 1 de 2…')).toBeTruthy();

    answer({ status: 'Ejecutado', mensaje: '4 texto(s) generado(s), 0 con error.' });
    const result = await within(panel()).findByTestId('dispatch-result');
    expect(within(result).getByText('Ejecutado')).toBeTruthy();
    expect(within(result).getByText('2 de 2 envío(s) ejecutado(s).')).toBeTruthy();
    expect(result.className).toMatch(/Success/);
    expect(within(panel()).queryByRole('progressbar')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('"Detener" sends nothing more and reports what was not sent', async () => {
    const { client, calls, answer } = recordingClient();
    renderPage(client, '/generacion-textos?productos=10,11,12');
    fireEvent.click(within(panel()).getByRole('button', { name: /Enviar 3 producto/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Detener' }));
    answer({ status: 'Ejecutado', mensaje: 'ok' });
    const result = await within(panel()).findByTestId('dispatch-result');
    expect(within(result).getByText('1 de 3 envío(s) ejecutado(s). 2 sin enviar (detenido).')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('sends as "Generar y guardar" and shows NoEjecutado with the server message', async () => {
    const { client, calls, answer } = recordingClient();
    renderPage(client, '/generacion-textos?productos=12');
    fireEvent.click(within(panel()).getByRole('radio', { name: 'Generar y guardar' }));
    fireEvent.click(within(panel()).getByRole('button', { name: /Enviar 1 producto/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.searchParams.get('$endpoint')).toBe('pim/process-base64-direct');
    expect(decode(calls[0].body.base64Data)).toEqual([{ productoId: 12, idiomas: 'es' }]);

    answer({ status: 'NoEjecutado', mensaje: 'Ningún producto tiene un prompt aplicable.' });
    const result = await within(panel()).findByTestId('dispatch-result');
    expect(within(result).getByText('No ejecutado')).toBeTruthy();
    expect(within(result).getByText('Ningún producto tiene un prompt aplicable.')).toBeTruthy();
    expect(result.className).toMatch(/Error/);
  });

  it('shows a failed call as a Spanish error and allows sending again', async () => {
    const { client, answer } = recordingClient();
    renderPage(client, '/generacion-textos?productos=10');
    const button = within(panel()).getByRole('button', { name: /Enviar 1 producto/ });
    fireEvent.click(button);
    answer(new HttpError('No tiene permiso para esta acción', 403));
    const result = await within(panel()).findByTestId('dispatch-result');
    expect(within(result).getByText('No tiene permiso para esta acción')).toBeTruthy();
    expect(result.className).toMatch(/Error/);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
