/**
 * The product list (docs/requirements.md#r2-screens): page 1, 10 per page, nombre ASC; filters name contains, category contains and
 * finalizado S/N; the main picture, categories and families joined with '; ', the review status of the
 * marketplace texts (one batched request per page); column chooser, CSV export of the current filter and
 * bulk delete behind a confirmation. The export is every other list's (CsvExportButton): the selected company
 * and the current filter, page by page with progress and Cancel, no cap, `productos_PIM.csv` with the
 * productos table's columns. A field declared on the products schema that the list does not place itself is a
 * column of the chooser too (hidden at first unless the schema says `inList: true`; never when `inList: false`).
 * Issue 16: one search box over SKU, title, EAN and brand and a category picker from the tree, both served by
 * the API (SearchFilters.tsx); title, brand and EAN columns in the chooser from one request per page
 * (GeneralColumns.tsx).
 * Issue 17: above the table, the products ready and not ready per marketplace (ReadinessSummary.tsx).
 */
import Box from '@mui/material/Box';
import { cloneElement, type ReactElement } from 'react';
import {
  BulkDeleteButton,
  CreateButton,
  List,
  SelectColumnsButton,
  TextField,
  TopToolbar,
  useNotify,
} from 'react-admin';
import { CsvExportButton } from '../../resources/generic/csvExport/ExportButton';
import { errorToast } from '../productEditor/ErrorToast';
import { MESSAGES } from '../productEditor/messages';
import { DEFAULT_PER_PAGE } from '../../resources/generic/listDefaults';
import { filterFor } from '../../resources/generic/filtersFor';
import {
  openableRowsBody,
  openableRowsSx,
  QuietBulkActionsToolbar,
} from '../../resources/generic/keyboardRows';
import { HoldOpeningWhileLoading, ListPagination } from '../../resources/generic/listParts';
import { ListLoadError } from '../../resources/generic/ListLoadError';
import { SavedViewsButton } from '../../resources/generic/SavedViews';
import { fieldFor } from '../../resources/generic/fieldFor';
import { SNField } from '../../resources/generic/recordFields';
import { productos } from '../../resources/productos/schema';
import { declared } from '../../resources/registry';
import type { FieldSchema, ResourceSchema } from '../../resources/types';
import { JoinedListField, MarketplaceField, ProductDateField, ThumbnailField } from './fields';
import { ReadinessField, ReadinessFilter, ReadinessProvider } from './ReadinessColumn';
import { ReadinessSummaryPanel } from './ReadinessSummary';
import { ReviewStatusField, ReviewStatusProvider } from './ReviewStatusColumn';
import { GENERAL_COLUMNS, GENERAL_LABELS, GeneralDataProvider, GeneralField } from './GeneralColumns';
import { CategoryTreeFilter, ProductSearchInput } from './SearchFilters';
import { MassEditButton } from './MassEdit';
import { CATEGORY_FILTER } from '../../core/productSearch';
import { AfterFirstRender, useAfterFirstRender } from '../../resources/generic/AfterFirstRender';
import { SMALL_FIELD_PLACE } from '../../resources/generic/fieldPlace';
import { PimDatagridConfigurable } from '../../resources/generic/PimDatagridConfigurable';

/** Columns offered by the chooser but hidden at first. */
const HIDDEN = [
  'id',
  'titulo',
  'marca',
  'ean',
  'fechaModificacion',
  'fechaCreacion',
  'finalizadoSAT',
  'enviarAecoc',
  'sincronizarConBC',
  'ensamblado',
  'activoEnMarketplace',
];

/** The product fields this list shows with its own cells (below). */
const PLACED = new Set(['id', 'imagen', 'nombre', 'categorias', 'familias', 'finalizado', ...HIDDEN]);

/** Declared product fields the list does not place itself: shown with the generic cell of their type. */
export const declaredColumns = (schema: ResourceSchema): FieldSchema[] =>
  schema.fields.filter((field) => !PLACED.has(field.name) && !field.writeOnly && field.inList !== false);

const ListActions = ({ schema }: { schema: ResourceSchema }) => (
  <TopToolbar>
    {/* after the rows' query has left: the saved views and the mass edit ask for data of their own */}
    <AfterFirstRender>
      <CreateButton />
      <SelectColumnsButton />
      <SavedViewsButton />
      <MassEditButton />
      <CsvExportButton schema={schema} />
    </AfterFirstRender>
  </TopToolbar>
);

/** Shown once rows are selected: rendered after the first rows (the checkboxes come with them). */
const BulkActions = () => (
  <AfterFirstRender>
    <BulkActionButtons />
  </AfterFirstRender>
);

const BulkActionButtons = () => {
  const notify = useNotify();
  return (
    <>
      <MassEditButton bulk />
      <BulkDeleteButton
        mutationMode="pessimistic"
        mutationOptions={{
          onError: (error: unknown) => {
            notify(errorToast(MESSAGES.deleteError, error), {
              type: 'error',
              messageArgs: { _: MESSAGES.deleteError },
            });
          },
        }}
      />
    </>
  );
};

/** «Preparado» (listo para <marketplace>, < 80 %), after the schema's filters. */
const READINESS_FILTER = <ReadinessFilter key="preparado" source="preparado" label="Preparado" />;

/**
 * A filter shown from the start (alwaysOn), rendered in the pass after the list's first render: its rows come
 * first (the three inputs held the first row back some 0.2 s of the main thread here). Meanwhile a box of the
 * input's size keeps the toolbar's height, so nothing moves when it comes. The form passes its props (source,
 * size, …) on to the input.
 */
const AfterRowsFilter = ({
  input,
  ...props
}: { input: ReactElement; source: string } & Record<string, unknown>) =>
  useAfterFirstRender() ? (
    cloneElement(input, props)
  ) : (
    <Box aria-hidden sx={{ width: 220, ...SMALL_FIELD_PLACE }} />
  );

/** A filter shown from the start waits for the rows (above); the others render when the user adds them. */
const shownFirst = (input: ReactElement<{ source: string; label?: string; alwaysOn?: boolean }>) =>
  input.props.alwaysOn ? (
    <AfterRowsFilter
      key={input.props.source}
      source={input.props.source}
      label={input.props.label}
      alwaysOn
      input={input}
    />
  ) : (
    input
  );

/** The schema's filters, the search box (SKU, title, EAN, brand) and the category tree picker in their place. */
const listFilters = (schema: ResourceSchema) => [
  ...schema.filters.map((filter) =>
    shownFirst(
      filter.source === 'q' ? (
        <ProductSearchInput key="q" source="q" label={filter.label} alwaysOn={filter.alwaysOn} />
      ) : filter.source === CATEGORY_FILTER ? (
        <CategoryTreeFilter
          key={CATEGORY_FILTER}
          source={CATEGORY_FILTER}
          label={filter.label}
          alwaysOn={filter.alwaysOn}
        />
      ) : (
        filterFor(schema, filter)
      ),
    ),
  ),
  READINESS_FILTER,
];

export const ProductList = () => {
  const schema = declared(productos);
  const more = declaredColumns(schema);
  return (
    <List
      perPage={DEFAULT_PER_PAGE}
      sort={schema.sort}
      filters={listFilters(schema)}
      actions={<ListActions schema={schema} />}
      pagination={<ListPagination />}
      error={<ListLoadError />}
      exporter={false}
    >
      <HoldOpeningWhileLoading />
      <ReadinessSummaryPanel />
      <ReviewStatusProvider>
        <ReadinessProvider>
          <GeneralDataProvider>
            <PimDatagridConfigurable
              omit={[...HIDDEN, ...more.filter((field) => field.inList !== true).map((field) => field.name)]}
              rowClick="edit"
              body={openableRowsBody}
              sx={openableRowsSx}
              bulkActionButtons={<BulkActions />}
              bulkActionsToolbar={
                <QuietBulkActionsToolbar>
                  <BulkActions />
                </QuietBulkActionsToolbar>
              }
            >
              <TextField source="id" />
              <ThumbnailField source="imagen" sortable={false} />
              <TextField source="nombre" />
              {GENERAL_COLUMNS.map((source) => (
                <GeneralField key={source} source={source} label={GENERAL_LABELS[source]} sortable={false} />
              ))}
              <JoinedListField source="categorias" />
              <JoinedListField source="familias" />
              <SNField source="finalizado" />
              <ReviewStatusField source="estadoRevision" label="Estado de revisión" sortable={false} />
              <ReadinessField source="preparado" label="Preparado" sortable={false} />
              <ProductDateField source="fechaModificacion" />
              <ProductDateField source="fechaCreacion" />
              <SNField source="finalizadoSAT" />
              <SNField source="enviarAecoc" />
              <SNField source="sincronizarConBC" />
              <SNField source="ensamblado" />
              <MarketplaceField source="activoEnMarketplace" />
              {more.map(fieldFor)}
            </PimDatagridConfigurable>
          </GeneralDataProvider>
        </ReadinessProvider>
      </ReviewStatusProvider>
    </List>
  );
};

export default ProductList;
