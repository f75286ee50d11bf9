/**
 * One of the two lists of the screen: the products not yet in the catalogue, or the products in it.
 * react-admin's own list machinery over the feature's list-only resources (dataProvider.ts): server-side
 * filters, paging (10 per page by default), sorting, selection with checkboxes (a row click toggles it),
 * and the total in the heading. Filters and selection are local to the panel (never in the URL or storage).
 */
import AddIcon from '@mui/icons-material/AddCircleOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import {
  AutocompleteInput,
  BulkActionsToolbar,
  Button,
  Confirm,
  Datagrid,
  FilterForm,
  FunctionField,
  ListBase,
  Pagination,
  SelectAllButton,
  TextField,
  TextInput,
  useListContext,
  useLocaleState,
} from 'react-admin';
import type { CatalogueProductRow, Membership } from '../../core/catalogueProducts/contract';
import { resourceOf } from './dataProvider';
import type { CatalogueProductFilter } from './filters';
import type { CatalogueActions } from './useCatalogueActions';
import { countOf } from '../../core/formats';

export interface CatalogueSummary {
  id: number;
  codigo?: string;
  nombre?: string;
  empresaId?: number;
}

export const PANEL_TITLES: Readonly<Record<Membership, string>> = {
  disponibles: 'Productos disponibles',
  incluidos: 'Productos en el catálogo',
};

export const ROWS_PER_PAGE = [10, 25, 50, 100];
/** "Select all" in the bulk toolbar selects at most this many matching products. */
export const SELECT_ALL_LIMIT = 1000;

const choices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

const filterInputs = (brands: readonly string[], references: readonly string[]): ReactElement[] => [
  <TextInput key="nombre" source="nombre" label="Nombre (SKU)" alwaysOn resettable sx={{ minWidth: 200 }} />,
  <TextInput
    key="categorias"
    source="categorias"
    label="Categoría"
    alwaysOn
    resettable
    sx={{ minWidth: 200 }}
  />,
  <AutocompleteInput
    key="marca"
    source="marca"
    label="Marca"
    alwaysOn
    choices={choices(brands)}
    sx={{ minWidth: 200 }}
  />,
  <AutocompleteInput
    key="referenciaAgrupacion"
    source="referenciaAgrupacion"
    label="Referencia de agrupación"
    alwaysOn
    choices={choices(references)}
    sx={{ minWidth: 260 }}
  />,
];

const catalogueName = (catalogue: CatalogueSummary) =>
  [catalogue.codigo, catalogue.nombre].filter(Boolean).join(' · ') || `#${catalogue.id}`;

/** "Añadir al catálogo" / "Quitar del catálogo" for the selected rows. */
const MoveSelectionButton = ({
  membership,
  catalogue,
  actions,
}: {
  membership: Membership;
  catalogue: CatalogueSummary;
  actions: CatalogueActions;
}) => {
  const { selectedIds, onUnselectItems } = useListContext<CatalogueProductRow>();
  const [confirming, setConfirming] = useState(false);
  const ids = selectedIds.map(Number).filter(Number.isInteger);
  const move = async () => {
    setConfirming(false);
    const outcome = membership === 'disponibles' ? await actions.add(ids) : await actions.remove(ids);
    if (outcome) onUnselectItems();
  };
  if (membership === 'disponibles') {
    return (
      <Button
        label={`Añadir al catálogo (${ids.length})`}
        onClick={() => void move()}
        disabled={actions.busy || !ids.length}
      >
        <AddIcon />
      </Button>
    );
  }
  return (
    <>
      <Button
        label={`Quitar del catálogo (${ids.length})`}
        onClick={() => setConfirming(true)}
        disabled={actions.busy || !ids.length}
        color="error"
      >
        <RemoveIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Quitar productos del catálogo"
        content={`¿Quitar ${ids.length} productos del catálogo ${catalogueName(catalogue)}? Los productos no se eliminan.`}
        confirm="Quitar"
        cancel="Cancelar"
        confirmColor="warning"
        onConfirm={() => void move()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/** "Añadir todos los filtrados": every product matching the filter, in one request. */
const AddAllMatchingButton = ({
  catalogue,
  actions,
}: {
  catalogue: CatalogueSummary;
  actions: CatalogueActions;
}) => {
  const { total, filterValues, onUnselectItems, isPending } = useListContext<CatalogueProductRow>();
  const [confirming, setConfirming] = useState(false);
  const count = total ?? 0;
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '');
  const addAll = async () => {
    setConfirming(false);
    const outcome = await actions.addAllMatching(filterValues as CatalogueProductFilter);
    if (outcome) onUnselectItems();
  };
  return (
    <>
      <Button
        label={filtered ? `Añadir todos los filtrados (${count})` : `Añadir todos (${count})`}
        onClick={() => setConfirming(true)}
        disabled={actions.busy || isPending || count === 0}
        variant="outlined"
      >
        <PlaylistAddIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Añadir productos al catálogo"
        content={
          filtered
            ? `¿Añadir al catálogo ${catalogueName(catalogue)} los ${count} productos que coinciden con el filtro?`
            : `¿Añadir al catálogo ${catalogueName(catalogue)} los ${count} productos disponibles?`
        }
        confirm="Añadir"
        cancel="Cancelar"
        onConfirm={() => void addAll()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

const PanelHeading = ({
  membership,
  catalogue,
  actions,
  canMove,
}: {
  membership: Membership;
  catalogue: CatalogueSummary;
  actions: CatalogueActions;
  canMove: boolean;
}) => {
  const { total, isPending } = useListContext();
  const [locale] = useLocaleState();
  return (
    <Stack
      direction="row"
      alignItems="center"
      spacing={1}
      sx={{ px: 2, pt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography variant="h6" component="h2">
        {PANEL_TITLES[membership]}
      </Typography>
      <Chip
        size="small"
        color={membership === 'incluidos' ? 'primary' : 'default'}
        label={
          isPending && total === undefined ? '…' : countOf(total ?? 0, ['producto', 'productos'], locale)
        }
        data-testid={`total-${membership}`}
      />
      <Box sx={{ flex: 1 }} />
      {membership === 'disponibles' && canMove && (
        <AddAllMatchingButton catalogue={catalogue} actions={actions} />
      )}
    </Stack>
  );
};

const EmptyRows = ({ membership }: { membership: Membership }) => {
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '');
  const text = filtered
    ? 'Ningún producto coincide con el filtro.'
    : membership === 'disponibles'
      ? 'Todos los productos de la empresa están ya en el catálogo.'
      : 'El catálogo aún no tiene productos: selecciónelos en la lista de disponibles y pulse «Añadir al catálogo».';
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3 }}>
      {text}
    </Typography>
  );
};

export interface ProductPanelProps {
  membership: Membership;
  catalogue: CatalogueSummary;
  actions: CatalogueActions;
  /** The user may add (available list) or remove (catalogue list) products. */
  canMove: boolean;
  brands: readonly string[];
  references: readonly string[];
}

export const ProductPanel = ({
  membership,
  catalogue,
  actions,
  canMove,
  brands,
  references,
}: ProductPanelProps) => {
  const moveButton = <MoveSelectionButton membership={membership} catalogue={catalogue} actions={actions} />;
  return (
    <Card
      component="section"
      aria-label={PANEL_TITLES[membership]}
      variant="outlined"
      sx={{ height: '100%' }}
    >
      <ListBase
        resource={resourceOf(membership)}
        filter={{ catalogoId: catalogue.id }}
        disableSyncWithLocation
        storeKey={false}
        disableAuthentication
        perPage={ROWS_PER_PAGE[0]}
        sort={{ field: 'nombre', order: 'ASC' }}
        exporter={false}
      >
        <PanelHeading membership={membership} catalogue={catalogue} actions={actions} canMove={canMove} />
        <Box sx={{ px: 2, '& form': { flexWrap: 'wrap' } }}>
          <FilterForm filters={filterInputs(brands, references)} />
        </Box>
        <Datagrid
          rowClick={canMove ? 'toggleSelection' : false}
          size="small"
          empty={<EmptyRows membership={membership} />}
          bulkActionButtons={canMove ? moveButton : false}
          bulkActionsToolbar={
            canMove ? (
              <BulkActionsToolbar selectAllButton={<SelectAllButton limit={SELECT_ALL_LIMIT} />}>
                {moveButton}
              </BulkActionsToolbar>
            ) : undefined
          }
        >
          <FunctionField<CatalogueProductRow>
            source="nombre"
            label="Producto"
            sortBy="nombre"
            render={(record) => (
              <Box>
                <Typography variant="body2" fontWeight={600}>
                  {record.nombre}
                </Typography>
                {record.titulo && (
                  <Typography variant="caption" color="text.secondary">
                    {record.titulo}
                  </Typography>
                )}
              </Box>
            )}
          />
          <TextField source="marca" label="Marca" sortable={false} emptyText="—" />
          <TextField source="categorias" label="Categoría" emptyText="—" />
          <TextField source="referenciaAgrupacion" label="Ref. agrupación" sortable={false} emptyText="—" />
        </Datagrid>
        <Pagination rowsPerPageOptions={ROWS_PER_PAGE} />
      </ListBase>
    </Card>
  );
};
