/** Generation of marketplace texts for one product or a selection, with progress and per-row result. */
import { useEffect, useMemo, useState } from 'react';
import { Title, useGetList, useGetMany } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
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
  FormControlLabel,
  FormGroup,
  LinearProgress,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DispatchPanel } from './DispatchPanel';
import { listaIds } from '../../core/aiTexts/fields';
import { avisoSalida } from './generationText';
import { LeaveGuard } from './LeaveGuard';
import { estadoGeneracionTexto, porcentaje } from '../../core/aiTexts/status';
import { useGeneration } from './useGeneration';

export const GeneratePage = () => {
  const [params] = useSearchParams();
  const initial = useMemo(() => listaIds(params.get('productos') ?? ''), [params]);
  const [selected, setSelected] = useState<Set<number>>(new Set(initial));
  const [search, setSearch] = useState('');
  const [marketplaces, setMarketplaces] = useState<Set<number>>(new Set());
  const [idiomas, setIdiomas] = useState<Set<string>>(new Set(['es']));
  const [confirm, setConfirm] = useState(false);
  const { state, start, overwriteReviewed, cancel } = useGeneration();
  useEffect(() => setSelected(new Set(initial)), [initial]);

  const { data: found, isPending } = useGetList('productos', {
    filter: search.trim() ? { q: search.trim() } : {},
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const { data: chosenRows } = useGetMany(
    'productos',
    { ids: [...selected] },
    { enabled: selected.size > 0 },
  );
  const { data: mps } = useGetList('MarketPlaces', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'codigo', order: 'ASC' },
  });
  const { data: langs } = useGetList('idiomas', {
    filter: { activo_sn: 'S' },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const nameOf = (id: number) =>
    String(
      chosenRows?.find((p) => p?.id === id)?.nombre ?? found?.find((p) => p.id === id)?.nombre ?? `#${id}`,
    );
  const mpOf = (id: number) => String(mps?.find((m) => m.id === id)?.codigo ?? id);

  const toggle = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  useEffect(() => {
    if (!state.running && state.conservados.length) setConfirm(true);
  }, [state.running, state.conservados.length]);

  const kept = state.conservados.reduce((n, r) => n + r.conservados, 0);

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Generación de textos con IA" />
      <Typography variant="h5" component="h1" gutterBottom>
        Generación de textos con IA
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1">1. Productos ({selected.size} seleccionados)</Typography>
          <TextField
            size="small"
            fullWidth
            label="Buscar producto"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ my: 1 }}
          />
          {isPending && <LinearProgress />}
          <FormGroup sx={{ maxHeight: 260, overflow: 'auto' }}>
            {(found ?? []).map((p) => (
              <FormControlLabel
                key={p.id}
                control={
                  <Checkbox
                    checked={selected.has(Number(p.id))}
                    onChange={(e) => setSelected((s) => toggle(s, Number(p.id), e.target.checked))}
                  />
                }
                label={String(p.nombre)}
              />
            ))}
          </FormGroup>
          {selected.size > 0 && (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', mt: 1 }} useFlexGap>
              {[...selected].map((id) => (
                <Chip key={id} label={nameOf(id)} onDelete={() => setSelected((s) => toggle(s, id, false))} />
              ))}
            </Stack>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1">2. Marketplaces</Typography>
          <FormGroup row>
            {(mps ?? []).map((m) => (
              <FormControlLabel
                key={m.id}
                control={
                  <Checkbox
                    checked={marketplaces.has(Number(m.id))}
                    onChange={(e) => setMarketplaces((s) => toggle(s, Number(m.id), e.target.checked))}
                  />
                }
                label={String(m.codigo)}
              />
            ))}
          </FormGroup>
          <Typography variant="subtitle1" sx={{ mt: 2 }}>
            3. Idiomas
          </Typography>
          <FormGroup row>
            {(langs ?? []).map((l) => (
              <FormControlLabel
                key={l.id}
                control={
                  <Checkbox
                    checked={idiomas.has(String(l.codigo))}
                    onChange={(e) => setIdiomas((s) => toggle(s, String(l.codigo), e.target.checked))}
                  />
                }
                label={String(l.nombre)}
              />
            ))}
          </FormGroup>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              disabled={state.running || !selected.size || !marketplaces.size || !idiomas.size}
              onClick={() => void start([...selected], [...marketplaces], [...idiomas])}
            >
              Generar textos
            </Button>
            {state.running && (
              <Button color="warning" onClick={cancel} disabled={state.stopping}>
                {state.stopping ? 'Deteniendo…' : 'Detener'}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Los textos se generan con revisado «N». Los textos ya revisados no se sobrescriben sin tu
            confirmación.
          </Typography>
        </Paper>
      </Box>
      <DispatchPanel productos={[...selected]} marketplaces={[...marketplaces]} idiomas={[...idiomas]} />

      {(state.running || state.total > 0) && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }} aria-label="Progreso de la generación">
          <Typography role="status">
            {state.stopping
              ? 'Deteniendo (termina el producto en curso)…'
              : state.running
                ? 'Generando…'
                : state.aviso
                  ? 'Generación detenida.'
                  : 'Generación terminada.'}{' '}
            {state.done} de {state.total} ({state.resultados.filter((r) => r.estado === 'NoEjecutado').length}{' '}
            con error)
          </Typography>
          <LinearProgress variant="determinate" value={porcentaje(state.done, state.total)} sx={{ my: 1 }} />
          <List dense>
            {state.resultados.map((r) => {
              const estado = estadoGeneracionTexto(r.estado);
              return (
                <ListItem key={r.id} data-testid="generation-result">
                  <Chip size="small" color={estado.tono} label={estado.label} sx={{ mr: 1 }} />
                  {nameOf(r.productoId)} · {r.textos} texto(s){r.motivo ? ` · ${r.motivo}` : ''}
                </ListItem>
              );
            })}
          </List>
          {!state.running && state.done > 0 && (
            <Button component={RouterLink} to="/revision-textos">
              Ir a la revisión
            </Button>
          )}
        </Paper>
      )}
      {state.sinPrompt.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Sin prompt para su categoría:{' '}
          {state.sinPrompt.map((s) => `${s.nombre} (${mpOf(s.marketplaceId)})`).join(', ')}
        </Alert>
      )}
      {state.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {state.error}
        </Alert>
      )}
      {state.aviso && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="generation-stopped">
          {state.aviso}
        </Alert>
      )}
      <LeaveGuard active={state.running} message={avisoSalida(state.done, state.total)} />
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>Textos ya revisados</DialogTitle>
        <DialogContent>
          {kept} texto(s) ya revisado(s) se han conservado. ¿Quieres regenerarlos también? Perderán su
          revisión y las correcciones hechas a mano.
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setConfirm(false)}>
            Conservarlos
          </Button>
          <Button
            color="warning"
            onClick={() => {
              setConfirm(false);
              void overwriteReviewed([...idiomas]);
            }}
          >
            Regenerar y sobrescribir
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};

export default GeneratePage;
