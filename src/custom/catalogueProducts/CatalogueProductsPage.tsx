/**
 * Catalogue product assignment (docs/requirements.md#r2-screens "Catalogue product management"): pick a catalogue, then move products
 * between the two lists — not in the catalogue / in it. The chosen catalogue is in the URL
 * (/catalogo-productos/{id}), so a reload or a shared link opens the same catalogue.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Loading,
  Title,
  useCanAccess,
  useDataProvider,
  useGetList,
  useGetOne,
  type RaRecord,
} from 'react-admin';
import { SNBadge } from '../../resources/generic/SNBadge';
import { CataloguePicker, type CatalogueRecord } from './CataloguePicker';
import type { CatalogueProductsDataProvider } from './dataProvider';
import { PAGE_PATH } from './page';
import { ProductPanel, type CatalogueSummary } from './ProductPanel';
import { useCatalogueActions, type Progress } from './useCatalogueActions';

const TITLE = 'Productos de catálogos';
const BRANDS_LIMIT = 1000;

/** The catalogue id of the route `/catalogo-productos/{id}`, if any. */
export const catalogueIdFromPath = (rest: string | undefined): number | undefined => {
  const id = Number((rest ?? '').split('/')[0]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body1" component="div">
      {children}
    </Typography>
  </Box>
);

const CatalogueDetails = ({ catalogue }: { catalogue: CatalogueRecord }) => (
  <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Datos del catálogo">
    <Detail label="Código">{catalogue.codigo ?? '—'}</Detail>
    <Detail label="Nombre">{catalogue.nombre ?? '—'}</Detail>
    <Detail label="Año">{catalogue.anyo ?? '—'}</Detail>
    <Detail label="Activo">
      <SNBadge value={catalogue.activoSN} />
    </Detail>
    <Box sx={{ alignSelf: 'center' }}>
      <Link to={`/catalogos/${encodeURIComponent(String(catalogue.id))}`}>Editar catálogo</Link>
    </Box>
  </Stack>
);

const ProgressBar = ({ progress }: { progress: Progress | null }) => (
  <Box sx={{ minHeight: 28 }} aria-live="polite">
    {progress && (
      <>
        <LinearProgress
          variant={progress.value === undefined ? 'indeterminate' : 'determinate'}
          value={progress.value}
          aria-label={progress.label}
        />
        <Typography variant="caption" color="text.secondary">
          {progress.label}
        </Typography>
      </>
    )}
  </Box>
);

const Workspace = ({ catalogue }: { catalogue: CatalogueRecord }) => {
  const catalogoId = Number(catalogue.id);
  const actions = useCatalogueActions(catalogoId);
  const dataProvider = useDataProvider<CatalogueProductsDataProvider>();
  const { data: marcas } = useGetList<RaRecord & { nombre?: string }>('Marca', {
    pagination: { page: 1, perPage: BRANDS_LIMIT },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const brands = useMemo(
    () => [...new Set((marcas ?? []).map((marca) => marca.nombre).filter((name): name is string => !!name))],
    [marcas],
  );
  const { data: references } = useQuery({
    queryKey: ['catalogue-grouping-references', catalogue.empresaId ?? null],
    queryFn: () => dataProvider.catalogueGroupingReferences(catalogue.empresaId),
    staleTime: 5 * 60 * 1000,
  });
  const summary: CatalogueSummary = {
    id: catalogoId,
    codigo: catalogue.codigo,
    nombre: catalogue.nombre,
    empresaId: catalogue.empresaId,
  };
  const { canAccess: canAdd } = useCanAccess({ action: 'create', resource: 'catalogos-productos' });
  const { canAccess: canRemove } = useCanAccess({ action: 'delete', resource: 'catalogos-productos' });
  return (
    <>
      <ProgressBar progress={actions.progress} />
      <Grid container spacing={2}>
        {(['disponibles', 'incluidos'] as const).map((membership) => (
          <Grid key={membership} size={{ xs: 12, lg: 6 }}>
            <ProductPanel
              membership={membership}
              catalogue={summary}
              actions={actions}
              canMove={membership === 'disponibles' ? canAdd !== false : canRemove !== false}
              brands={brands}
              references={references ?? []}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
};

const CatalogueProductsPage = () => {
  const params = useParams();
  const navigate = useNavigate();
  const catalogoId = catalogueIdFromPath(params['*']);
  const {
    data: catalogue,
    isPending,
    error,
  } = useGetOne<CatalogueRecord>(
    'catalogos',
    { id: catalogoId ?? 0 },
    { enabled: catalogoId !== undefined, retry: false },
  );
  const current = catalogue && Number(catalogue.id) === catalogoId ? catalogue : undefined;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={TITLE} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack spacing={2}>
            <CataloguePicker
              value={current}
              onChange={(picked) =>
                navigate(picked ? `/${PAGE_PATH}/${encodeURIComponent(String(picked.id))}` : `/${PAGE_PATH}`)
              }
            />
            {current && <CatalogueDetails catalogue={current} />}
          </Stack>
        </CardContent>
      </Card>
      {catalogoId === undefined ? (
        <Alert severity="info">Elija un catálogo para ver sus productos y añadir o quitar productos.</Alert>
      ) : error ? (
        <Alert severity="error">No se encontró el catálogo {catalogoId} o no tiene acceso a él.</Alert>
      ) : isPending || !current ? (
        <Loading />
      ) : (
        // Keyed by catalogue: changing catalogue starts with fresh filters and an empty selection.
        <Workspace key={catalogoId} catalogue={current} />
      )}
    </Box>
  );
};

export default CatalogueProductsPage;
