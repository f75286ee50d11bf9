/** Toolbar and bulk actions of a generated list. */
import {
  BulkDeleteButton,
  CreateButton,
  ExportButton,
  FilterButton,
  Pagination,
  SelectColumnsButton,
  TopToolbar,
} from 'react-admin';
import type { ResourceSchema } from '../types';
import { hasOptionalFilters } from './filtersFor';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

export const ListPagination = () => <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} />;

export const GenericListActions = ({ schema }: { schema: ResourceSchema }) => (
  <TopToolbar>
    {hasOptionalFilters(schema) && <FilterButton />}
    {schema.operations.create && <CreateButton />}
    <SelectColumnsButton />
    <ExportButton />
  </TopToolbar>
);

/** Bulk delete behind a confirmation dialog (pessimistic); deleteKey URLs are the data provider's job. */
export const GenericBulkDelete = () => <BulkDeleteButton mutationMode="pessimistic" />;
