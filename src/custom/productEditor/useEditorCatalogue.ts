/**
 * The selected company's attributes, attribute groups and icons (the editor's choices). When one of the lists
 * cannot be loaded the editor says which (`failed`, Spanish) and offers to load them again (`retry`).
 */
import { useCallback, useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { AttributeGroupRef } from './attributeGroups';
import type { CatalogueAttribute } from './attributeSync';
import { possibleValues } from '../../core/iconValues';
import { QUIET_RETRY } from '../../resources/generic/quietRetry';

const ALL = { page: 1, perPage: 5000 };

export interface IconChoice {
  id: number;
  nombre: string;
  posiblesValores: string[];
}

/** The names of the lists that failed, as the person reads them ('atributos', 'grupos de atributos', 'iconos'). */
export const failedListsText = (failed: readonly string[]): string =>
  failed.length <= 1 ? (failed[0] ?? '') : `${failed.slice(0, -1).join(', ')} y ${failed[failed.length - 1]}`;

/** The editor's Spanish notice when lists failed to load. */
export const catalogueErrorText = (failed: readonly string[], reason?: string): string =>
  `No se pudieron cargar los ${failedListsText(failed)} de la empresa${reason ? ` (${reason})` : ''}. ` +
  'Sin ellos los atributos no se agrupan, no se sincronizan al cambiar la categoría y no se pueden elegir iconos.';

const reasonOf = (error: unknown): string | undefined =>
  error instanceof Error && error.message ? error.message : undefined;

export const useEditorCatalogue = () => {
  const atributos = useGetList(
    'atributos',
    { pagination: ALL, sort: { field: 'id', order: 'ASC' } },
    QUIET_RETRY,
  );
  const grupos = useGetList(
    'grupos-atributos',
    { pagination: ALL, sort: { field: 'id', order: 'ASC' } },
    QUIET_RETRY,
  );
  const iconos = useGetList(
    'Iconos',
    { pagination: ALL, sort: { field: 'nombre', order: 'ASC' } },
    QUIET_RETRY,
  );
  const { refetch: refetchAtributos } = atributos;
  const { refetch: refetchGrupos } = grupos;
  const { refetch: refetchIconos } = iconos;
  const retry = useCallback(() => {
    void refetchAtributos();
    void refetchGrupos();
    void refetchIconos();
  }, [refetchAtributos, refetchGrupos, refetchIconos]);
  return useMemo(() => {
    const failed = [
      atributos.error ? 'atributos' : '',
      grupos.error ? 'grupos de atributos' : '',
      iconos.error ? 'iconos' : '',
    ].filter(Boolean);
    const error = atributos.error ?? grupos.error ?? iconos.error;
    return {
      attributes: (atributos.data ?? []) as unknown as CatalogueAttribute[],
      groups: (grupos.data ?? []).map((row) => ({
        id: Number(row.id),
        nombre: String(row.nombre ?? ''),
      })) as AttributeGroupRef[],
      icons: (iconos.data ?? []).map((row) => ({
        id: Number(row.id),
        nombre: String(row.nombre ?? ''),
        posiblesValores: possibleValues(row.posiblesValores),
      })) as IconChoice[],
      attributesLoaded: atributos.isSuccess,
      /** The attribute catalogue could not be loaded (the category sync cannot run). */
      attributesFailed: Boolean(atributos.error),
      isPending: atributos.isPending || grupos.isPending || iconos.isPending,
      isFetching: atributos.isFetching || grupos.isFetching || iconos.isFetching,
      error,
      failed,
      /** The Spanish notice, when a list failed. */
      errorText: failed.length ? catalogueErrorText(failed, reasonOf(error)) : undefined,
      retry,
    };
  }, [
    atributos.data,
    atributos.isSuccess,
    atributos.isPending,
    atributos.isFetching,
    atributos.error,
    grupos.data,
    grupos.isPending,
    grupos.isFetching,
    grupos.error,
    iconos.data,
    iconos.isPending,
    iconos.isFetching,
    iconos.error,
    retry,
  ]);
};
