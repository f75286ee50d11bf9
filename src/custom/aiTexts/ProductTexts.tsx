/**
 * One product's generated texts next to its source data (ProductoGeneral), editable, with review state per
 * text and for all. Texts are plain text in TextFields: any markup in them stays inert.
 * Shortcuts: Ctrl+Enter approves the current text (saving its edit) and moves to the next pending one;
 * Alt+↓ / Alt+↑ move between texts; Ctrl+S saves every edited text.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useGetList, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useAiTexts, type TextoGenerado } from './api';
import { STATE_UPDATED_MESSAGE, TEXTS_SAVED_MESSAGE } from './messages';
import { useInvalidateReviewStatus } from './reviewCache';
import { siguientePendiente } from '../../core/aiTexts/status';
import { estadoRevision, tonoRevision } from '../../core/reviewStatus';

const SOURCE_FIELDS: readonly [string, string][] = [
  ['titulo', 'Título'],
  ['descripcion', 'Descripción'],
  ['descripcionLarga', 'Descripción larga'],
  ['marca', 'Marca'],
  ['puntosClave', 'Puntos clave'],
  ['palabrasClave', 'Palabras clave'],
  ['color', 'Color'],
  ['dimensiones', 'Dimensiones'],
];

export const SHORTCUTS_HELP =
  'Atajos: Ctrl+Intro aprueba el texto actual y pasa al siguiente pendiente · Alt+↓ / Alt+↑ texto siguiente / anterior · Ctrl+S guarda los cambios';

const messageOf = (error: unknown) =>
  (error as { message?: string })?.message || 'Ocurrió un error inesperado. Intente nuevamente.';

export interface ProductTextsProps {
  productoId: number;
  nombre: string;
  /** Texts of this marketplace first; "Aprobar todos" / "Marcar todos…" act on this marketplace only. */
  marketplaceId?: number;
  /** Its code, for the bulk buttons' labels. */
  marketplaceCodigo?: string;
  onChanged(): void;
  onDirtyChange?(dirty: boolean): void;
}

export const ProductTexts = ({
  productoId,
  nombre,
  marketplaceId,
  marketplaceCodigo,
  onChanged,
  onDirtyChange,
}: ProductTextsProps) => {
  const api = useAiTexts();
  const notify = useNotify();
  const invalidateReviewStatus = useInvalidateReviewStatus();
  const [texts, setTexts] = useState<TextoGenerado[] | null>(null);
  const [edited, setEdited] = useState<Record<number, string>>({});
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refs = useRef<(HTMLTextAreaElement | null)[]>([]);
  const { data: generals } = useGetList('producto-generals', {
    filter: { productoId },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  const general = (generals?.[0] ?? {}) as Record<string, unknown>;

  const load = useCallback(async () => {
    setError(null);
    try {
      const rows = await api.aiTextosProducto(productoId);
      const sorted = [...rows].sort(
        (a, b) => Number(b.marketplaceId === marketplaceId) - Number(a.marketplaceId === marketplaceId),
      );
      setTexts(sorted);
    } catch (e) {
      setError(messageOf(e));
      setTexts([]);
    }
  }, [api, productoId, marketplaceId]);

  // The first text takes the focus when a product's texts arrive, so the shortcuts work at once.
  const focusOnArrival = useRef(true);
  useEffect(() => {
    setEdited({});
    setCurrent(0);
    focusOnArrival.current = true;
    void load();
  }, [load]);
  useEffect(() => {
    if (!focusOnArrival.current || !texts?.length) return;
    focusOnArrival.current = false;
    refs.current[0]?.focus();
  }, [texts]);

  const dirty = Object.keys(edited).length > 0;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const focus = (index: number) => {
    setCurrent(index);
    refs.current[index]?.focus();
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (e) {
      notify(messageOf(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const saveEdited = () =>
    run(async () => {
      const changes = Object.entries(edited).map(([id, texto]) => ({ id: Number(id), texto }));
      if (!changes.length) return;
      await api.aiGuardarTextos(changes);
      setEdited({});
      notify(TEXTS_SAVED_MESSAGE, { type: 'success' });
      await load();
      onChanged();
      invalidateReviewStatus();
    });

  const setState = (ids: number[], estado: 'S' | 'N') =>
    run(async () => {
      const pending = Object.entries(edited)
        .filter(([id]) => ids.includes(Number(id)))
        .map(([id, texto]) => ({ id: Number(id), texto, revisado_sn: estado }));
      if (pending.length) {
        await api.aiGuardarTextos(pending);
        setEdited((all) =>
          Object.fromEntries(Object.entries(all).filter(([id]) => !ids.includes(Number(id)))),
        );
      }
      await api.aiActualizarRevision(ids, estado);
      notify(pending.length ? TEXTS_SAVED_MESSAGE : STATE_UPDATED_MESSAGE, { type: 'success' });
      // The saved edits become the texts shown (the edit buffer of those ids was just cleared).
      const savedText = new Map(pending.map((p) => [p.id, p.texto]));
      setTexts(
        (all) =>
          all?.map((t) =>
            ids.includes(t.id)
              ? { ...t, revisado_sn: estado, ...(savedText.has(t.id) ? { texto: savedText.get(t.id) } : {}) }
              : t,
          ) ?? null,
      );
      onChanged();
      invalidateReviewStatus();
    });

  const approveAndNext = async (index: number) => {
    const list = texts ?? [];
    const text = list[index];
    if (!text) return;
    await setState([text.id], 'S');
    const after = list.map((t, i) => (i === index ? { ...t, revisado_sn: 'S' as const } : t));
    const next = siguientePendiente(after, index);
    if (next >= 0) focus(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const list = texts ?? [];
    if (!list.length) return;
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void approveAndNext(current);
    } else if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      focus(Math.min(list.length - 1, current + 1));
    } else if (event.altKey && event.key === 'ArrowUp') {
      event.preventDefault();
      focus(Math.max(0, current - 1));
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saveEdited();
    }
  };

  const estado = useMemo(() => estadoRevision(texts ?? []), [texts]);
  /** The texts the bulk buttons act on: the opened marketplace's, or all when none was given. */
  const scope = useMemo(
    () =>
      (texts ?? []).filter((t) => marketplaceId === undefined || Number(t.marketplaceId) === marketplaceId),
    [texts, marketplaceId],
  );
  const scopeLabel = marketplaceId === undefined ? '' : ` de ${marketplaceCodigo ?? 'este marketplace'}`;

  if (texts === null)
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Cargando textos" />
      </Box>
    );

  return (
    <Box onKeyDown={onKeyDown} data-testid="product-texts">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {nombre}
        </Typography>
        <Chip
          label={estado}
          color={tonoRevision(estado)}
          size="small"
          aria-label={`Estado del producto: ${estado}`}
        />
        <Box sx={{ flex: 1 }} />
        <Button disabled={busy || !dirty} variant="contained" onClick={() => void saveEdited()}>
          Guardar textos
        </Button>
        <Button
          disabled={busy || !scope.length}
          onClick={() =>
            void setState(
              scope.map((t) => t.id),
              'S',
            )
          }
        >
          Aprobar todos{scopeLabel}
        </Button>
        <Button
          disabled={busy || !scope.length}
          onClick={() =>
            void setState(
              scope.map((t) => t.id),
              'N',
            )
          }
        >
          Marcar todos{scopeLabel} como no revisados
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {SHORTCUTS_HELP}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}>
        <Paper variant="outlined" sx={{ p: 2, alignSelf: 'start' }} aria-label="Datos de origen">
          <Typography variant="subtitle2" gutterBottom>
            Datos de origen (producto)
          </Typography>
          {SOURCE_FIELDS.filter(([field]) => general[field]).map(([field, label]) => (
            <Box key={field} sx={{ mb: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {String(general[field])}
              </Typography>
            </Box>
          ))}
          {!SOURCE_FIELDS.some(([field]) => general[field]) && (
            <Typography variant="body2" color="text.secondary">
              El producto no tiene datos generales.
            </Typography>
          )}
        </Paper>
        <Stack spacing={2}>
          {!texts.length && <Alert severity="info">Este producto no tiene textos generados.</Alert>}
          {texts.map((text, index) => {
            const value = edited[text.id] ?? text.texto ?? '';
            const source = text.campo ? general[text.campo] : undefined;
            return (
              <Paper
                key={text.id}
                variant="outlined"
                sx={{ p: 1.5, borderColor: index === current ? 'primary.main' : undefined }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle2">
                    {text.marketplaceCodigo ?? `Marketplace ${text.marketplaceId ?? ''}`} · {text.campo} ·{' '}
                    {(text.idioma ?? 'es').toUpperCase()}
                  </Typography>
                  <Box sx={{ flex: 1 }} />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={text.revisado_sn === 'S'}
                        disabled={busy}
                        onChange={(event) => void setState([text.id], event.target.checked ? 'S' : 'N')}
                      />
                    }
                    label="Revisado"
                  />
                </Stack>
                {source !== undefined && source !== null && source !== '' && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ mb: 1, whiteSpace: 'pre-wrap' }}
                  >
                    Dato de origen: {String(source)}
                  </Typography>
                )}
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  label={`Texto ${index + 1} de ${texts.length}`}
                  value={value}
                  inputRef={(element: HTMLTextAreaElement | null) => {
                    refs.current[index] = element;
                  }}
                  onFocus={() => setCurrent(index)}
                  onChange={(event) => {
                    const next = event.target.value;
                    setEdited((all) => {
                      const copy = { ...all };
                      if (next === (text.texto ?? '')) delete copy[text.id];
                      else copy[text.id] = next;
                      return copy;
                    });
                  }}
                />
              </Paper>
            );
          })}
        </Stack>
      </Box>
    </Box>
  );
};
