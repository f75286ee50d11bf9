/** Toolbar and bulk actions of a generated list. */
import {
  BulkDeleteButton,
  CreateButton,
  FilterButton,
  Pagination,
  SelectColumnsButton,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { useHoldOpening } from './AfterFirstRender';
import { CsvExportButton } from './csvExport/ExportButton';
import type { ResourceSchema } from '../types';
import { hasOptionalFilters } from './filtersFor';
import { isOnePerCompany } from './onePerCompany';
import { SavedViewsButton } from './SavedViews';
import { bulkDeletedMessage, useDeleteSideEffects } from './reloadOnDelete';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

/** The lists' pager; none while the rows could not be read (ListLoadError says why). */
/** During the app's opening, the parts rendered after the first pass wait for the list's first page (AfterFirstRender). */
export const HoldOpeningWhileLoading = () => {
  useHoldOpening(useListContext().isPending);
  return null;
};

export const ListPagination = () => {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} />;
};

export const GenericListActions = ({ schema }: { schema: ResourceSchema }) => {
  const { total } = useListContext();
  // one record per company (onePerCompany.ts): no «Crear» once the company has it.
  const full = isOnePerCompany(schema) && (total ?? 0) > 0;
  return (
    <TopToolbar>
      {hasOptionalFilters(schema) && <FilterButton />}
      {schema.operations.create && !full && <CreateButton />}
      <SelectColumnsButton />
      <SavedViewsButton />
      {/* docs/requirements.md#r7-api CSV export: {table}_PIM.csv, ';', BOM, current company and filter, every page */}
      <CsvExportButton schema={schema} />
    </TopToolbar>
  );
};

/**
 * Bulk delete behind a confirmation dialog (pessimistic); deleteKey URLs are the data provider's job; the toast
 * is the plural form (`resources.<name>.notifications.deletedMany`: 'Marca eliminada |||| %{smart_count} marcas
 * eliminadas'); `reloadOnDelete` schemas reload the page afterwards.
 */
export const GenericBulkDelete = ({ schema }: { schema?: ResourceSchema }) => {
  const mutationOptions = useDeleteSideEffects(schema, 'many');
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      mutationOptions={mutationOptions}
      successMessage={schema ? bulkDeletedMessage(schema.name) : undefined}
    />
  );
};
