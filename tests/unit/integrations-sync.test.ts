import { describe, expect, it } from 'vitest';
import { SimulatedErp } from '../../server/erp/adapter';
import { runSync, summaryMessage } from '../../server/erp/sync';
import { aecocFile, aecocFileName } from '../../server/aecoc/file';

const repo = () => {
  const updates: { id: number | string; data: Record<string, unknown> }[] = [];
  return {
    updates,
    updateById: async (id: number | string, data: Record<string, unknown>) => void updates.push({ id, data }),
  };
};
const logRepo = () => {
  const rows: Record<string, unknown>[] = [];
  return { rows, create: async (data: Record<string, unknown>) => rows.push(data) };
};
const at = new Date('2024-05-01T10:00:00Z');

describe('runSync', () => {
  it('success sets both dates and clears the reason; a rejection keeps the reason and no sync date', async () => {
    const r = repo();
    const logs = logRepo();
    const summary = await runSync(
      new SimulatedErp({ failOn: ['MALO'] }),
      logs,
      [
        {
          tabla: 'productos',
          endpoint: 'X',
          repo: r,
          items: [
            { id: 1, registro: 'BUENO', payload: { no: 'BUENO' } },
            { id: 2, registro: 'MALO', payload: { no: 'MALO' } },
          ],
        },
      ],
      () => at,
    );
    expect(summary).toMatchObject({ estado: 'PARCIAL', total: 2, sincronizados: 1, fallidos: 1 });
    expect(r.updates).toEqual([
      {
        id: 1,
        data: {
          fechaEjecucionDeProcesoSincroBC: at,
          fechaSincronizacionConBC: at,
          motivoErrorSincroConBC: null,
        },
      },
      { id: 2, data: { fechaEjecucionDeProcesoSincroBC: at, motivoErrorSincroConBC: 'El ERP rechazó MALO' } },
    ]);
    expect(logs.rows.map((l) => l.nivel)).toEqual(['INFO', 'ERROR']);
  });

  it('ERP down: stops calling it, every row gets the reason; an empty selection is VACIO with a log row', async () => {
    const erp = new SimulatedErp({ down: true });
    const r = repo();
    const logs = logRepo();
    const items = [1, 2, 3].map((id) => ({ id, registro: `S${id}`, payload: {} }));
    const summary = await runSync(erp, logs, [{ tabla: 'productos', endpoint: 'X', repo: r, items }]);
    expect(erp.calls).toHaveLength(1);
    expect(summary.estado).toBe('ERROR');
    expect(r.updates.every((u) => u.data.motivoErrorSincroConBC === 'El ERP no responde')).toBe(true);
    const empty = logRepo();
    expect(
      (await runSync(erp, empty, [{ tabla: 'productos', endpoint: 'X', repo: r, items: [] }])).estado,
    ).toBe('VACIO');
    expect(empty.rows).toHaveLength(1);
    expect(summaryMessage(0, 0, 0)).toBe('No hay registros que sincronizar');
  });
});

describe('AECOC file', () => {
  it('one line per product, semicolons stripped, named by company and UTC time', () => {
    const text = aecocFile([
      { product: { nombre: 'A;1', categorias: 'X' }, general: { ean: '8412345678905' } },
    ]);
    expect(text.split('\r\n')[1]).toBe('A 1;8412345678905;;;;;X;;724');
    expect(aecocFileName(2, new Date('2024-05-01T10:20:30Z'))).toBe('AECOC_2_20240501102030000.csv');
  });
});
