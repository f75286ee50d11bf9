/**
 * The pieces of a history screen shared by the product's «Historial» tab and the reference data's: the filter
 * selects, the timeline of versions (who, when, from where, how many changes) and one version's changes side by
 * side (before | after), with room for per-change actions (the product's restore buttons).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { useMemo, useState, type ReactNode } from 'react';
import {
  ORIGEN_LABELS,
  showValue,
  touchesField,
  type Cambio,
  type Origen,
} from '../../core/history/versions';
import { compareSpanish } from '../../core/spanishOrder';

export const VERSIONS_MESSAGES = {
  field: 'Campo',
  user: 'Usuario',
  all: 'Todos',
  before: 'Antes',
  after: 'Después',
  versions: 'Versiones',
  changes: 'Cambios de la versión',
  noMatch: 'Ninguna versión coincide con los filtros.',
  loading: 'Cargando historial',
} as const;

/** What the timeline shows of a version (a product's or a reference record's). */
export interface VersionLike {
  id: number;
  fecha: string;
  usuario: string;
  origen: Origen;
  cambios: Cambio[];
}

export const dateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'medium' });
};

export const nameOf = (cambio: Cambio): string => cambio.etiqueta ?? cambio.campo;

export const originLabel = (origen: Origen): string => ORIGEN_LABELS[origen] ?? origen;

export const versionTitle = (version: VersionLike): string =>
  `${dateTime(version.fecha)} · ${version.usuario} · ${originLabel(version.origen)}`;

/** A filter of the timeline: «Todos» (empty value) or one of the options. */
export const FilterSelect = ({
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
    <MenuItem value="">{VERSIONS_MESSAGES.all}</MenuItem>
    {options.map(([option, text]) => (
      <MenuItem key={option} value={option}>
        {text}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * The filters of a timeline (by field, by user) and the chosen version: the versions shown, the one selected
 * (the newest shown until another is chosen) and its changes under the field filter.
 */
export function useVersionFilters<V extends VersionLike>(versions: readonly V[] | undefined) {
  const [campo, setCampo] = useState('');
  const [usuario, setUsuario] = useState('');
  const [selectedId, setSelectedId] = useState<number | undefined>();
  const { fields, users } = useVersionOptions(versions);
  const shown = useMemo(
    () =>
      (versions ?? []).filter(
        (v) => (!usuario || v.usuario === usuario) && (!campo || touchesField(v.cambios, campo)),
      ),
    [versions, campo, usuario],
  );
  const selected = shown.find((v) => v.id === selectedId) ?? shown[0];
  const changes = selected ? selected.cambios.filter((c) => !campo || c.campo === campo) : [];
  const filters = (
    <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
      <FilterSelect label={VERSIONS_MESSAGES.field} value={campo} options={fields} onChange={setCampo} />
      <FilterSelect label={VERSIONS_MESSAGES.user} value={usuario} options={users} onChange={setUsuario} />
    </Box>
  );
  return { shown, selected, changes, setSelectedId, filters };
}

/** The fields and the users the versions name, as filter options. */
export function useVersionOptions(versions: readonly VersionLike[] | undefined) {
  const fields = useMemo(() => {
    const byCampo = new Map<string, string>();
    for (const version of versions ?? []) for (const c of version.cambios) byCampo.set(c.campo, nameOf(c));
    return [...byCampo].sort((a, b) => compareSpanish(a[1], b[1]));
  }, [versions]);
  const users = useMemo(
    () => [...new Set((versions ?? []).map((v) => v.usuario))].sort().map((user) => [user, user] as const),
    [versions],
  );
  return { fields, users };
}

/** The timeline: one entry per version, the chosen one selected. */
export const VersionList = ({
  versions,
  selectedId,
  onSelect,
}: {
  versions: readonly VersionLike[];
  selectedId?: number;
  onSelect: (id: number) => void;
}) => (
  <List
    dense
    aria-label={VERSIONS_MESSAGES.versions}
    sx={{ minWidth: 280, maxHeight: 480, overflow: 'auto' }}
  >
    {versions.map((version) => (
      <ListItemButton
        key={version.id}
        selected={version.id === selectedId}
        onClick={() => onSelect(version.id)}
      >
        <ListItemText
          primary={`${dateTime(version.fecha)} · ${version.usuario}`}
          secondary={`${originLabel(version.origen)} · ${version.cambios.length} cambio${version.cambios.length === 1 ? '' : 's'}`}
        />
      </ListItemButton>
    ))}
  </List>
);

/** One version's changes side by side; `actions` adds a last cell to each row. */
export const ChangesTable = ({
  changes,
  actions,
}: {
  changes: readonly Cambio[];
  actions?: (cambio: Cambio) => ReactNode;
}) => (
  <Table size="small" aria-label={VERSIONS_MESSAGES.changes}>
    <TableHead>
      <TableRow>
        <TableCell>{VERSIONS_MESSAGES.field}</TableCell>
        <TableCell>{VERSIONS_MESSAGES.before}</TableCell>
        <TableCell>{VERSIONS_MESSAGES.after}</TableCell>
        {actions && <TableCell />}
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
          {actions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(cambio)}</TableCell>}
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** The timeline and the chosen version beside it (`header`: what goes next to the version's title). */
export const VersionsLayout = ({
  versions,
  selected,
  onSelect,
  changes,
  header,
  actions,
  title,
}: {
  versions: readonly VersionLike[];
  selected?: VersionLike;
  onSelect: (id: number) => void;
  changes: readonly Cambio[];
  header?: ReactNode;
  actions?: (cambio: Cambio) => ReactNode;
  title: (version: VersionLike) => ReactNode;
}) => (
  <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
    <VersionList versions={versions} selectedId={selected?.id} onSelect={onSelect} />
    {selected && (
      <Box sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          {title(selected)}
          {header}
        </Box>
        <ChangesTable changes={changes} actions={actions} />
      </Box>
    )}
  </Box>
);

/**
 * The frame of a history screen: its load error, its loading and empty states, the filters, and — when the
 * filters leave no version — the no-match notice instead of `children` (the timeline).
 */
export const VersionsFrame = ({
  error,
  versions,
  shown,
  filters,
  empty,
  children,
  after,
}: {
  error?: string;
  versions: readonly VersionLike[] | undefined;
  shown: readonly VersionLike[];
  filters: ReactNode;
  empty: string;
  children: ReactNode;
  after?: ReactNode;
}) => {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!versions) return <CircularProgress size={24} aria-label={VERSIONS_MESSAGES.loading} />;
  if (!versions.length) return <Typography>{empty}</Typography>;
  return (
    <Box sx={{ width: '100%' }}>
      {filters}
      {shown.length ? children : <Typography>{VERSIONS_MESSAGES.noMatch}</Typography>}
      {after}
    </Box>
  );
};
