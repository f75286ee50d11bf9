/**
 * What the integration screens say after a run (outcomes.ts), the progress counts of a full sync
 * (syncProgress.ts) and the masking of the AECOC manual credentials in the server's error log (aecoc/mask.ts).
 */
import { describe, expect, it } from 'vitest';
import { credentialsIn, maskedLogError, maskUrl } from '../../server/aecoc/mask';
import { parseCsv } from '../../src/core/csv/csv';
import {
  aecocOutcome,
  AECOC_LOCAL_TEXT,
  FEED_EMPTY,
  failuresCsv,
  feedOutcome,
  manualSyncOutcome,
  moreFailures,
  NOT_MARKED_TITLE,
  VOLUME_TITLE,
} from '../../src/custom/integrations/outcomes';
import {
  baselineFilter,
  progressPercent,
  progressText,
  syncDoneWhere,
  syncTargetWhere,
} from '../../src/custom/integrations/syncProgress';

const summary = {
  estado: 'OK' as const,
  mensaje: 'Sincronización completada: 2 de 2 registros sincronizados',
  total: 2,
  sincronizados: 2,
  fallidos: 0,
  errores: [],
};

describe('manual sync outcome (GET /sincronizaProductosManual)', () => {
  it("'volumen NO' (object or bare string) is the volume warning, never a success", () => {
    expect(manualSyncOutcome({ respuesta: 'volumen NO', mensaje: 'Sin volumen' })).toEqual({
      severity: 'warning',
      title: VOLUME_TITLE,
      mensaje: 'Sin volumen',
    });
    expect(manualSyncOutcome('volumen NO')).toMatchObject({
      severity: 'warning',
      title: 'Volumen de producto',
    });
  });

  it('a product not marked for sync is a warning; a summary keeps its counts and state', () => {
    expect(manualSyncOutcome({ respuesta: 'OMITIDO', mensaje: '' })).toMatchObject({
      severity: 'warning',
      title: NOT_MARKED_TITLE,
    });
    const ok = manualSyncOutcome({ respuesta: 'OK', ...summary });
    expect(ok).toMatchObject({ severity: 'success', mensaje: summary.mensaje, summary: { total: 2 } });
    const partial = manualSyncOutcome({
      ...summary,
      estado: 'PARCIAL',
      fallidos: 1,
      errores: [{ tabla: 'repuestos', registro: 'A → B', motivo: 'No' }],
    });
    expect(partial.severity).toBe('warning');
    expect(manualSyncOutcome({ respuesta: 'OK' })).toEqual({
      severity: 'success',
      mensaje: 'Producto sincronizado con BC',
    });
  });
});

describe('AECOC outcome', () => {
  const base = { fichero: 'AECOC_1_x.csv', productos: 3 };
  it('a file that stayed in the local folder (no FTP) is a warning that says nothing was sent', () => {
    const local = aecocOutcome({
      estado: 'OK',
      mensaje: 'generado',
      subido: false,
      destino: 'local',
      ...base,
    });
    expect(local.severity).toBe('warning');
    expect(local.mensaje).toContain(AECOC_LOCAL_TEXT);
    expect(local.mensaje).toContain('AECOC_1_x.csv');
    // an answer without `destino` (another backend): subido false still means "not sent"
    expect(aecocOutcome({ estado: 'OK', mensaje: 'x', subido: false, ...base }).severity).toBe('warning');
  });

  it('uploaded is a success; ERROR and VACIO keep their message', () => {
    expect(aecocOutcome({ estado: 'OK', mensaje: 'enviado', subido: true, destino: 'ftp', ...base })).toEqual(
      { severity: 'success', mensaje: 'enviado' },
    );
    expect(aecocOutcome({ estado: 'ERROR', mensaje: 'FTP', subido: false, ...base }).severity).toBe('error');
    expect(aecocOutcome({ estado: 'VACIO', mensaje: 'Nada', subido: false, ...base })).toEqual({
      severity: 'info',
      mensaje: 'Nada',
    });
  });
});

describe('shopping feed outcome', () => {
  it("an empty feed says 'No hay productos para el feed'; otherwise the file and its product count", () => {
    expect(feedOutcome('f.xlsx', 0)).toMatchObject({ severity: 'info' });
    expect(feedOutcome('f.xlsx', 0).mensaje).toContain(FEED_EMPTY);
    expect(feedOutcome('f.xlsx', 12345).mensaje).toBe('Descargado f.xlsx (12.345 productos)');
    expect(feedOutcome('f.xlsx', null).mensaje).toBe('Descargado f.xlsx');
  });
});

describe('sync failures beyond the first 20', () => {
  it("'… y N más' and every failure as a CSV", () => {
    expect(moreFailures(20)).toBe('');
    expect(moreFailures(21)).toBe('… y 1 más');
    expect(moreFailures(15020)).toBe('… y 15.000 más');
    const errores = Array.from({ length: 25 }, (_, i) => ({
      tabla: 'productos',
      registro: `SKU-${i}`,
      motivo: i === 0 ? '=HYPERLINK("x");mal' : 'El ERP rechazó',
    }));
    const file = failuresCsv(errores);
    expect(file.fileName).toBe('fallos_sincronizacion_PIM.csv');
    const parsed = parseCsv(file.text);
    expect(parsed.headers).toEqual(['tabla', 'registro', 'motivo']);
    expect(parsed.records).toHaveLength(25);
    // neutralised and stripped like every export
    expect(file.text).toContain(`"'=HYPERLINK(""x"") mal"`);
  });
});

describe('full sync progress', () => {
  it('counts the marked products of the company whose run date moved past the baseline', () => {
    expect(syncTargetWhere(2)).toEqual({ and: [{ empresaId: 2 }, { sincronizarConBC: 'S' }] });
    expect(syncDoneWhere(2, '2026-01-01T10:00:00.000Z')).toEqual({
      and: [
        { empresaId: 2 },
        { sincronizarConBC: 'S' },
        { fechaEjecucionDeProcesoSincroBC: { gt: '2026-01-01T10:00:00.000Z' } },
      ],
    });
    expect(syncDoneWhere(2, null).and).toContainEqual({ fechaEjecucionDeProcesoSincroBC: { neq: null } });
    expect(baselineFilter(2)).toMatchObject({ order: ['fechaEjecucionDeProcesoSincroBC DESC'], limit: 1 });
  });

  it('percent and text, clamped; the relations phase after the products', () => {
    expect(progressPercent({ done: 30, total: 120 })).toBe(25);
    expect(progressPercent({ done: 150, total: 120 })).toBe(100);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressText({ done: 30, total: 12000 }, true)).toBe('Productos: 30 de 12.000');
    expect(progressText({ done: 12000, total: 12000 }, true)).toContain('sincronizando repuestos');
    expect(progressText({ done: 12500, total: 12000 }, false)).toBe('Productos: 12.000 de 12.000');
  });
});

describe('AECOC manual credentials never reach the error log', () => {
  it('masks the route, the raw and decoded credentials, and logs nothing below 500', () => {
    const url = '/enviarAECOCmanual/ana%40demo.pim/P%40ss%2Fw0rd?empresaId=1';
    expect(maskUrl(url)).toBe('/enviarAECOCmanual/***/***?empresaId=1');
    expect(credentialsIn(url)).toEqual(
      expect.arrayContaining(['ana@demo.pim', 'P@ss/w0rd', 'P%40ss%2Fw0rd']),
    );
    expect(credentialsIn('/enviarAECOC?empresaId=1')).toEqual([]);
    const lines: string[] = [];
    const log = maskedLogError((...args) => lines.push(args.map(String).join(' ')));
    const req = { method: 'GET', url, originalUrl: url } as never;
    log(new Error('400 nada'), 400, req);
    expect(lines).toEqual([]);
    log(new Error('falló con P@ss/w0rd y ana@demo.pim'), 500, req);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('/enviarAECOCmanual/***/***');
    expect(lines[0]).not.toContain('P@ss');
    expect(lines[0]).not.toContain('ana@demo.pim');
    // other routes log as LoopBack does
    log(new Error('boom'), 500, { method: 'GET', url: '/productos', originalUrl: '/productos' } as never);
    expect(lines[1]).toContain('/productos');
  });
});
