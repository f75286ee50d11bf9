/** The list screen of any resource, generated from its schema. */
import { DatagridConfigurable, List } from 'react-admin';
import type { ResourceSchema } from '../types';
import { fieldFor } from './fieldFor';
import { listColumns } from './fieldSets';
import { filtersFor } from './filtersFor';
import { GenericBulkDelete, GenericListActions, ListPagination } from './listParts';

export const DEFAULT_PER_PAGE = 10;

export interface GenericListProps {
  schema: ResourceSchema;
}

export const GenericList = ({ schema }: GenericListProps) => {
  const columns = listColumns(schema);
  const filters = filtersFor(schema);
  return (
    <List
      perPage={DEFAULT_PER_PAGE}
      sort={schema.sort}
      filters={filters.length > 0 ? filters : undefined}
      actions={<GenericListActions schema={schema} />}
      pagination={<ListPagination />}
    >
      <DatagridConfigurable
        omit={columns.filter((column) => column.hidden).map((column) => column.field.name)}
        rowClick={schema.operations.update ? 'edit' : 'show'}
        bulkActionButtons={schema.operations.delete ? <GenericBulkDelete /> : false}
      >
        {columns.map((column) => fieldFor(column.field))}
      </DatagridConfigurable>
    </List>
  );
};
