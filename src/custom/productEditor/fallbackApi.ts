/**
 * The ProductApi over the standard DataProvider methods only, for data providers without `productApi` (the
 * fakerest provider of component tests, a demo): lookups work, server-side operations (uploads, replication,
 * ERP sync, image processing, B2B search) answer a clear Spanish error.
 */
import type { DataProvider, Identifier } from 'ra-core';
import type { ProductAttributeRow } from './attributeSync';
import type { ApiRow, ProductApi } from './api';
import { origenOf, type Cambio } from '../../core/history/versions';
import { LOW_PERCENT, parseMissing, READY_PERCENT } from '../../core/readiness/score';

/** `cambios` as stored (JSON text) or already parsed. */
const parseCambios = (value: unknown): Cambio[] => {
  if (Array.isArray(value)) return value as Cambio[];
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Cambio[]) : [];
  } catch {
    return [];
  }
};

const ALL = { page: 1, perPage: 10000 };

export const UNAVAILABLE = 'Esta operación no está disponible con el servidor configurado.';

const unavailable = (): Promise<never> => Promise.reject(new Error(UNAVAILABLE));

export const createFallbackProductApi = (dataProvider: DataProvider): ProductApi => {
  const byProduct = async (resource: string, target: string, id: Identifier): Promise<ApiRow[]> =>
    (
      await dataProvider.getList(resource, {
        filter: { [target]: id },
        pagination: ALL,
        sort: { field: 'id', order: 'ASC' },
      })
    ).data;
  return {
    async getNextId() {
      const { data } = await dataProvider.getList('productos', {
        filter: {},
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'id', order: 'DESC' },
      });
      return Number(data[0]?.id ?? 0) + 1;
    },
    replicate: unavailable,
    upload: unavailable,
    syncManual: unavailable,
    processImages: unavailable,
    b2bProducts: unavailable,
    b2bProduct: unavailable,
    restoreVersion: unavailable,
    async versions(productId) {
      const { data } = await dataProvider.getList('historial', {
        filter: { productoId: productId },
        pagination: ALL,
        sort: { field: 'id', order: 'DESC' },
      });
      return data.map((row) => ({
        id: Number(row.id),
        productoId: Number(row.productoId),
        fecha: String(row.fecha),
        usuario: String(row.usuario ?? ''),
        origen: origenOf(row.origen),
        cambios: parseCambios(row.cambios),
      }));
    },
    async readiness(productId) {
      const { data } = await dataProvider.getList('preparacion', {
        filter: { productoId: productId },
        pagination: ALL,
        sort: { field: 'marketplaceId', order: 'ASC' },
      });
      const ids = [...new Set(data.map((row) => row.marketplaceId as Identifier))];
      const marketplaces = ids.length ? (await dataProvider.getMany('MarketPlaces', { ids })).data : [];
      return data.map((row) => ({
        marketplaceId: Number(row.marketplaceId),
        marketplace: String(
          marketplaces.find((m) => String(m.id) === String(row.marketplaceId))?.codigo ?? row.marketplaceId,
        ),
        porcentaje: Number(row.porcentaje ?? 0),
        faltan: parseMissing(row.faltan),
      }));
    },
    async readinessSummary() {
      // a provider without one of these resources: nothing to count there
      const list = (resource: string, field: string) =>
        dataProvider
          .getList(resource, { filter: {}, pagination: ALL, sort: { field, order: 'ASC' } })
          .then(({ data }) => data)
          .catch((): ApiRow[] => []);
      const [marketplaces, scores, rules] = await Promise.all([
        list('MarketPlaces', 'codigo'),
        list('preparacion', 'id'),
        list('reglas-preparacion', 'id'),
      ]);
      return marketplaces.map((m) => {
        const own = scores.filter((row) => String(row.marketplaceId) === String(m.id));
        const percent = (row: ApiRow) => Number(row.porcentaje ?? 0);
        return {
          marketplaceId: Number(m.id),
          marketplace: String(m.codigo ?? m.id),
          productos: own.length,
          listos: own.filter((row) => percent(row) >= READY_PERCENT).length,
          bajos: own.filter((row) => percent(row) < LOW_PERCENT).length,
          reglas: rules.filter((row) => String(row.marketplaceId) === String(m.id)).length,
        };
      });
    },
    async reviewTexts(productIds) {
      if (!productIds.length) return [];
      const { data } = await dataProvider.getList('TextosGenerados', {
        filter: { productoId: [...productIds] },
        pagination: ALL,
        sort: { field: 'id', order: 'ASC' },
      });
      return data.map((row) => ({ productoId: Number(row.productoId), revisado_sn: row.revisado_sn }));
    },
    async attributesOf(productId) {
      return (await byProduct(
        'producto-atributos',
        'productoId',
        productId,
      )) as unknown as ProductAttributeRow[];
    },
    mediaOf: (productId) => byProduct('producto-multimedias', 'productoId', productId),
    async resetIcons(productId) {
      const rows = await byProduct('ProductoIconos', 'idProducto', productId);
      if (rows.length) {
        await dataProvider.deleteMany('ProductoIconos', { ids: rows.map((row) => row.id as Identifier) });
      }
    },
  };
};
