// @vitest-environment node
/**
 * Text generation over the reference API (docs/requirements.md#r7-api): createMany → manual generation → texts stored →
 * updateManyProcesado → review state; reviewed texts are never overwritten without the explicit flag; test
 * bench, save, duplicate prompt check, generic dispatch and company isolation; the run's lifecycle (a retried
 * createMany reuses pending rows, cancelarPendientes takes the rest of a stopped run out of the queue for good)
 * and one prompt per marketplace and category (422 ER_DUP_ENTRY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewStatus } from '../../src/core/reviewStatus';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';
import { apiCaller, q } from '../support/api';

type Body = Record<string, unknown>;

let server: StartedServer;
let admin: string;
let editor: string;

const call = apiCaller(() => server.url);

/** Two company-1 products with a prompt for some marketplace and no generated text yet. */
let pair: { productoId: number; marketplacePromptId: number; marketplaceId: number }[] = [];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editor = (await testUser(server.url, admin, 1)).token;
  const products = (
    await call(
      admin,
      'GET',
      `/productos?filter=${q({ where: { empresaId: 1, activoEnMarketplace: 'S' }, limit: 200 })}`,
    )
  ).body as Body[];
  const texts = (await call(admin, 'GET', `/TextosGenerados?filter=${q({ fields: { productoId: true } })}`))
    .body as Body[];
  const withTexts = new Set(texts.map((t) => t.productoId));
  const free = products.filter((p) => !withTexts.has(p.id)).map((p) => p.id);
  const { body } = await call(admin, 'GET', `/generacion-textos/prompts?productos=${free.join(',')}`);
  const pares = body.pares as typeof pair;
  const first = pares[0];
  const second = pares.find(
    (p) => p.productoId !== first.productoId && p.marketplaceId === first.marketplaceId,
  );
  expect(first && second).toBeTruthy();
  pair = [first, second!];
});

afterAll(async () => {
  await server?.stop();
});

const textsOf = async (productoId: number) =>
  (await call(admin, 'GET', `/obtenerTodosLosTextosGeneradosParaElProducto?idProducto=${productoId}`))
    .body as Body[];

describe('generation and review', () => {
  it('createMany queues, manual generation stores unreviewed texts, updateManyProcesado reviews them', async () => {
    const created = await call(
      admin,
      'POST',
      '/ProductosGeneracionTextos/createMany',
      pair.map(({ productoId, marketplacePromptId }) => ({ productoId, marketplacePromptId })),
    );
    expect(created.status).toBe(200);
    expect(created.body).toHaveLength(2);
    expect(created.body.map((row) => row.procesado)).toEqual(['N', 'N']);
    const ids = created.body.map((row) => row.id as number);

    const run = await call(admin, 'GET', `/generarTextosIAPorProcesoManual?ids=${ids.join(',')}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ procesados: 2, ejecutados: 2, fallidos: 0 });

    const queue = (
      await call(admin, 'GET', `/ProductosGeneracionTextos?filter=${q({ where: { id: { inq: ids } } })}`)
    ).body as Body[];
    expect(queue.map((row) => [row.procesado, row.estado])).toEqual([
      ['S', 'Ejecutado'],
      ['S', 'Ejecutado'],
    ]);

    const [a, b] = await Promise.all(pair.map((p) => textsOf(p.productoId)));
    expect(a.length).toBeGreaterThan(1);
    expect(b.length).toBeGreaterThan(1);
    for (const text of [...a, ...b]) {
      expect(text.revisado_sn).toBe('N');
      expect(typeof text.texto).toBe('string');
      expect((text.texto as string).length).toBeGreaterThan(0);
    }
    expect(a[0].marketplaceCodigo).toBeTruthy();

    // review product A fully, product B partly
    const patchA = await call(admin, 'PATCH', '/ProductosGeneracionTextos/updateManyProcesado', {
      ids: a.map((t) => t.id),
      nuevoEstado: 'S',
    });
    expect(patchA.body).toEqual({ count: a.length });
    await call(admin, 'PATCH', '/ProductosGeneracionTextos/updateManyProcesado', {
      ids: [b[0].id],
      nuevoEstado: 'S',
    });

    const vista = (
      await call(
        admin,
        'GET',
        `/obtenerRegistrosVistaMarketPlaceProductoGeneral?productos=${pair.map((p) => p.productoId).join(',')}`,
      )
    ).body as Body[];
    const estado = (id: number) => vista.find((row) => row.productoId === id)?.estado;
    expect(estado(pair[0].productoId)).toBe('Revisado');
    expect(estado(pair[1].productoId)).toBe('Revisado parcial');
    expect(vista.find((row) => row.productoId === pair[1].productoId)).toMatchObject({
      total: b.length,
      revisados: 1,
    });

    // the product list's derived status (docs/requirements.md#r4-states) follows the stored revisado_sn
    const stored = async (id: number) =>
      (await call(admin, 'GET', `/TextosGenerados?filter=${q({ where: { productoId: id } })}`))
        .body as Body[];
    expect(reviewStatus('S', (await stored(pair[0].productoId)) as { revisado_sn?: string }[])).toBe(
      'Revisado',
    );
    expect(reviewStatus('S', (await stored(pair[1].productoId)) as { revisado_sn?: string }[])).toBe(
      'Revisado parcial',
    );

    // filter by review state
    const partial = (
      await call(
        admin,
        'GET',
        `/obtenerRegistrosVistaMarketPlaceProductoGeneral?productos=${pair.map((p) => p.productoId).join(',')}&revision=${encodeURIComponent('Revisado parcial')}`,
      )
    ).body as Body[];
    expect(partial.map((row) => row.productoId)).toEqual([pair[1].productoId]);

    const reviewed = (
      await call(
        admin,
        'GET',
        `/obtenerTodosLosTextosGeneradosEnRevisadoParaTodosLosProductos?idProducto=${pair[1].productoId}`,
      )
    ).body as Body[];
    expect(reviewed.map((t) => t.id)).toEqual([b[0].id]);
  });

  it('regenerating keeps reviewed texts unless sobrescribirRevisados=S', async () => {
    const [{ productoId, marketplacePromptId }] = pair;
    const before = await textsOf(productoId);
    expect(before.every((t) => t.revisado_sn === 'S')).toBe(true);
    const edited = await call(
      admin,
      'POST',
      `/guardar-textos-generados?idMarketPlacePrompt=${marketplacePromptId}`,
      [{ id: before[0].id, texto: 'Texto corregido a mano <script>alert(1)</script>' }],
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'OK', count: 1 });

    const queued = (
      await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', [
        { productoId, marketplacePromptId },
      ])
    ).body as Body[];
    const kept = await call(admin, 'GET', `/generarTextosIAPorProcesoManual?ids=${queued[0].id}`);
    expect(kept.body).toMatchObject({ ejecutados: 1, conservados: before.length });
    const after = await textsOf(productoId);
    expect(after.every((t) => t.revisado_sn === 'S')).toBe(true);
    expect(after.find((t) => t.id === before[0].id)?.texto).toBe(
      'Texto corregido a mano <script>alert(1)</script>',
    );

    const again = (
      await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', [
        { productoId, marketplacePromptId },
      ])
    ).body as Body[];
    const forced = await call(
      admin,
      'GET',
      `/generarTextosIAPorProcesoManual?ids=${again[0].id}&sobrescribirRevisados=S`,
    );
    expect(forced.body).toMatchObject({ ejecutados: 1, conservados: 0 });
    const overwritten = await textsOf(productoId);
    expect(overwritten).toHaveLength(before.length);
    expect(overwritten.every((t) => t.revisado_sn === 'N')).toBe(true);
    expect(overwritten.find((t) => t.id === before[0].id)?.texto).not.toContain('corregido');
  });

  it('the prompt test bench answers per campo and language without storing', async () => {
    const productoId = pair[1].productoId;
    const count = async () => (await textsOf(productoId)).length;
    const before = await count();
    const res = await call(
      admin,
      'GET',
      `/generarTextosIAPromptDePruebas?idProducto=${productoId}&campoUno=titulo&promptCampoUno=${encodeURIComponent('Título de máximo 40 caracteres')}&campoDos=descripcion&promptCampoDos=Describe&idiomas=es,en`,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r) => `${r.campo}/${r.idioma}`)).toEqual([
      'titulo/es',
      'titulo/en',
      'descripcion/es',
      'descripcion/en',
    ]);
    expect((res.body[0].texto as string).length).toBeLessThanOrEqual(40);
    expect(res.body[1].texto).toMatch(/^\[EN\]/);
    expect(await count()).toBe(before);
    expect((await call(admin, 'GET', '/generarTextosIAPromptDePruebas?campoUno=titulo')).status).toBe(400);
  });

  it('existeMarketPlaceYCategoria finds an existing pair, excluding the edited prompt', async () => {
    const [prompt] = (await call(admin, 'GET', `/MarketPlacePrompts?filter=${q({ limit: 1 })}`))
      .body as Body[];
    const base = `/existeMarketPlaceYCategoria?marketplaceId=${prompt.marketplaceId}&categoriaId=${prompt.categoriaCodigo}`;
    expect((await call(admin, 'GET', base)).body).toEqual({ existe: true });
    expect((await call(admin, 'GET', `${base}&idExcluir=${prompt.id}`)).body).toEqual({ existe: false });
    expect(
      (
        await call(
          admin,
          'GET',
          `/existeMarketPlaceYCategoria?marketplaceId=${prompt.marketplaceId}&categoriaId=NOEXISTE`,
        )
      ).body,
    ).toEqual({ existe: false });
  });

  it('the generic dispatch answers Ejecutado / NoEjecutado', async () => {
    const [{ productoId, marketplacePromptId }] = pair;
    const base64Data = Buffer.from(JSON.stringify([{ productoId, marketplacePromptId }])).toString('base64');
    const textsOnly = await call(
      admin,
      'POST',
      `/generarTextos_IA_API_SVAN?$endpoint=${encodeURIComponent('pim/process-base64')}`,
      {
        base64Data,
      },
    );
    expect(textsOnly.status).toBe(200);
    expect(textsOnly.body.status).toBe('Ejecutado');
    expect((textsOnly.body.textos as Body[]).length).toBeGreaterThan(0);
    const direct = await call(
      admin,
      'POST',
      `/generarTextos_IA_API_SVAN?$endpoint=${encodeURIComponent('pim/process-base64-direct')}`,
      {
        base64Data,
      },
    );
    expect(direct.body).toMatchObject({ status: 'Ejecutado', ejecutados: 1 });
    const none = Buffer.from(JSON.stringify([{ productoId: 999999 }])).toString('base64');
    const failed = await call(
      admin,
      'POST',
      `/generarTextos_IA_API_SVAN?$endpoint=${encodeURIComponent('pim/process-base64')}`,
      {
        base64Data: none,
      },
    );
    expect(failed.body.status).toBe('NoEjecutado');
    expect(
      (await call(admin, 'POST', '/generarTextos_IA_API_SVAN?$endpoint=otro', { base64Data })).status,
    ).toBe(400);
    expect(
      (
        await call(
          admin,
          'POST',
          `/generarTextos_IA_API_SVAN?$endpoint=${encodeURIComponent('pim/process-base64')}`,
          { base64Data: '%%%' },
        )
      ).status,
    ).toBe(400);
  });

  it('is company-scoped through the products', async () => {
    const [other] = (
      await call(admin, 'GET', `/productos?filter=${q({ where: { empresaId: 2 }, limit: 1 })}`)
    ).body as Body[];
    const [prompt] = (await call(admin, 'GET', `/MarketPlacePrompts?filter=${q({ limit: 1 })}`))
      .body as Body[];
    const refused = await call(editor, 'POST', '/ProductosGeneracionTextos/createMany', [
      { productoId: other.id, marketplacePromptId: prompt.id },
    ]);
    expect(refused.status).toBe(422);
    const foreign = (await call(admin, 'GET', `/TextosGenerados?filter=${q({ limit: 200 })}`)).body as Body[];
    const products2 = new Set(
      (
        (
          await call(
            admin,
            'GET',
            `/productos?filter=${q({ where: { empresaId: 2 }, fields: { id: true } })}`,
          )
        ).body as Body[]
      ).map((p) => p.id),
    );
    const text2 = foreign.find((t) => products2.has(t.productoId));
    if (text2) {
      const patched = await call(editor, 'PATCH', '/ProductosGeneracionTextos/updateManyProcesado', {
        ids: [text2.id],
        nuevoEstado: 'S',
      });
      expect(patched.body).toEqual({ count: 0 });
    }
    expect(
      (await call(editor, 'GET', `/obtenerTodosLosTextosGeneradosParaElProducto?idProducto=${other.id}`))
        .status,
    ).toBe(404);
    const vista = (await call(editor, 'GET', '/obtenerRegistrosVistaMarketPlaceProductoGeneral'))
      .body as Body[];
    expect(vista.length).toBeGreaterThan(0);
    expect(vista.some((row) => products2.has(row.productoId))).toBe(false);
  });

  it('rejects bad bodies with LoopBack errors', async () => {
    const bad = await call(admin, 'PATCH', '/ProductosGeneracionTextos/updateManyProcesado', {
      ids: [1],
      nuevoEstado: 'X',
    });
    expect(bad.status).toBe(422);
    expect((bad.body.error as Body).code).toBe('VALIDATION_FAILED');
    expect((await call(admin, 'GET', '/generarTextosIAPorProcesoManual?ids=a,b')).status).toBe(400);
  });
});

/** Company-1 products with a prompt for `marketplaceId`, no generated text and not in `pair`. */
const freePairs = async (count: number) => {
  const products = (
    await call(
      admin,
      'GET',
      `/productos?filter=${q({ where: { empresaId: 1, activoEnMarketplace: 'S' }, limit: 300 })}`,
    )
  ).body as Body[];
  const texts = (await call(admin, 'GET', `/TextosGenerados?filter=${q({ fields: { productoId: true } })}`))
    .body as Body[];
  const used = new Set([...texts.map((t) => t.productoId), ...pair.map((p) => p.productoId)]);
  const free = products.filter((p) => !used.has(p.id)).map((p) => p.id);
  const { body } = await call(admin, 'GET', `/generacion-textos/prompts?productos=${free.join(',')}`);
  const unique = (body.pares as typeof pair).filter(
    (p, i, all) => all.findIndex((o) => o.productoId === p.productoId) === i,
  );
  expect(unique.length).toBeGreaterThanOrEqual(count);
  return unique.slice(0, count);
};

const queueRows = async (ids: number[]) =>
  (
    await call(
      admin,
      'GET',
      `/ProductosGeneracionTextos?filter=${q({ where: { id: { inq: ids } }, order: ['id ASC'] })}`,
    )
  ).body as Body[];

describe('generation run lifecycle', () => {
  it('createMany sent again (a retry, a second click) reuses the pending rows instead of queueing twice', async () => {
    const items = (await freePairs(2)).map(({ productoId, marketplacePromptId }) => ({
      productoId,
      marketplacePromptId,
      idiomas: 'es,en',
    }));
    const first = (await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', items)).body as Body[];
    const again = (await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', items)).body as Body[];
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
    // other languages are other work: a new row
    const other = (
      await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', [{ ...items[0], idiomas: 'pt' }])
    ).body as Body[];
    expect(other[0].id).not.toBe(first[0].id);
    const pending = (
      await call(
        admin,
        'GET',
        `/ProductosGeneracionTextos/count?where=${q({ productoId: items[0].productoId, marketplacePromptId: items[0].marketplacePromptId, procesado: 'N' })}`,
      )
    ).body as unknown as { count: number };
    expect(pending.count).toBe(2);
    // once processed, the same items queue new work
    await call(admin, 'GET', `/generarTextosIAPorProcesoManual?ids=${first.map((r) => r.id).join(',')}`);
    const later = (await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', items)).body as Body[];
    expect(later.map((r) => r.id)).not.toContain(first[0].id);
    await call(admin, 'PATCH', '/ProductosGeneracionTextos/cancelarPendientes', {
      ids: [...later, ...other].map((r) => r.id),
    });
  });

  it('a stopped run: cancelarPendientes marks the rest cancelled and no later manual or nightly run generates it', async () => {
    const pairs = await freePairs(3);
    const queued = (
      await call(
        admin,
        'POST',
        '/ProductosGeneracionTextos/createMany',
        pairs.map(({ productoId, marketplacePromptId }) => ({ productoId, marketplacePromptId })),
      )
    ).body as Body[];
    const ids = queued.map((r) => r.id as number);
    // the app processed the first row, then the user pressed "Detener"
    const first = await call(admin, 'GET', `/generarTextosIAPorProcesoManual?ids=${ids[0]}`);
    expect(first.body).toMatchObject({ procesados: 1, ejecutados: 1, pendientes: 0 });
    const cancelled = await call(admin, 'PATCH', '/ProductosGeneracionTextos/cancelarPendientes', { ids });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ count: 2, enProceso: [] });

    const byId = async () => {
      const rows = await queueRows(ids);
      return ids.map((id) => rows.find((r) => r.id === id)!);
    };
    const rows = await byId();
    expect(rows.map((r) => [r.procesado, r.estado])).toEqual([
      ['S', 'Ejecutado'],
      ['S', 'NoEjecutado'],
      ['S', 'NoEjecutado'],
    ]);
    expect(rows[1].motivo).toBe('Cancelada por el usuario antes de procesarse');

    // neither the manual run without ids (first 50 pending) nor the nightly run picks them up
    await call(admin, 'GET', '/generarTextosIAPorProcesoManual');
    const nightly = await call(admin, 'GET', '/generarTextosIAPorProcesoNocturno');
    expect(nightly.status).toBe(200);
    expect((nightly.body.resultados as Body[]).map((r) => r.id)).not.toContain(ids[1]);
    for (const { productoId } of pairs.slice(1)) expect(await textsOf(productoId)).toEqual([]);
    expect((await byId()).slice(1).map((r) => r.estado)).toEqual(['NoEjecutado', 'NoEjecutado']);
    // asking for them explicitly does nothing either, and cancelling twice counts nothing
    const explicit = await call(
      admin,
      'GET',
      `/generarTextosIAPorProcesoManual?ids=${ids.slice(1).join(',')}`,
    );
    expect(explicit.body).toMatchObject({ procesados: 0, pendientes: 0 });
    expect(
      (await call(admin, 'PATCH', '/ProductosGeneracionTextos/cancelarPendientes', { ids })).body,
    ).toEqual({ count: 0, enProceso: [] });
  });

  it('cancelarPendientes is company-scoped and validates its body', async () => {
    const [other] = (
      await call(admin, 'GET', `/productos?filter=${q({ where: { empresaId: 2 }, limit: 1 })}`)
    ).body as Body[];
    const [prompt] = (await call(admin, 'GET', `/MarketPlacePrompts?filter=${q({ limit: 1 })}`))
      .body as Body[];
    const [row] = (
      await call(admin, 'POST', '/ProductosGeneracionTextos/createMany', [
        { productoId: other.id, marketplacePromptId: prompt.id },
      ])
    ).body as Body[];
    const refused = await call(editor, 'PATCH', '/ProductosGeneracionTextos/cancelarPendientes', {
      ids: [row.id],
    });
    expect(refused.body).toEqual({ count: 0, enProceso: [] });
    expect((await queueRows([row.id as number]))[0].procesado).toBe('N');
    const bad = await call(admin, 'PATCH', '/ProductosGeneracionTextos/cancelarPendientes', { ids: ['x'] });
    expect(bad.status).toBe(422);
    await call(admin, 'PATCH', '/ProductosGeneracionTextos/cancelarPendientes', { ids: [row.id] });
  });

  it('the review view carries each row’s text ids (bulk review in one updateManyProcesado)', async () => {
    const { productoId } = pair[1];
    const vista = (
      await call(admin, 'GET', `/obtenerRegistrosVistaMarketPlaceProductoGeneral?productos=${productoId}`)
    ).body as Body[];
    const texts = await textsOf(productoId);
    expect(vista.flatMap((row) => row.textIds as number[]).sort()).toEqual(texts.map((t) => t.id).sort());
  });
});

describe('one prompt per marketplace and category', () => {
  it('a second prompt for the same pair answers 422 ER_DUP_ENTRY, on create and on edit', async () => {
    const [prompt] = (await call(admin, 'GET', `/MarketPlacePrompts?filter=${q({ limit: 1 })}`))
      .body as Body[];
    const dup = await call(admin, 'POST', '/MarketPlacePrompts', {
      marketplaceId: prompt.marketplaceId,
      categoriaCodigo: String(prompt.categoriaCodigo).toLowerCase(),
      campoUno: 'titulo',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.error).toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(String((dup.body.error as Body).message)).toMatch(/for key '(\w+\.)?categoriaCodigo'/);

    const created = await call(admin, 'POST', '/MarketPlacePrompts', {
      marketplaceId: prompt.marketplaceId,
      categoriaCodigo: 'CATEGORIA-NUEVA-PRUEBA',
      campoUno: 'titulo',
    });
    expect(created.status).toBe(200);
    const moved = await call(admin, 'PATCH', `/MarketPlacePrompts/${created.body.id}`, {
      categoriaCodigo: prompt.categoriaCodigo,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error).toMatchObject({ code: 'ER_DUP_ENTRY' });
    // the same category in another marketplace is fine
    const [otherMp] = (
      await call(
        admin,
        'GET',
        `/MarketPlaces?filter=${q({ where: { id: { neq: prompt.marketplaceId } }, limit: 1 })}`,
      )
    ).body as Body[];
    const elsewhere = await call(admin, 'PATCH', `/MarketPlacePrompts/${created.body.id}`, {
      marketplaceId: otherMp.id,
      categoriaCodigo: 'OTRA-CATEGORIA-PRUEBA',
    });
    expect(elsewhere.status).toBe(204);
    expect((await call(admin, 'DELETE', `/MarketPlacePrompts/${created.body.id}`)).status).toBe(204);
  });
});
