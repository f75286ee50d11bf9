/**
 * Component-test stand-in for the catalogue-products endpoints, over a ra-data-fakerest provider (the same
 * data the rest of the app reads): products of the catalogue's company split by membership, the same filters,
 * add/remove writing `catalogos-productos` rows. Every call is recorded; answers can be overridden to produce
 * each answer shape.
 */
import type { DataProvider, RaRecord } from 'react-admin';
import type { CatalogueProductsApi } from '../../src/custom/catalogueProducts/api';
import type { CatalogueProductRow, Membership } from '../../src/core/catalogueProducts/contract';
import type { CatalogueProductFilter } from '../../src/custom/catalogueProducts/filters';

export interface FakeCall {
  method: keyof CatalogueProductsApi;
  catalogoId?: number;
  ids?: readonly number[];
}

export type FakeOverrides = Partial<Pick<CatalogueProductsApi, 'add' | 'remove' | 'deleteByCatalogue'>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const fakeCatalogueApi = (data: DataProvider, overrides: FakeOverrides = {}) => {
  const calls: FakeCall[] = [];
  const all = async (resource: string, filter: Record<string, unknown> = {}): Promise<RaRecord[]> =>
    (
      await data.getList(resource, {
        pagination: { page: 1, perPage: 100000 },
        sort: { field: 'id', order: 'ASC' },
        filter,
      })
    ).data;
  const linksOf = (catalogoId: number) => all('catalogos-productos', { catalogoId });

  const matching = async (
    catalogoId: number,
    membership: Membership,
    filter: CatalogueProductFilter | undefined,
  ): Promise<CatalogueProductRow[]> => {
    const { data: catalogue } = await data.getOne('catalogos', { id: catalogoId });
    const members = new Set((await linksOf(catalogoId)).map((link) => Number(link.productoId)));
    const generals = await all('producto-generals');
    const products = await all('productos', { empresaId: catalogue.empresaId });
    const nombre = text(filter?.nombre).toLowerCase();
    const categoria = text(filter?.categorias).toLowerCase();
    return products
      .filter((product) => members.has(Number(product.id)) === (membership === 'incluidos'))
      .map((product) => {
        const general = generals.find((row) => row.productoId === product.id);
        return {
          id: Number(product.id),
          empresaId: product.empresaId,
          nombre: product.nombre,
          categorias: product.categorias,
          titulo: general?.titulo,
          marca: general?.marca,
          referenciaAgrupacion: general?.referenciaAgrupacion,
        } as CatalogueProductRow;
      })
      .filter(
        (row) =>
          (!nombre || String(row.nombre).toLowerCase().includes(nombre)) &&
          (!categoria ||
            String(row.categorias ?? '')
              .toLowerCase()
              .includes(categoria)) &&
          (!text(filter?.marca) || row.marca === filter?.marca) &&
          (!text(filter?.referenciaAgrupacion) || row.referenciaAgrupacion === filter?.referenciaAgrupacion),
      )
      .sort((a, b) => String(a.nombre).localeCompare(String(b.nombre)));
  };

  const api: CatalogueProductsApi = {
    async list(catalogoId, membership, params) {
      calls.push({ method: 'list', catalogoId });
      const rows = await matching(catalogoId, membership, params.filter);
      const start = (params.page - 1) * params.perPage;
      return { data: rows.slice(start, start + params.perPage), total: rows.length };
    },
    async ids(catalogoId, membership, filter, onProgress) {
      calls.push({ method: 'ids', catalogoId });
      const ids = (await matching(catalogoId, membership, filter)).map((row) => row.id);
      onProgress?.(ids.length, ids.length);
      return ids;
    },
    async add(catalogoId, productoIds) {
      calls.push({ method: 'add', catalogoId, ids: productoIds });
      if (overrides.add) return overrides.add(catalogoId, productoIds);
      const present = new Set((await linksOf(catalogoId)).map((link) => Number(link.productoId)));
      const created: RaRecord[] = [];
      for (const productoId of new Set(productoIds)) {
        if (present.has(productoId)) continue;
        created.push((await data.create('catalogos-productos', { data: { catalogoId, productoId } })).data);
      }
      return created;
    },
    async remove(catalogoId, productoIds) {
      calls.push({ method: 'remove', catalogoId, ids: productoIds });
      if (overrides.remove) return overrides.remove(catalogoId, productoIds);
      const doomed = (await linksOf(catalogoId)).filter((link) =>
        productoIds.includes(Number(link.productoId)),
      );
      for (const link of doomed)
        await data.delete('catalogos-productos', { id: link.id, previousData: link });
      return { deletedCount: doomed.length };
    },
    async deleteByCatalogue(catalogoId) {
      calls.push({ method: 'deleteByCatalogue', catalogoId });
      if (overrides.deleteByCatalogue) return overrides.deleteByCatalogue(catalogoId);
      const doomed = await linksOf(catalogoId);
      for (const link of doomed)
        await data.delete('catalogos-productos', { id: link.id, previousData: link });
      return { deletedCount: doomed.length };
    },
    async groupingReferences() {
      calls.push({ method: 'groupingReferences' });
      const references = (await all('producto-generals'))
        .map((row) => row.referenciaAgrupacion)
        .filter((value): value is string => typeof value === 'string');
      return [...new Set(references)].sort();
    },
  };
  return { api, calls, linksOf };
};
