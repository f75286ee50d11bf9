/**
 * react-admin's DatagridConfigurable with its columns known at the first render.
 *
 * react-admin lists a configurable grid's columns in an effect after its first render and stores them. Until
 * then (a first visit, or any visit after a logout cleared the storage) the grid renders without columns, so
 * the rows showed only after a second render of the whole screen. Here the same list, in react-admin's shape
 * (ra-ui-materialui DatagridConfigurable), is stored before the first render; react-admin's effect then finds it
 * complete and changes nothing.
 */
import { Children, isValidElement, useState, type ReactNode } from 'react';
import {
  DatagridConfigurable,
  useResourceContext,
  useStoreContext,
  useTranslate,
  type DatagridConfigurableProps,
  type TranslateFunction,
} from 'react-admin';

export interface AvailableColumn {
  index: string;
  source?: string;
  label?: string;
}

/** The columns of a configurable grid as react-admin stores them (`preferences.<key>.availableColumns`). */
export const availableColumnsOf = (children: ReactNode, translate: TranslateFunction): AvailableColumn[] =>
  Children.toArray(children)
    .filter(isValidElement)
    .map((child, index) => {
      const { source, label } = child.props as { source?: string; label?: unknown };
      return {
        index: String(index),
        source,
        label:
          typeof label === 'string' && label
            ? label
            : source
              ? undefined
              : translate('ra.configurable.Datagrid.unlabeled', {
                  column: index,
                  _: 'Unlabeled column #%{column}',
                }),
      };
    });

export const PimDatagridConfigurable = (props: DatagridConfigurableProps) => {
  const resource = useResourceContext(props);
  const store = useStoreContext();
  const translate = useTranslate();
  // once, before react-admin's grid reads the store (its first render follows this one's)
  useState(() => {
    const key = `preferences.${props.preferenceKey || `${resource}.datagrid`}`;
    const stored = store.getItem<unknown[]>(`${key}.availableColumns`, []);
    if (Array.isArray(stored) && stored.length > 0) return;
    store.setItem(`${key}.availableColumns`, availableColumnsOf(props.children, translate));
    store.setItem(`${key}.omit`, props.omit);
  });
  return <DatagridConfigurable {...props} />;
};
