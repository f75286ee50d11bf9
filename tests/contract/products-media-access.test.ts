// @vitest-environment node
/**
 * Contract: uploaded files are not public (DESIGN.md #r8-errors; issue 3 "Data of another company is neither listed nor
 * changeable"). Every GET/HEAD under /multimedia needs a valid access token (Authorization: Bearer, or the
 * access_token parameter an <img> can send); a non-admin gets only the files of their company's products, and
 * anything else — another company's file, a traversing or malformed path — is the same 404 a missing file gets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, type Row } from '../support/api';
import { rawRequest } from '../support/rawRequest';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const SECRET = `media-access-${Date.now()}`;
const LEAK = 'CONTENIDO-SECRETO-NO-DEBE-SALIR';

let server: StartedServer;
let dataDir: string;
let admin: string;
let editor: string;
/** A company-1 product (the editor's company) and a company-2 one, each with an uploaded picture. */
let own: string;
let other: string;
const { call, rows } = apiHelpers(() => server.url);

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();

const upload = async (empresaId: number, nombre: string, fileName: string) => {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(await png())], { type: 'image/png' }), fileName);
  const res = await fetch(
    `${server.url}/images-upload/${empresaId}/${encodeURIComponent(nombre)}/${fileName}`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { fichero: string; principal: string };
};

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the path sent byte for byte (fetch would resolve '..' and '%2e%2e' before sending). */
const raw = async (rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> => {
  const answer = await rawRequest(server.url, rawPath, headers, method);
  return { ...answer, body: answer.body.toString('latin1') };
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const withToken = (url: string, token: string) => `${url}?access_token=${encodeURIComponent(token)}`;
const file = (nombre: string, name = `800x600_${nombre}.png`) =>
  `/multimedia/${encodeURIComponent(nombre)}/${name}`;
const json = (answer: Raw) => JSON.parse(answer.body) as Row;
const endpointNotFound = (method: string, rawPath: string) => ({
  error: { statusCode: 404, name: 'NotFoundError', message: `Endpoint "${method} ${rawPath}" not found.` },
});

beforeAll(async () => {
  // A data folder puts the uploads folder at dataDir/uploads, so the test can plant files traversal would reach.
  dataDir = mkdtempSync(path.join(tmpdir(), 'pim-media-access-'));
  server = await startTestServer({
    seed: true,
    jwtSecret: SECRET,
    dataDir,
  });
  admin = await loginToken(server.url, demoLogins().admin);
  editor = await loginToken(server.url, demoLogins().editor);
  const [p1] = await rows(admin, '/productos', { where: { empresaId: 1 }, order: ['id ASC'], limit: 1 });
  const [p2] = await rows(admin, '/productos', { where: { empresaId: 2 }, order: ['id ASC'], limit: 1 });
  own = String(p1.nombre);
  other = String(p2.nombre);
  await upload(1, own, `${own}.png`);
  await upload(2, other, `${other}.png`);
  writeFileSync(path.join(dataDir, 'uploads', 'secret.txt'), LEAK);
  writeFileSync(path.join(dataDir, 'uploads', 'multimedia', own, '.oculto'), LEAK);
  writeFileSync(path.join(dataDir, 'secret.txt'), LEAK);
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a token is needed for every file', () => {
  it('no token: 401 in LoopBack shape, JSON, for GET and HEAD', async () => {
    const answer = await raw(file(own));
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(json(answer)).toEqual({
      error: {
        statusCode: 401,
        name: 'UnauthorizedError',
        message: 'Authorization header or access_token parameter not found.',
      },
    });
    expect((await raw(file(own), {}, 'HEAD')).status).toBe(401);
    // the guessable path of another company's file, and a path that is no file at all, answer the same
    expect((await raw(file(other))).status).toBe(401);
    expect((await raw('/multimedia/NO-EXISTE/x.png')).status).toBe(401);
    expect((await raw(withToken(file(own), ''))).status).toBe(401);
  });

  it('a bad, tampered or expired token: 401', async () => {
    for (const token of [
      'no-es-un-jwt',
      `${admin.slice(0, -4)}AAAA`,
      jwt.sign({ id: 1, email: 'admin@demo.pim', empresaId: 1 }, 'otro-secreto', { algorithm: 'HS256' }),
      jwt.sign(
        { id: 1, email: 'admin@demo.pim', empresaId: 1, exp: Math.floor(Date.now() / 1000) - 60 },
        SECRET,
      ),
    ]) {
      const viaHeader = await raw(file(own), bearer(token));
      expect(viaHeader.status, token).toBe(401);
      expect(json(viaHeader).error).toMatchObject({ statusCode: 401, name: 'UnauthorizedError' });
      const viaQuery = await raw(withToken(file(own), token));
      expect(viaQuery.status, token).toBe(401);
      expect(viaQuery.body).not.toContain('PNG');
    }
    expect((await raw(file(own), { Authorization: `Basic ${admin}` })).status).toBe(401);
  });

  it('the admin gets the file with the header or the access_token parameter, headers kept', async () => {
    for (const answer of [await raw(file(own), bearer(admin)), await raw(withToken(file(own), admin))]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/image\/png/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.body.slice(1, 4)).toBe('PNG');
    }
    const served = await fetch(withToken(`${server.url}${file(own)}`, admin));
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    // the admin sees every company
    expect((await raw(withToken(file(other), admin))).status).toBe(200);
    expect((await raw(file(other, `${other}.png`), bearer(admin), 'HEAD')).status).toBe(200);
  });
});

describe('company isolation', () => {
  it("the editor (company 1) gets their company's product file", async () => {
    expect((await raw(withToken(file(own), editor))).status).toBe(200);
    expect((await raw(file(own, `${own}.png`), bearer(editor))).status).toBe(200);
    expect((await raw(file(own), bearer(editor), 'HEAD')).status).toBe(200);
  });

  it("another company's file is 404, exactly like a file that does not exist", async () => {
    const denied = await raw(withToken(file(other), editor));
    expect(denied.status).toBe(404);
    expect(denied.body).not.toContain('PNG');
    expect(json(denied)).toEqual(endpointNotFound('GET', file(other)));
    const missing = await raw(withToken(file(own, 'no_existe.png'), editor));
    expect(json(missing)).toEqual(endpointNotFound('GET', file(own, 'no_existe.png')));
    expect((await raw(file(other, `${other}.png`), bearer(editor), 'HEAD')).status).toBe(404);
    // a folder that is no product, and another spelling of the prefix
    expect((await raw('/multimedia/NO-EXISTE/x.png', bearer(editor))).status).toBe(404);
    expect(
      (await raw(`/MULTIMEDIA/${encodeURIComponent(other)}/800x600_${other}.png`, bearer(editor))).status,
    ).toBe(404);
  });

  it('a user of company 2 gets the files of company 2 and not those of company 1', async () => {
    const email = `media-empresa2-${Date.now()}@demo.pim`;
    const created = await call(admin, 'POST', '/auth/signup', {
      email,
      password: 'Empresa2-1234!',
      empresaId: 2,
    });
    expect(created.status).toBe(200);
    const user2 = await loginToken(server.url, { email, password: 'Empresa2-1234!', role: 'none' });
    expect((await raw(withToken(file(other), user2))).status).toBe(200);
    expect((await raw(withToken(file(own), user2))).status).toBe(404);
  });
});

describe('no traversal, no listing', () => {
  const attempts = (folder: string) => [
    '/multimedia/../secret.txt',
    '/multimedia/../../secret.txt',
    `/multimedia/${folder}/../../secret.txt`,
    '/multimedia/%2e%2e/secret.txt',
    '/multimedia/%2E%2E/%2e%2e/secret.txt',
    `/multimedia/${folder}/%2e%2e/%2e%2e/secret.txt`,
    `/multimedia/${folder}%2f..%2f..%2fsecret.txt`,
    `/multimedia/${folder}/..%2f..%2fsecret.txt`,
    `/multimedia/${folder}/..%5c..%5csecret.txt`,
    '/multimedia/%2e%2e%2fsecret.txt',
    '/multimedia/..%2fsecret.txt',
    `/multimedia/${folder}/%2e/800x600_${folder}.png`,
    `/multimedia/${folder}//800x600_${folder}.png`,
    `/multimedia/${folder}/.oculto`,
    `/multimedia/${folder}/%00.png`,
    `/multimedia/${folder}/%E0%A4%A`,
    `/multimedia/${folder}`,
    `/multimedia/${folder}/`,
    '/multimedia/',
    '/multimedia',
  ];

  it('every traversal or odd path is 404/400 for the admin and the editor, nothing leaks', async () => {
    const folder = encodeURIComponent(own);
    for (const token of [admin, editor]) {
      for (const attempt of attempts(folder)) {
        for (const answer of [await raw(attempt, bearer(token)), await raw(withToken(attempt, token))]) {
          expect([400, 404], `${attempt}: ${answer.status}`).toContain(answer.status);
          expect(answer.body).not.toContain(LEAK);
          expect(answer.body).not.toContain('PNG');
        }
      }
    }
  });

  it('without a token the same attempts are 401 and leak nothing', async () => {
    for (const attempt of attempts(encodeURIComponent(own))) {
      const answer = await raw(attempt);
      expect(answer.status, attempt).toBe(401);
      expect(answer.body).not.toContain(LEAK);
    }
    // outside the prefix nothing serves the uploads folder
    for (const attempt of [
      '/secret.txt',
      '//multimedia/../secret.txt',
      `/uploads/multimedia/${own}/.oculto`,
    ]) {
      const answer = await raw(attempt);
      expect(answer.status, attempt).not.toBe(200);
      expect(answer.body).not.toContain(LEAK);
    }
  });
});
