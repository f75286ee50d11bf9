/**
 * Review of AI-generated texts: products × marketplaces with filters (producto o título, categoria,
 * subcategoria, marketplaces, review state), bulk review, and a product's texts beside its source data.
 * The API filters, sorts (product name, marketplace code), pages and counts: the screen asks for the page on
 * screen only, and keeps the previous page shown while the next one loads.
 */
import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useAiTexts, type VistaRow } from './api';
import { STATE_UPDATED_MESSAGE } from './messages';
import { ProductTexts } from './ProductTexts';
import { useInvalidateReviewStatus } from './reviewCache';
import { trozos } from '../../core/aiTexts/status';
import { ESTADOS_REVISION, estadoRevisionDeConteo, tonoRevision } from '../../core/reviewStatus';

const rowKey = (row: VistaRow) => `${row.productoId}|${row.marketplaceId}`;
const messageOf = (error: unknown) =>
  (error as { message?: string })?.message || 'Ocurrió un error inesperado. Intente nuevamente.';

interface Filters {
  categoria: string;
  subcategoria: string;
  marketplaces: number[];
  revision: string;
  texto: string;
}

const EMPTY: Filters = { categoria: '', subcategoria: '', marketplaces: [], revision: '', texto: '' };

/** The prefix of the review view's queries (one per filters and page). */
const VISTA_QUERY_KEY = ['aiTexts', 'vista'] as const;

/** Products per TextosGenerados request when the rows do not carry their text ids. */
const PRODUCTS_PER_REQUEST = 100;

export const ReviewPage = () => {
  const api = useAiTexts();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const invalidateReviewStatus = useInvalidateReviewStatus();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  /** The chosen rows by key: a selection can span pages. */
  const [selected, setSelected] = useState<Map<string, VistaRow>>(new Map());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [open, setOpen] = useState<VistaRow | null>(null);
  const [dirty, setDirty] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: marketplaces } = useGetList('MarketPlaces', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'codigo', order: 'ASC' },
  });

  const vista = useQuery({
    queryKey: [...VISTA_QUERY_KEY, filters, page, perPage],
    queryFn: () =>
      api.aiVista(
        {
          texto: filters.texto,
          categoria: filters.categoria,
          subcategoria: filters.subcategoria,
          marketplaces: filters.marketplaces,
          revision: filters.revision || undefined,
        },
        { limit: perPage, skip: page * perPage },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const pageRows = vista.data?.data ?? [];
  const total = vista.data?.total ?? 0;
  const error = vista.error ? messageOf(vista.error) : null;
  const chosen = [...selected.values()];

  /** Reads the view again (after a review change), the page on screen kept. */
  const load = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [...VISTA_QUERY_KEY] }),
    [queryClient],
  );

  // A page emptied by a change (its rows reviewed away from the filter): back to the last page there is.
  useEffect(() => {
    if (vista.isPlaceholderData || !vista.data || vista.data.data.length || page === 0) return;
    setPage(Math.max(0, Math.ceil(vista.data.total / perPage) - 1));
  }, [vista.data, vista.isPlaceholderData, page, perPage]);

  /**
   * The ids of the texts behind the chosen rows: carried by the rows (reference API), else one
   * TextosGenerados request per 100 products (in parallel) — never one request per product.
   */
  const textIdsOf = async (rowsChosen: VistaRow[]): Promise<number[]> => {
    if (rowsChosen.every((row) => Array.isArray(row.textIds)))
      return rowsChosen.flatMap((row) => row.textIds ?? []);
    const pairs = new Set(rowsChosen.map(rowKey));
    const marketplaceIds = [...new Set(rowsChosen.map((row) => row.marketplaceId))];
    const pages = await Promise.all(
      trozos([...new Set(rowsChosen.map((row) => row.productoId))], PRODUCTS_PER_REQUEST).map((productos) =>
        dataProvider.getList('TextosGenerados', {
          filter: { productoId: productos, marketplaceId: marketplaceIds },
          pagination: { page: 1, perPage: 5000 },
          sort: { field: 'id', order: 'ASC' },
        }),
      ),
    );
    return pages
      .flatMap((page) => page.data)
      .filter((text) => pairs.has(`${text.productoId}|${text.marketplaceId}`))
      .map((text) => Number(text.id));
  };

  const bulk = async (estado: 'S' | 'N') => {
    setBusy(true);
    try {
      const ids = await textIdsOf(chosen);
      await api.aiActualizarRevision(ids, estado);
      notify(STATE_UPDATED_MESSAGE, { type: 'success' });
      setSelected(new Map());
      invalidateReviewStatus();
      await load();
    } catch (e) {
      notify(messageOf(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const apply = () => {
    setFilters(draft);
    setPage(0);
    setSelected(new Map());
  };

  const closeDetail = (force = false) => {
    if (dirty && !force) {
      setConfirmClose(true);
      return;
    }
    setConfirmClose(false);
    setDirty(false);
    setOpen(null);
  };

  const allOnPage = pageRows.length > 0 && pageRows.every((row) => selected.has(rowKey(row)));

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Revisión de textos generados" />
      <Typography variant="h5" component="h1" gutterBottom>
        Revisión de textos generados
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        sx={{ p: 2, mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            size="small"
            label="Producto o título"
            value={draft.texto}
            onChange={(e) => setDraft({ ...draft, texto: e.target.value })}
          />
          <TextField
            size="small"
            label="Categoría"
            value={draft.categoria}
            onChange={(e) => setDraft({ ...draft, categoria: e.target.value })}
          />
          <TextField
            size="small"
            label="Subcategoría"
            value={draft.subcategoria}
            onChange={(e) => setDraft({ ...draft, subcategoria: e.target.value })}
          />
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id="review-mp">Marketplaces</InputLabel>
            <Select
              labelId="review-mp"
              label="Marketplaces"
              multiple
              value={draft.marketplaces}
              onChange={(e) => setDraft({ ...draft, marketplaces: (e.target.value as number[]).map(Number) })}
              renderValue={(values) =>
                (values as number[])
                  .map((id) => marketplaces?.find((m) => m.id === id)?.codigo ?? id)
                  .join(', ')
              }
            >
              {(marketplaces ?? []).map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {String(m.codigo)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="review-state">Estado de revisión</InputLabel>
            <Select
              labelId="review-state"
              label="Estado de revisión"
              value={draft.revision}
              onChange={(e) => setDraft({ ...draft, revision: String(e.target.value) })}
            >
              <MenuItem value="">Todos</MenuItem>
              {ESTADOS_REVISION.map((estado) => (
                <MenuItem key={estado} value={estado}>
                  {estado}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="contained">
            Filtrar
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setPage(0);
            }}
          >
            Limpiar
          </Button>
        </Stack>
      </Paper>

      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', minHeight: 40 }}>
        {chosen.length > 0 ? (
          <>
            <Typography>{chosen.length} seleccionado(s)</Typography>
            <Button variant="contained" disabled={busy} onClick={() => void bulk('S')}>
              Marcar como revisados
            </Button>
            <Button disabled={busy} onClick={() => void bulk('N')}>
              Marcar como no revisados
            </Button>
            <Button
              component={RouterLink}
              to={`/generacion-textos?productos=${[...new Set(chosen.map((r) => r.productoId))].join(',')}`}
            >
              Regenerar textos
            </Button>
          </>
        ) : (
          <Typography color="text.secondary">
            Selecciona filas para revisarlas en bloque, o abre un producto para revisar sus textos uno a uno.
          </Typography>
        )}
      </Stack>
      {busy && <LinearProgress />}
      {error && <Alert severity="error">{error}</Alert>}
      {vista.isPlaceholderData && <LinearProgress aria-label="Cargando la página" />}
      {vista.isPending ? (
        <LinearProgress aria-label="Cargando" />
      ) : error && !vista.data ? null : pageRows.length === 0 ? (
        <Alert severity="info">No hay textos generados que coincidan con los filtros.</Alert>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label="Textos generados por producto y marketplace">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    inputProps={{ 'aria-label': 'Seleccionar la página' }}
                    onChange={(e) =>
                      setSelected((all) => {
                        const next = new Map(all);
                        for (const row of pageRows) {
                          if (e.target.checked) next.set(rowKey(row), row);
                          else next.delete(rowKey(row));
                        }
                        return next;
                      })
                    }
                  />
                </TableCell>
                <TableCell>Producto</TableCell>
                <TableCell>Título</TableCell>
                <TableCell>Categorías</TableCell>
                <TableCell>Marketplace</TableCell>
                <TableCell align="right">Revisados</TableCell>
                <TableCell>Estado</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => {
                const estado = estadoRevisionDeConteo(row.total, row.revisados);
                return (
                  <TableRow
                    key={rowKey(row)}
                    hover
                    data-testid={`review-row-${row.productoId}-${row.marketplaceId}`}
                  >
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(rowKey(row))}
                        inputProps={{
                          'aria-label': `Seleccionar ${row.nombre} ${row.marketplaceCodigo ?? ''}`,
                        }}
                        onChange={(e) =>
                          setSelected((all) => {
                            const next = new Map(all);
                            if (e.target.checked) next.set(rowKey(row), row);
                            else next.delete(rowKey(row));
                            return next;
                          })
                        }
                      />
                    </TableCell>
                    <TableCell>{row.nombre}</TableCell>
                    <TableCell>{row.titulo}</TableCell>
                    <TableCell>{row.categorias}</TableCell>
                    <TableCell>{row.marketplaceCodigo}</TableCell>
                    <TableCell align="right">
                      {row.revisados}/{row.total}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={estado} color={tonoRevision(estado)} />
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setOpen(row)}
                        aria-label={`Revisar ${row.nombre} ${row.marketplaceCodigo ?? ''}`}
                      >
                        Revisar
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage="Filas por página"
            labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
          />
        </Paper>
      )}

      <Dialog
        open={open !== null}
        onClose={() => closeDetail()}
        fullWidth
        maxWidth="lg"
        aria-labelledby="texts-title"
      >
        <DialogTitle id="texts-title">Textos generados</DialogTitle>
        <DialogContent dividers>
          {open && (
            <ProductTexts
              productoId={open.productoId}
              nombre={open.nombre}
              marketplaceId={open.marketplaceId}
              marketplaceCodigo={open.marketplaceCodigo}
              onChanged={() => void load()}
              onDirtyChange={setDirty}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => closeDetail()}>Cerrar</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={confirmClose} onClose={() => setConfirmClose(false)}>
        <DialogTitle>Cambios sin guardar</DialogTitle>
        <DialogContent>Hay textos editados sin guardar. ¿Cerrar y descartar los cambios?</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClose(false)} autoFocus>
            Seguir editando
          </Button>
          <Button color="error" onClick={() => closeDetail(true)}>
            Descartar cambios
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};

export default ReviewPage;
