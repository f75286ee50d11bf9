/**
 * The product list (docs/requirements.md#r2-screens): page 1, 10 per page, nombre ASC; filters name contains, category contains and
 * finalizado S/N; the main picture, categories and families joined with '; ', the review status of the
 * marketplace texts (one batched request per page); column chooser, CSV export of the current filter and
 * bulk delete behind a confirmation. The export is every other list's (CsvExportButton): the selected company
 * and the current filter, page by page with progress and Cancel, no cap, `productos_PIM.csv` with the
 * productos table's columns.
 */
import {
  BulkDeleteButton,
  CreateButton,
  DatagridConfigurable,
  List,
  SelectColumnsButton,
  TextField,
  TopToolbar,
  useNotify,
} from 'react-admin';
import { CsvExportButton } from '../../resources/generic/csvExport/ExportButton';
import { errorToast } from '../productEditor/ErrorToast';
import { MESSAGES } from '../productEditor/messages';
import { DEFAULT_PER_PAGE } from '../../resources/generic/GenericList';
import { filtersFor } from '../../resources/generic/filtersFor';
import {
  openableRowsBody,
  openableRowsSx,
  QuietBulkActionsToolbar,
} from '../../resources/generic/keyboardRows';
import { ListPagination } from '../../resources/generic/listParts';
import { SNField } from '../../resources/generic/recordFields';
import { productos } from '../../resources/productos/schema';
import { JoinedListField, MarketplaceField, ProductDateField, ThumbnailField } from './fields';
import { ReadinessField, ReadinessFilter, ReadinessProvider } from './ReadinessColumn';
import { ReviewStatusField, ReviewStatusProvider } from './ReviewStatusColumn';

/** Columns offered by the chooser but hidden at first. */
const HIDDEN = [
  'id',
  'fechaModificacion',
  'fechaCreacion',
  'finalizadoSAT',
  'enviarAecoc',
  'sincronizarConBC',
  'ensamblado',
  'activoEnMarketplace',
];

const ListActions = () => (
  <TopToolbar>
    <CreateButton />
    <SelectColumnsButton />
    <CsvExportButton schema={productos} />
  </TopToolbar>
);

const BulkActions = () => {
  const notify = useNotify();
  return (
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
  );
};

/** The schema's filters and «Preparado» (listo para <marketplace>, < 80 %). */
const FILTERS = [
  ...filtersFor(productos),
  <ReadinessFilter key="preparado" source="preparado" label="Preparado" />,
];

export const ProductList = () => (
  <List
    perPage={DEFAULT_PER_PAGE}
    sort={productos.sort}
    filters={FILTERS}
    actions={<ListActions />}
    pagination={<ListPagination />}
    exporter={false}
  >
    <ReviewStatusProvider>
      <ReadinessProvider>
        <DatagridConfigurable
          omit={HIDDEN}
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
        </DatagridConfigurable>
      </ReadinessProvider>
    </ReviewStatusProvider>
  </List>
);

export default ProductList;
