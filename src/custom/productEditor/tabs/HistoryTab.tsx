/**
 * «Historial» of the product (GET /productos/{id}/versiones): the timeline of its versions (who, when, from
 * where), filters by field and by user, the chosen version's changes side by side (before | after), and
 * «Restaurar esta versión» for the whole product or one field, each after a confirmation. A restore is a new
 * version (nothing is rewritten); afterwards the editor reloads the stored product.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, useNotify, type Identifier } from 'react-admin';
import {
  ORIGEN_LABELS,
  showValue,
  touchesField,
  type Cambio,
  type RestoreBody,
  type Version,
} from '../../../core/history/versions';
import { useProductApi } from '../useProductApi';

export const HISTORY_MESSAGES = {
  empty: 'Este producto aún no tiene versiones.',
  noMatch: 'Ninguna versión coincide con los filtros.',
  field: 'Campo',
  user: 'Usuario',
  all: 'Todos',
  before: 'Antes',
  after: 'Después',
  restoreVersion: 'Restaurar esta versión',
  restoreField: 'Restaurar este campo',
  restorePrevious: 'Volver al valor anterior',
  confirmVersion: '¿Restaurar el producto tal como quedó en esta versión?',
  confirmField: '¿Restaurar «%{campo}» tal como quedó en esta versión?',
  confirmPrevious: '¿Devolver «%{campo}» al valor que tenía antes de esta versión?',
  confirmContent: 'Se guardará como una versión nueva; el historial no se modifica.',
  restored: 'Versión restaurada',
  nothing: 'El producto ya estaba así: no había nada que restaurar.',
  loadError: 'No se pudo cargar el historial.',
} as const;

const dateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'medium' });
};

const nameOf = (cambio: Cambio): string => cambio.etiqueta ?? cambio.campo;

/** A filter of the timeline: «Todos» (empty value) or one of the options. */
const FilterSelect = ({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string) => void;
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    sx={{ minWidth: 240 }}
  >
    <MenuItem value="">{HISTORY_MESSAGES.all}</MenuItem>
    {options.map(([option, text]) => (
      <MenuItem key={option} value={option}>
        {text}
      </MenuItem>
    ))}
  </TextField>
);

interface Pending {
  body: RestoreBody;
  title: string;
}

export const HistoryTab = ({ productId, onRestored }: { productId: Identifier; onRestored?: () => void }) => {
  const api = useProductApi();
  const notify = useNotify();
  const [versions, setVersions] = useState<Version[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [campo, setCampo] = useState('');
  const [usuario, setUsuario] = useState('');
  const [selectedId, setSelectedId] = useState<number | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setError(undefined);
    api.versions(productId).then(
      (list) => setVersions(list),
      (err: unknown) =>
        setError(err instanceof Error && err.message ? err.message : HISTORY_MESSAGES.loadError),
    );
  }, [api, productId]);

  useEffect(load, [load]);

  const fields = useMemo(() => {
    const byCampo = new Map<string, string>();
    for (const version of versions ?? []) for (const c of version.cambios) byCampo.set(c.campo, nameOf(c));
    return [...byCampo].sort((a, b) => a[1].localeCompare(b[1], 'es'));
  }, [versions]);
  const users = useMemo(
    () => [...new Set((versions ?? []).map((v) => v.usuario))].sort().map((user) => [user, user] as const),
    [versions],
  );
  const shown = useMemo(
    () =>
      (versions ?? []).filter(
        (v) => (!usuario || v.usuario === usuario) && (!campo || touchesField(v.cambios, campo)),
      ),
    [versions, campo, usuario],
  );
  const selected = shown.find((v) => v.id === selectedId) ?? shown[0];
  const changes = selected ? selected.cambios.filter((c) => !campo || c.campo === campo) : [];

  const confirm = async () => {
    if (!pending || !selected) return;
    setBusy(true);
    try {
      const answer = await api.restoreVersion(productId, selected.id, pending.body);
      notify(answer.version ? HISTORY_MESSAGES.restored : HISTORY_MESSAGES.nothing, { type: 'info' });
      setSelectedId(undefined);
      load();
      onRestored?.();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!versions) return <CircularProgress size={24} aria-label="Cargando historial" />;
  if (!versions.length) return <Typography>{HISTORY_MESSAGES.empty}</Typography>;

  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        <FilterSelect label={HISTORY_MESSAGES.field} value={campo} options={fields} onChange={setCampo} />
        <FilterSelect label={HISTORY_MESSAGES.user} value={usuario} options={users} onChange={setUsuario} />
      </Box>
      {!shown.length ? (
        <Typography>{HISTORY_MESSAGES.noMatch}</Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <List dense aria-label="Versiones" sx={{ minWidth: 280, maxHeight: 480, overflow: 'auto' }}>
            {shown.map((version) => (
              <ListItemButton
                key={version.id}
                selected={version.id === selected?.id}
                onClick={() => setSelectedId(version.id)}
              >
                <ListItemText
                  primary={`${dateTime(version.fecha)} · ${version.usuario}`}
                  secondary={`${ORIGEN_LABELS[version.origen] ?? version.origen} · ${version.cambios.length} cambio${version.cambios.length === 1 ? '' : 's'}`}
                />
              </ListItemButton>
            ))}
          </List>
          {selected && (
            <Box sx={{ flex: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle1">
                  {`${dateTime(selected.fecha)} · ${selected.usuario} · ${ORIGEN_LABELS[selected.origen] ?? selected.origen}`}
                </Typography>
                <Button
                  variant="outlined"
                  onClick={() => setPending({ body: {}, title: HISTORY_MESSAGES.confirmVersion })}
                >
                  {HISTORY_MESSAGES.restoreVersion}
                </Button>
              </Box>
              <Table size="small" aria-label="Cambios de la versión">
                <TableHead>
                  <TableRow>
                    <TableCell>{HISTORY_MESSAGES.field}</TableCell>
                    <TableCell>{HISTORY_MESSAGES.before}</TableCell>
                    <TableCell>{HISTORY_MESSAGES.after}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {changes.map((cambio) => (
                    <TableRow key={cambio.campo}>
                      <TableCell>{nameOf(cambio)}</TableCell>
                      <TableCell sx={{ bgcolor: 'rgba(211, 47, 47, 0.06)', whiteSpace: 'pre-wrap' }}>
                        {showValue(cambio.anterior)}
                      </TableCell>
                      <TableCell sx={{ bgcolor: 'rgba(46, 125, 50, 0.08)', whiteSpace: 'pre-wrap' }}>
                        {showValue(cambio.nuevo)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          aria-label={`${HISTORY_MESSAGES.restoreField}: ${nameOf(cambio)}`}
                          onClick={() =>
                            setPending({
                              body: { campo: cambio.campo },
                              title: HISTORY_MESSAGES.confirmField.replace('%{campo}', nameOf(cambio)),
                            })
                          }
                        >
                          {HISTORY_MESSAGES.restoreField}
                        </Button>
                        <Button
                          size="small"
                          aria-label={`${HISTORY_MESSAGES.restorePrevious}: ${nameOf(cambio)}`}
                          onClick={() =>
                            setPending({
                              body: { campo: cambio.campo, momento: 'antes' },
                              title: HISTORY_MESSAGES.confirmPrevious.replace('%{campo}', nameOf(cambio)),
                            })
                          }
                        >
                          {HISTORY_MESSAGES.restorePrevious}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Box>
      )}
      <Confirm
        isOpen={Boolean(pending)}
        loading={busy}
        title={pending?.title ?? ''}
        content={HISTORY_MESSAGES.confirmContent}
        confirm={HISTORY_MESSAGES.restoreVersion}
        onConfirm={() => void confirm()}
        onClose={() => setPending(undefined)}
      />
    </Box>
  );
};
