// @vitest-environment node
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/dataProvider/http';
import { loopbackDataProvider } from '../../../src/dataProvider/loopback';

/** A server that accepts connections and never answers. */
let silent: net.Server;
let url: string;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  silent = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  sockets.forEach((socket) => socket.destroy());
  await new Promise((resolve) => silent.close(resolve));
});

const client = (timeoutMs: number) =>
  createHttpClient({
    getAccessToken: () => 'token',
    refresh: async () => null,
    onAuthFailure: () => undefined,
    timeoutMs,
  });

describe('a server that does not answer', () => {
  it('fails with the connection message after the timeout instead of hanging', async () => {
    const started = Date.now();
    await expect(client(300)(`${url}/Marca`)).rejects.toMatchObject({
      message: 'Error de conexión. Verifique su red e intente de nuevo.',
      status: 0,
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('the data provider reports it too, never a silent empty list', async () => {
    const provider = loopbackDataProvider(url, client(300), { getEmpresaId: () => 1 });
    await expect(
      provider.getList('Marca', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow('Error de conexión. Verifique su red e intente de nuevo.');
  });

  it("a caller's own abort is passed through, not turned into a connection error", async () => {
    const controller = new AbortController();
    const pending = client(10_000)(`${url}/Marca`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
