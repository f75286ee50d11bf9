import fakeRestDataProvider from 'ra-data-fakerest';
import type { DataProvider, GetListParams } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/core/csv/csv';
import {
  exportFile,
  exportRows,
  fetchAllRows,
  integrationColumns,
  withBasePath,
} from '../../src/resources/generic/csvExport/exporter';
import { schemaForTable } from '../../src/resources/registry';

const productos = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  empresaId: i < 20 ? 1 : 2,
  nombre: `SKU-${i + 1}`,
  familias: 'Fam',
  imagen: `multimedia/SKU-${i + 1}/800x600_a.png`,
}));

/** fakerest, counting getList calls and scoping company tables as the LoopBack provider does. */
const provider = () => {
  const inner = fakeRestDataProvider(
    {
      productos,
      'producto-generals': productos.map((p) => ({ id: p.id, productoId: p.id, sku: p.nombre })),
    },
    false,
  );
  const calls: GetListParams[] = [];
  const scoped: DataProvider = {
    ...inner,
    getList: (resource, params) => {
      calls.push(params);
      const companyField = schemaForTable('productos')?.name === resource ? 'empresaId' : undefined;
      const filter = companyField ? { ...params.filter, empresaId: 1 } : params.filter;
      return inner.getList(resource, { ...params, filter });
    },
  };
  return { provider: scoped, calls };
};

describe('export', () => {
  it('fetches page by page with progress, id ASC, the current filter', async () => {
    const { provider: dp, calls } = provider();
    const progress: [number, number][] = [];
    const rows = await fetchAllRows(dp, 'productos', {
      pageSize: 8,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(calls.map((c) => c.pagination)).toEqual([1, 2, 3].map((page) => ({ page, perPage: 8 })));
    expect(calls.every((c) => c.sort?.field === 'id' && c.sort.order === 'ASC')).toBe(true);
    expect(progress).toEqual([
      [8, 20],
      [16, 20],
      [20, 20],
    ]);
    const filtered = await fetchAllRows(dp, 'productos', { filter: { nombre: 'SKU-3' } });
    expect(filtered.map((r) => r.nombre)).toEqual(['SKU-3']);
  });

  it('can be cancelled between pages', async () => {
    const { provider: dp } = provider();
    const controller = new AbortController();
    await expect(
      fetchAllRows(dp, 'productos', {
        pageSize: 5,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("child tables keep only the current company's rows (producto_general of its products)", async () => {
    const { provider: dp } = provider();
    const rows = await exportRows(dp, schemaForTable('producto_general')!);
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => Number(r.productoId) <= 20)).toBe(true);
  });

  it('{table}_PIM.csv with the declared columns', async () => {
    const { provider: dp } = provider();
    const schema = schemaForTable('productos')!;
    const file = exportFile(schema, await exportRows(dp, schema));
    expect(file.fileName).toBe('productos_PIM.csv');
    const parsed = parseCsv(file.text);
    expect(parsed.headers).toContain('familias');
    expect(parsed.records).toHaveLength(20);
  });

  it('integration template: Familias dropped, the template fields, file columns prefixed with the base path', () => {
    const schema = schemaForTable('productos')!;
    const file = exportFile(schema, productos.slice(0, 2), {
      basePath: '/srv/pim/DEMO/',
      campos: 'nombre, imagen, familias, inexistente',
    });
    const parsed = parseCsv(file.text);
    expect(parsed.headers).toEqual(['nombre', 'imagen']);
    expect(parsed.records[0].cells).toEqual(['SKU-1', '/srv/pim/DEMO/multimedia/SKU-1/800x600_a.png']);
    expect(integrationColumns('productos', '')).not.toContain('familias');
    expect(integrationColumns('productos', '')).toContain('imagen');
  });

  it.each([
    ['/base', 'a/b.png', '/base/a/b.png'],
    ['/base/', '/a.png', '/base/a.png'],
    ['/base', '/base/a.png', '/base/a.png'],
    ['/base', 'https://cdn/x.png', 'https://cdn/x.png'],
    ['', 'a.png', 'a.png'],
    ['/base', '', ''],
  ])('withBasePath(%j, %j) → %j', (base, value, expected) => {
    expect(withBasePath(base, value)).toBe(expected);
  });
});
