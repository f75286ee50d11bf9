/** Toolbar and bulk actions of a generated list. */
import {
  BulkDeleteButton,
  CreateButton,
  FilterButton,
  Pagination,
  SelectColumnsButton,
  TopToolbar,
} from 'react-admin';
import { CsvExportButton } from '../../custom/importExport/ExportButton';
import type { ResourceSchema } from '../types';
import { hasOptionalFilters } from './filtersFor';
import { useDeleteSideEffects } from './reloadOnDelete';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

export const ListPagination = () => <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} />;

export const GenericListActions = ({ schema }: { schema: ResourceSchema }) => (
  <TopToolbar>
    {hasOptionalFilters(schema) && <FilterButton />}
    {schema.operations.create && <CreateButton />}
    <SelectColumnsButton />
    {/* spec §7 CSV export: {table}_PIM.csv, ';', BOM, current company and filter, every page */}
    <CsvExportButton schema={schema} />
  </TopToolbar>
);

/**
 * Bulk delete behind a confirmation dialog (pessimistic); deleteKey URLs are the data provider's job;
 * `reloadOnDelete` schemas reload the page afterwards.
 */
export const GenericBulkDelete = ({ schema }: { schema?: ResourceSchema }) => {
  const mutationOptions = useDeleteSideEffects(schema);
  return <BulkDeleteButton mutationMode="pessimistic" mutationOptions={mutationOptions} />;
};
