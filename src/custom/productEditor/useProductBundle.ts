/** Loads a product with its general record, catalogue data, attributes, media and icons (the editor's data). */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider, type Identifier } from 'react-admin';
import type { ProductApi } from './api';
import type { ProductAttributeRow } from './attributeSync';
import type { IconRow } from './savePlan';
import type { ProductBundle, Row } from './saveProduct';
import { useProductApi } from './useProductApi';

export const bundleQueryKey = (id: Identifier) => ['productos', 'bundle', String(id)];

const byProduct = async (
  dataProvider: DataProvider,
  resource: string,
  target: string,
  id: Identifier,
  perPage: number,
): Promise<Row[]> =>
  (
    await dataProvider.getList(resource, {
      filter: { [target]: id },
      pagination: { page: 1, perPage },
      sort: { field: target === 'idProducto' ? 'idIcono' : 'id', order: 'ASC' },
    })
  ).data;

export async function loadProductBundle(
  dataProvider: DataProvider,
  api: ProductApi,
  id: Identifier,
): Promise<ProductBundle> {
  const { data: product } = await dataProvider.getOne('productos', { id });
  const [atributos, multimedia, generals, datos, iconos] = await Promise.all([
    api.attributesOf(id),
    api.mediaOf(id),
    byProduct(dataProvider, 'producto-generals', 'productoId', id, 5),
    byProduct(dataProvider, 'producto-datos-catalogo', 'productoId', id, 5),
    byProduct(dataProvider, 'ProductoIconos', 'idProducto', id, 500),
  ]);
  return {
    product,
    general: generals[0],
    datosCatalogo: datos[0],
    atributos: atributos as ProductAttributeRow[],
    multimedia,
    iconos: iconos as IconRow[],
  };
}

/**
 * The bundle of the product being edited. Not kept fresh for long (staleTime 0): opening the editor always
 * loads what is stored now (another person, the Multimedia tab or a replica may have changed it), and
 * ProductEdit waits for that load before showing the form (never a cached copy).
 */
export const useProductBundle = (id: Identifier | undefined) => {
  const dataProvider = useDataProvider();
  const api = useProductApi();
  return useQuery({
    queryKey: bundleQueryKey(id ?? ''),
    queryFn: () => loadProductBundle(dataProvider, api, id as Identifier),
    enabled: id !== undefined && id !== '',
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
};
