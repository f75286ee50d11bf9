/** The list screen of any resource, generated from its schema. */
import { useCallback } from 'react';
import { List, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceSchema } from '../types';
import { fieldFor } from './fieldFor';
import { listColumns } from './fieldSets';
import { filtersFor } from './filtersFor';
import { useLastSelected } from './listMemory';
import { openableRowsBody, openableRowsSx, QuietBulkActionsToolbar } from './keyboardRows';
import { GenericBulkDelete, GenericListActions, HoldOpeningWhileLoading, ListPagination } from './listParts';
import { ListLoadError } from './ListLoadError';
import { usePendingNotice } from './reloadOnDelete';
import { DEFAULT_PER_PAGE } from './listDefaults';
import { PimDatagridConfigurable } from './PimDatagridConfigurable';

export interface GenericListProps {
  schema: ResourceSchema;
}

export const GenericList = ({ schema }: GenericListProps) => {
  const columns = listColumns(schema);
  const filters = filtersFor(schema);
  // docs/requirements.md#r4-states: the row last opened stays marked when the person comes back (listMemory.ts).
  const [lastSelected, setLastSelected] = useLastSelected(schema.name);
  // a delete that reloaded the page (schema reloadOnDelete) left its toast for this list.
  usePendingNotice();
  const target = schema.operations.update ? 'edit' : 'show';
  const rowClick = useCallback(
    (id: Identifier) => {
      setLastSelected(id);
      return target;
    },
    [setLastSelected, target],
  );
  const rowSx = useCallback(
    (record: RaRecord) =>
      lastSelected !== undefined && String(record.id) === String(lastSelected)
        ? { backgroundColor: 'action.selected' }
        : {},
    [lastSelected],
  );
  return (
    <List
      perPage={DEFAULT_PER_PAGE}
      sort={schema.sort}
      filters={filters.length > 0 ? filters : undefined}
      actions={<GenericListActions schema={schema} />}
      pagination={<ListPagination />}
      error={<ListLoadError />}
    >
      <HoldOpeningWhileLoading />
      <PimDatagridConfigurable
        omit={columns.filter((column) => column.hidden).map((column) => column.field.name)}
        rowClick={rowClick}
        rowSx={rowSx}
        body={openableRowsBody}
        sx={openableRowsSx}
        bulkActionButtons={schema.operations.delete ? <GenericBulkDelete schema={schema} /> : false}
        bulkActionsToolbar={
          schema.operations.delete ? (
            <QuietBulkActionsToolbar>
              <GenericBulkDelete schema={schema} />
            </QuietBulkActionsToolbar>
          ) : undefined
        }
      >
        {columns.map((column) => fieldFor(column.field))}
      </PimDatagridConfigurable>
    </List>
  );
};
