// @vitest-environment node
/**
 * Mass edit of products as a job (server/features/mass-edit.ts) through the reference API: by the list's
 * filter or by ids, always within the company; a value the field refuses is 422 and starts nothing; products
 * the write rules refuse are reported with the reason; cancel stops between batches; the report has the import
 * report's shape; the product history records the change with origin «edición masiva».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { massEditReport } from '../../src/core/massEdit';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { apiHelpers, type Row } from '../support/api';

const PATH = '/trabajos-edicion-masiva';
let server: StartedServer;
let admin: string;
const { call, rows, count } = apiHelpers(() => server.url);

beforeAll(async () => {
  // small batches, so that a cancel lands between two of them
  process.env.MASS_EDIT_BATCH = '5';
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  delete process.env.MASS_EDIT_BATCH;
  await server?.stop();
});

const start = async (body: Row) => {
  const res = await call(admin, 'POST', PATH, { empresaId: 1, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const finished = async (id: unknown): Promise<Row> => {
  for (let i = 0; i < 600; i += 1) {
    const job = (await call(admin, 'GET', `${PATH}/${id}`)).body;
    if (['terminado', 'cancelado', 'error'].includes(String(job.estado))) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${String(id)} did not finish`);
};

describe('mass edit jobs', () => {
  it('sets a flag on every product the filter finds, in the company only, with the report', async () => {
    const where = { buscar: 'taladro' };
    const matching = await rows(admin, '/productos', {
      where: { and: [where, { empresaId: 1 }] },
      limit: 1000,
    });
    expect(matching.length).toBeGreaterThan(5);
    const otherCompany = await rows(admin, '/productos', {
      where: { empresaId: 2 },
      fields: { id: true, finalizado: true },
    });
    const job = await start({ campo: 'finalizado', valor: 'S', filtro: JSON.stringify(where) });
    expect(job.usuarioId).toBeTruthy();
    const done = await finished(job.id);
    expect(done.estado).toBe('terminado');
    const report = massEditReport(done);
    expect(report.total).toBe(matching.length);
    expect(report.done).toBe(matching.length);
    expect(report.updated + report.unchanged).toBe(matching.length);
    expect(report.updated).toBe(matching.filter((p) => p.finalizado !== 'S').length);
    expect(report.rejected).toBe(0);
    expect(report.cancelled).toBe(false);
    const after = await rows(admin, '/productos', {
      where: { id: { inq: matching.map((p) => p.id) } },
      limit: 1000,
    });
    expect(after.every((p) => p.finalizado === 'S')).toBe(true);
    const otherAfter = await rows(admin, '/productos', {
      where: { empresaId: 2 },
      fields: { id: true, finalizado: true },
    });
    expect(otherAfter).toEqual(otherCompany);
    // the history names the change's origin
    const changed = matching.find((p) => p.finalizado !== 'S');
    if (changed) {
      const versions = await rows(admin, '/historial', {
        where: { productoId: changed.id },
        order: ['id DESC'],
        limit: 1,
      });
      expect(versions[0]?.origen).toBe('edicion_masiva');
    }
  });

  it('a value the field refuses is 422 on the field and starts nothing', async () => {
    const before = await count(admin, PATH);
    for (const [body, path] of [
      [{ campo: 'finalizado', valor: 'X', ids: '[1]' }, '/valor'],
      [{ campo: 'nombre', valor: 'SKU', ids: '[1]' }, '/campo'],
      [{ campo: 'finalizado', valor: 'S' }, '/ids'],
      [{ campo: 'finalizado', valor: 'S', filtro: '{"noExiste":1}' }, undefined],
    ] as const) {
      const res = await call(admin, 'POST', PATH, { empresaId: 1, ...body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      if (path) expect((res.body.error?.details as Row[])[0].path).toBe(path);
    }
    expect(await count(admin, PATH)).toBe(before);
  });

  it('products the write rules refuse are reported with the reason; the others change', async () => {
    const some = await rows(admin, '/productos', { where: { empresaId: 1 }, order: ['id ASC'], limit: 3 });
    const job = await start({
      campo: 'categorias',
      operacion: 'añadir',
      valor: 'Categoría que no existe',
      ids: JSON.stringify(some.map((p) => p.id)),
    });
    const done = await finished(job.id);
    const report = massEditReport(done);
    expect(report.rejected).toBe(3);
    expect(report.updated).toBe(0);
    expect(report.rejectedRows.map((r) => r.line).sort()).toEqual(some.map((p) => p.id).sort());
    expect(report.rejectedRows[0].problems[0].reason).toContain('Categoría que no existe');
    const after = await rows(admin, '/productos', { where: { id: { inq: some.map((p) => p.id) } } });
    expect(after.map((p) => p.categorias).sort()).toEqual(some.map((p) => p.categorias).sort());
  });

  it('cancel stops the job between batches; what was not reached stays as it was', async () => {
    const total = await count(admin, '/productos', { empresaId: 1 });
    const job = await start({ campo: 'enviarAecoc', valor: 'S', filtro: '{}' });
    expect((await call(admin, 'PATCH', `${PATH}/${job.id}`, { cancelarSN: 'S' })).status).toBe(204);
    const done = await finished(job.id);
    expect(done.estado).toBe('cancelado');
    const report = massEditReport(done);
    expect(report.cancelled).toBe(true);
    expect(report.total).toBe(total);
    expect(report.done).toBeLessThan(total);
    expect(report.notProcessed).toBe(total - report.done);
    expect(await count(admin, '/productos', { empresaId: 1, enviarAecoc: 'S' })).toBeLessThan(total);
  });

  it('another user does not see the job', async () => {
    const { editor } = demoLogins();
    const token = await loginToken(server.url, editor).catch(() => undefined);
    if (!token) return;
    expect((await call(token, 'GET', PATH)).status).toBe(403);
  });
});
