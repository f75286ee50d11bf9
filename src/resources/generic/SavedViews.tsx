/**
 * «Vistas» of a list (issue 16): the current filters, visible columns, sort and page size saved under a name
 * through the API (resource vistas-guardadas, src/resources/vistasGuardadas/schema.ts), per user and company;
 * a view may be shared with the company and one of the user's views is their default, applied when the list
 * opens without filters in its address. A view naming a filter, a sort or a column the list no longer has is
 * applied without it, and the notice says which (src/core/savedViews.ts).
 */
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import {
  Box,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List as MuiList,
  ListItem,
  Button as MuiButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  Confirm,
  useCreate,
  useDelete,
  useGetIdentity,
  useGetList,
  useListContext,
  useNotify,
  useUpdate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import {
  columnsForView,
  knownViewState,
  missingPartsMessage,
  parseViewState,
  serializeViewState,
  viewNameError,
  visibleColumnKeys,
  type SavedViewState,
} from '../../core/savedViews';
import { knownFilterKey, knownSortField } from '../../dataProvider/where';
import { schemaFor } from '../registry';
import { vistasGuardadas } from '../vistasGuardadas/schema';
import { useVisibleColumns } from './visibleColumns';

const VIEWS = vistasGuardadas.name;

export interface SavedView extends RaRecord {
  nombre: string;
  recurso: string;
  estado: string;
  usuarioId?: Identifier | null;
  compartidaSN?: 'S' | 'N' | null;
  predeterminadaSN?: 'S' | 'N' | null;
}

/** Lists whose default view was applied since the app loaded (once per list, so the user's changes stay). */
const appliedDefaults = new Set<string>();
/** Forgets which defaults were applied (a new sign-in, tests). */
export const forgetAppliedDefaults = (): void => appliedDefaults.clear();

/** The current state of the list, and the function applying a saved view to it. */
const useViewState = () => {
  const { resource, filterValues, displayedFilters, sort, perPage, setFilters, setSort, setPerPage } =
    useListContext();
  const { available, visible, setColumns } = useVisibleColumns(resource);
  const notify = useNotify();

  const current = (): SavedViewState => ({
    filter: filterValues,
    displayedFilters,
    columns: visibleColumnKeys(available, visible),
    sort: sort?.field ? { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' } : undefined,
    perPage,
  });

  const apply = (view: SavedView): void => {
    const stored = parseViewState(view.estado);
    if (!stored) {
      notify(`La vista «${view.nombre}» no se puede leer: guárdela de nuevo.`, { type: 'error' });
      return;
    }
    // filters and a sort the list no longer has are left out (the data provider would drop them unsaid)
    const schema = schemaFor(resource);
    const { state, filters, sort } = schema
      ? knownViewState(stored, {
          filter: (key) => knownFilterKey(schema, key),
          sort: (field) => knownSortField(schema, field),
        })
      : { state: stored, filters: [], sort: undefined };
    // react-admin queues these changes into one change of the list's parameters.
    setFilters(state.filter, state.displayedFilters ?? {}, false);
    if (state.sort) setSort(state.sort);
    if (state.perPage && state.perPage !== perPage) setPerPage(state.perPage);
    const { indexes, missing: columns } = columnsForView(state.columns, available);
    if (indexes) setColumns(indexes);
    const missing = missingPartsMessage({ filters, sort, columns });
    if (missing) notify(missing, { type: 'warning' });
    else notify(`Vista «${view.nombre}» aplicada.`, { type: 'info' });
  };

  return { resource, current, apply, columnsKnown: available.length > 0 };
};

const isYes = (value: unknown): boolean => value === 'S';

export const SavedViewsButton = () => {
  const { resource, current, apply, columnsKnown } = useViewState();
  const { identity } = useGetIdentity();
  const location = useLocation();
  // Whether the address named filters when the list opened (react-admin then writes its stored ones there too).
  const [linkedFilters] = useState(() => new URLSearchParams(location.search).has('filter'));
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [nombre, setNombre] = useState('');
  const [compartida, setCompartida] = useState(false);
  const [predeterminada, setPredeterminada] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const [toReplace, setToReplace] = useState<SavedView | null>(null);

  const { data: views = [], refetch } = useGetList<SavedView>(
    VIEWS,
    {
      filter: { recurso: resource },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'nombre', order: 'ASC' },
    },
    // read once per list (not per page); saving or changing a view refetches
    { staleTime: 5 * 60_000 },
  );
  const [create, { isPending: creating }] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();

  const mine = useCallback(
    (view: SavedView) => identity !== undefined && String(view.usuarioId) === String(identity.id),
    [identity],
  );

  // The user's default view, once per list since the app loaded, unless the address names filters.
  const defaultView = views.find((view) => mine(view) && isYes(view.predeterminadaSN));
  const defaultKey = `${String(identity?.id)}:${resource}`;
  useEffect(() => {
    if (!identity || !columnsKnown || appliedDefaults.has(defaultKey)) return;
    if (linkedFilters) {
      appliedDefaults.add(defaultKey);
      return;
    }
    if (!defaultView) return;
    appliedDefaults.add(defaultKey);
    apply(defaultView);
    // applied once, when the default becomes known
  }, [identity, columnsKnown, defaultView?.id, defaultKey, linkedFilters]);

  const failed = (error: unknown) =>
    notify(error instanceof Error && error.message ? error.message : 'No se pudo guardar la vista.', {
      type: 'error',
    });

  const save = () => {
    const problem = viewNameError(
      nombre,
      views.filter(mine).map((view) => view.nombre),
    );
    setNameError(problem);
    if (problem) return;
    const serialized = serializeViewState(current());
    if (!serialized.ok) {
      setNameError(serialized.message);
      return;
    }
    create(
      VIEWS,
      {
        data: {
          nombre: nombre.trim(),
          recurso: resource,
          estado: serialized.text,
          compartidaSN: compartida ? 'S' : 'N',
          predeterminadaSN: predeterminada ? 'S' : 'N',
        },
      },
      {
        onSuccess: () => {
          notify(`Vista «${nombre.trim()}» guardada.`, { type: 'info' });
          setNombre('');
          setCompartida(false);
          setPredeterminada(false);
          void refetch();
        },
        onError: failed,
      },
    );
  };

  const change = (view: SavedView, data: Partial<SavedView>, message: string) =>
    update(
      VIEWS,
      { id: view.id, data, previousData: view },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(message, { type: 'info' });
          void refetch();
        },
        onError: failed,
      },
    );

  /** The view takes the list's current filters, columns, sort and page size (its name and flags stay). */
  const confirmReplace = () => {
    const view = toReplace;
    setToReplace(null);
    if (!view) return;
    const serialized = serializeViewState(current());
    if (!serialized.ok) {
      notify(serialized.message, { type: 'error' });
      return;
    }
    change(view, { estado: serialized.text }, `Vista «${view.nombre}» actualizada con la vista actual.`);
  };

  const confirmDelete = () => {
    const view = toDelete;
    setToDelete(null);
    if (!view) return;
    remove(
      VIEWS,
      { id: view.id, previousData: view },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`Vista «${view.nombre}» eliminada.`, { type: 'info' });
          void refetch();
        },
        onError: failed,
      },
    );
  };

  return (
    <>
      <Button label="Vistas" onClick={() => setOpen(true)}>
        <BookmarksIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="vistas-titulo"
      >
        <DialogTitle id="vistas-titulo">Vistas de la lista</DialogTitle>
        <DialogContent>
          <Box
            component="form"
            aria-label="Guardar la vista actual"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
            sx={{ mb: 2, pt: 1 }}
          >
            <Typography variant="subtitle2" gutterBottom>
              Guardar los filtros, columnas, orden y tamaño de página actuales
            </Typography>
            <TextField
              label="Nombre de la vista"
              value={nombre}
              onChange={(event) => setNombre(event.target.value)}
              error={nameError !== undefined}
              helperText={nameError}
              inputProps={{ maxLength: 100 }}
              size="small"
              fullWidth
            />
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
              <FormControlLabel
                control={<Checkbox checked={compartida} onChange={(e) => setCompartida(e.target.checked)} />}
                label="Compartir con la empresa"
              />
              <FormControlLabel
                control={
                  <Checkbox checked={predeterminada} onChange={(e) => setPredeterminada(e.target.checked)} />
                }
                label="Usar como predeterminada"
              />
              <MuiButton type="submit" variant="contained" disabled={creating}>
                Guardar vista
              </MuiButton>
            </Stack>
          </Box>
          {views.length === 0 ? (
            <Typography>No hay vistas guardadas para esta lista.</Typography>
          ) : (
            <MuiList aria-label="Vistas guardadas" dense>
              {views.map((view) => {
                const own = mine(view);
                return (
                  <ListItem key={view.id} aria-label={view.nombre} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <Typography sx={{ flexGrow: 1, fontWeight: 500 }}>{view.nombre}</Typography>
                    {own && isYes(view.predeterminadaSN) && <Chip size="small" label="Predeterminada" />}
                    {isYes(view.compartidaSN) && (
                      <Chip size="small" label={own ? 'Compartida' : 'Compartida por otro usuario'} />
                    )}
                    <MuiButton
                      size="small"
                      onClick={() => {
                        setOpen(false);
                        apply(view);
                      }}
                    >
                      Aplicar
                    </MuiButton>
                    {own && (
                      <>
                        <MuiButton
                          size="small"
                          onClick={() =>
                            isYes(view.predeterminadaSN)
                              ? change(
                                  view,
                                  { predeterminadaSN: 'N' },
                                  `«${view.nombre}» ya no es la vista predeterminada.`,
                                )
                              : change(
                                  view,
                                  { predeterminadaSN: 'S' },
                                  `«${view.nombre}» es ahora la vista predeterminada.`,
                                )
                          }
                        >
                          {isYes(view.predeterminadaSN) ? 'Quitar predeterminada' : 'Predeterminada'}
                        </MuiButton>
                        <MuiButton
                          size="small"
                          onClick={() =>
                            isYes(view.compartidaSN)
                              ? change(view, { compartidaSN: 'N' }, `«${view.nombre}» ya no está compartida.`)
                              : change(
                                  view,
                                  { compartidaSN: 'S' },
                                  `«${view.nombre}» compartida con la empresa.`,
                                )
                          }
                        >
                          {isYes(view.compartidaSN) ? 'Dejar de compartir' : 'Compartir'}
                        </MuiButton>
                        <MuiButton size="small" onClick={() => setToReplace(view)}>
                          Actualizar
                        </MuiButton>
                        <MuiButton size="small" color="error" onClick={() => setToDelete(view)}>
                          Eliminar
                        </MuiButton>
                      </>
                    )}
                  </ListItem>
                );
              })}
            </MuiList>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Cerrar</MuiButton>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={toReplace !== null}
        title="Actualizar vista"
        content={`¿Sustituir lo que guarda la vista «${toReplace?.nombre ?? ''}» por los filtros, columnas, orden y tamaño de página actuales?`}
        confirm="Actualizar"
        cancel="Cancelar"
        onConfirm={confirmReplace}
        onClose={() => setToReplace(null)}
      />
      <Confirm
        isOpen={toDelete !== null}
        title="Eliminar vista"
        content={`¿Eliminar la vista «${toDelete?.nombre ?? ''}»?`}
        confirm="Eliminar"
        cancel="Cancelar"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
};
