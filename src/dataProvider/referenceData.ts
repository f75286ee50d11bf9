/**
 * The app's calls to the reference-data endpoints (contract.ts), as extra methods on the data provider, so
 * they share its HTTP client (Bearer, single-flight refresh, Spanish error messages); part of the app's one data
 * provider (src/custom/dataProvider.ts). Screens reach them with `useReferenceData()`. Path parameters are required (docs/requirements.md#r5-validation client call rule).
 */
import { useMemo } from 'react';
import { useDataProvider, type DataProvider, type Identifier } from 'react-admin';
import type { HttpClient } from './http';
import { getSelectedEmpresaId } from './company';
import {
  COMPRUEBA_ATRIBUTOS_PATH,
  ELIMINA_ATRIBUTOS_PATH,
  POR_CATEGORIA_PATH,
  type CountAnswer,
  type ProductoEnCategoria,
} from '../core/referenceData/contract';

export interface ReferenceDataApi {
  /** GET /{endpoint}?q=&limit=&empresaId= → the suggestions of a text input (schema `suggestions`). */
  suggestions(endpoint: string, params?: { q?: string; limit?: number }): Promise<string[]>;
  /** GET /productos/por-categoria/{tipo}/{nombre}: 'Tipo no válido' for any tipo but categoria/subcategoria. */
  productosPorCategoria(tipo: string, nombre: string): Promise<ProductoEnCategoria[]>;
  /** How many products of the category carry the attribute. */
  compruebaAtributosEnProductosPorCategoria(categoriaNombre: string, atributoId: Identifier): Promise<number>;
  /** Removes the attribute from the products of the category; how many rows went. */
  eliminaAtributosEnProductosPorCategoria(categoriaNombre: string, atributoId: Identifier): Promise<number>;
}

/** docs/requirements.md#r5-validation: "Each required path parameter must be present", the error names it. */
export const requireParam = (value: unknown, name: string, operation: string): string => {
  if (value === null || value === undefined || String(value).trim() === '') {
    throw new Error(`Required parameter ${name} was null or undefined when calling ${operation}.`);
  }
  return encodeURIComponent(String(value));
};

const countOf = (json: unknown): number => {
  const count = (json as Partial<CountAnswer> | null)?.count;
  return typeof count === 'number' ? count : 0;
};

export interface ReferenceDataOptions {
  /** The selected company (default: localStorage 'selectedEmpresaId', else 1). */
  getEmpresaId?: () => number;
}

export const referenceDataApi = (
  apiUrl: string,
  httpClient: HttpClient,
  options: ReferenceDataOptions = {},
): ReferenceDataApi => {
  const base = apiUrl.replace(/\/+$/, '');
  const empresa = () => String((options.getEmpresaId ?? getSelectedEmpresaId)());
  const getJson = async (path: string, query: Record<string, string> = {}): Promise<unknown> => {
    const search = new URLSearchParams(query).toString();
    return (await httpClient(`${base}/${path}${search ? `?${search}` : ''}`)).json;
  };
  return {
    async suggestions(endpoint, params = {}) {
      const path = requireParam(endpoint, 'endpoint', 'suggestions').replace(/%2F/gi, '/');
      const query: Record<string, string> = { empresaId: empresa() };
      if (params.q) query.q = params.q;
      if (params.limit) query.limit = String(params.limit);
      const json = await getJson(path, query);
      return Array.isArray(json) ? json.map(String) : [];
    },
    async productosPorCategoria(tipo, nombre) {
      const operation = 'productosPorCategoria';
      const path = `${POR_CATEGORIA_PATH}/${requireParam(tipo, 'tipo', operation)}/${requireParam(nombre, 'nombre', operation)}`;
      const json = await getJson(path, { empresaId: empresa() });
      return Array.isArray(json) ? (json as ProductoEnCategoria[]) : [];
    },
    async compruebaAtributosEnProductosPorCategoria(categoriaNombre, atributoId) {
      const operation = 'compruebaAtributosEnProductosPorCategoria';
      return countOf(
        await getJson(
          `${COMPRUEBA_ATRIBUTOS_PATH}/${requireParam(categoriaNombre, 'categoriaNombre', operation)}/${requireParam(atributoId, 'atributoId', operation)}`,
        ),
      );
    },
    async eliminaAtributosEnProductosPorCategoria(categoriaNombre, atributoId) {
      const operation = 'eliminaAtributosEnProductosPorCategoria';
      return countOf(
        await getJson(
          `${ELIMINA_ATRIBUTOS_PATH}/${requireParam(categoriaNombre, 'categoriaNombre', operation)}/${requireParam(atributoId, 'atributoId', operation)}`,
        ),
      );
    },
  };
};

const MISSING = (method: string) => () =>
  Promise.reject(new Error(`El proveedor de datos no implementa ${method} (src/custom/dataProvider.ts).`));

/** The reference-data methods of the app's data provider (stable while the provider is). */
export const useReferenceData = (): ReferenceDataApi => {
  const dataProvider = useDataProvider<DataProvider & Partial<ReferenceDataApi>>();
  return useMemo(
    () => ({
      suggestions: dataProvider.suggestions?.bind(dataProvider) ?? MISSING('suggestions'),
      productosPorCategoria:
        dataProvider.productosPorCategoria?.bind(dataProvider) ?? MISSING('productosPorCategoria'),
      compruebaAtributosEnProductosPorCategoria:
        dataProvider.compruebaAtributosEnProductosPorCategoria?.bind(dataProvider) ??
        MISSING('compruebaAtributosEnProductosPorCategoria'),
      eliminaAtributosEnProductosPorCategoria:
        dataProvider.eliminaAtributosEnProductosPorCategoria?.bind(dataProvider) ??
        MISSING('eliminaAtributosEnProductosPorCategoria'),
    }),
    [dataProvider],
  );
};
