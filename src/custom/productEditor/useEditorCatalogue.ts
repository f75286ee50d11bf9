/** The selected company's attributes, attribute groups and icons (the editor's choices). */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { AttributeGroupRef } from './attributeGroups';
import type { CatalogueAttribute } from './attributeSync';

const ALL = { page: 1, perPage: 5000 };

export interface IconChoice {
  id: number;
  nombre: string;
  posiblesValores: string[];
}

export const useEditorCatalogue = () => {
  const atributos = useGetList('atributos', { pagination: ALL, sort: { field: 'id', order: 'ASC' } });
  const grupos = useGetList('grupos-atributos', { pagination: ALL, sort: { field: 'id', order: 'ASC' } });
  const iconos = useGetList('Iconos', { pagination: ALL, sort: { field: 'nombre', order: 'ASC' } });
  return useMemo(
    () => ({
      attributes: (atributos.data ?? []) as unknown as CatalogueAttribute[],
      groups: (grupos.data ?? []).map((row) => ({
        id: Number(row.id),
        nombre: String(row.nombre ?? ''),
      })) as AttributeGroupRef[],
      icons: (iconos.data ?? []).map((row) => ({
        id: Number(row.id),
        nombre: String(row.nombre ?? ''),
        posiblesValores: String(row.posiblesValores ?? '')
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean),
      })) as IconChoice[],
      attributesLoaded: atributos.isSuccess,
      isPending: atributos.isPending || grupos.isPending || iconos.isPending,
      error: atributos.error ?? grupos.error ?? iconos.error,
    }),
    [
      atributos.data,
      atributos.isSuccess,
      atributos.isPending,
      atributos.error,
      grupos.data,
      grupos.isPending,
      grupos.error,
      iconos.data,
      iconos.isPending,
      iconos.error,
    ],
  );
};
