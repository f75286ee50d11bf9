/**
 * The columns a configurable list shows, as react-admin's DatagridConfigurable keeps them in the store
 * (`preferences.<resource>.datagrid.{availableColumns, omit, columns}`): the chosen column indexes, else every
 * available column but the omitted ones. Read by the saved views and by lists that fetch data only for the
 * columns shown (the product list's title, brand and EAN).
 */
import { useMemo } from 'react';
import { useStore } from 'react-admin';
import type { ListColumn } from '../../core/savedViews';

export const datagridPreferenceKey = (resource: string): string => `preferences.${resource}.datagrid`;

export const useVisibleColumns = (resource: string) => {
  const key = datagridPreferenceKey(resource);
  const [available] = useStore<ListColumn[]>(`${key}.availableColumns`, []);
  const [omit] = useStore<string[] | undefined>(`${key}.omit`, undefined);
  const [columns, setColumns] = useStore<string[] | undefined>(`${key}.columns`, undefined);
  const visible = useMemo(
    () =>
      columns ??
      available.filter((column) => !column.source || !omit?.includes(column.source)).map((c) => c.index),
    [available, columns, omit],
  );
  const visibleSources = useMemo(() => {
    const byIndex = new Map(available.map((column) => [column.index, column.source]));
    return new Set(visible.map((index) => byIndex.get(index)).filter((s): s is string => Boolean(s)));
  }, [available, visible]);
  return { available, visible, visibleSources, setColumns };
};
