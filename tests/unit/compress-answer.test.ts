/**
 * How the API's answers are compressed (server/static-app.ts compressAnswer, installed on every request): a JSON
 * answer ended in one piece is gzipped in one call, with its length; anything written in pieces, larger, or of
 * another compressible type goes through `compression`; small answers and clients without gzip get them plain.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswer } from '../../server/static-app';
import { rawRequest } from '../support/rawRequest';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, nombre: `Producto ${i}`, descripcion: 'x'.repeat(40) }));
const text = (n: number) => Array.from({ length: n }, (_, i) => `línea ${i};${'y'.repeat(30)}\n`).join('');

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => {
    compressAnswer(req, res);
    next();
  });
  const json = (res: express.Response, body: unknown) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(body));
  };
  app.get('/small', (_req, res) => json(res, rows(2)));
  app.get('/page', (_req, res) => json(res, rows(100)));
  app.get('/large', (_req, res) => json(res, rows(4000)));
  app.get('/pieces', (_req, res) => {
    res.setHeader('Content-Type', 'text/csv');
    const all = text(2000);
    for (let i = 0; i < all.length; i += 4096) res.write(all.slice(i, i + 4096));
    res.end();
  });
  app.get('/none', (_req, res) => {
    res.statusCode = 204;
    res.end();
  });
  app.get('/binary', (_req, res) => {
    res.setHeader('Content-Type', 'application/octet-stream');
    res.end(Buffer.alloc(8192, 7));
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, encoding = 'gzip') => rawRequest(url, path, { 'accept-encoding': encoding });

describe('compressAnswer', () => {
  it('a JSON answer in one piece: gzipped in one call, with its length; plain without gzip', async () => {
    const zipped = await get('/page');
    const plain = await get('/page', 'identity');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(rows(100));
  });

  it('a JSON answer under 1 KiB goes as it is', async () => {
    const small = await get('/small');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(small.body.toString('utf8'))).toEqual(rows(2));
  });

  it('a JSON answer over 256 KiB goes through compression (streamed, no length)', async () => {
    const large = await get('/large');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(gunzipSync(large.body).toString('utf8'))).toEqual(rows(4000));
  });

  it('an answer written in pieces goes through compression, whole', async () => {
    const pieces = await get('/pieces');
    const plain = await get('/pieces', 'identity');
    expect(pieces.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(pieces.body).toString('utf8')).toBe(text(2000));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(text(2000));
  });

  it('an answer without a body goes as it is', async () => {
    const none = await get('/none');
    expect(none.status).toBe(204);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.length).toBe(0);
  });

  it('a type not worth compressing goes as it is', async () => {
    const binary = await get('/binary');
    expect(binary.headers['content-encoding']).toBeUndefined();
    expect(binary.body.equals(Buffer.alloc(8192, 7))).toBe(true);
  });
});
