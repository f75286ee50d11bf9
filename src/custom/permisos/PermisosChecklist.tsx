/**
 * The permisos of a role as a checklist grouped by module (the form value is the list of permiso ids).
 * Loads every permiso (sorted by module); a module's header ticks or unticks all of it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { formatCounter } from '../../core/counter';
import { normalizeIds } from './links';

const MAX_PERMISOS = 1000;

interface PermisoRow {
  id: number;
  controllerName?: string | null;
  moduleName?: string | null;
  actionName?: string | null;
  descripcion?: string | null;
}

const groupByModule = (permisos: readonly PermisoRow[]): [string, PermisoRow[]][] => {
  const groups = new Map<string, PermisoRow[]>();
  for (const permiso of permisos) {
    const module = permiso.moduleName?.trim() || '—';
    groups.set(module, [...(groups.get(module) ?? []), permiso]);
  }
  return [...groups.entries()];
};

const permisoText = (permiso: PermisoRow): string => {
  const action = [permiso.controllerName, permiso.actionName].filter(Boolean).join(' · ');
  return permiso.descripcion ? `${action} — ${permiso.descripcion}` : action || `#${permiso.id}`;
};

export const PermisosChecklist = ({ source }: { source: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const selected = useMemo(() => new Set(normalizeIds(field.value)), [field.value]);
  const { data, isPending, error } = useGetList<PermisoRow & { id: number }>('permisos', {
    pagination: { page: 1, perPage: MAX_PERMISOS },
    sort: { field: 'moduleName', order: 'ASC' },
  });
  const set = (ids: Set<number>) => field.onChange([...ids].sort((a, b) => a - b));
  const toggle = (ids: readonly number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    set(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        {translate('pim.access.permisos')} ({formatCounter(selected.size)})
      </Typography>
      <FormHelperText sx={{ mb: 1 }}>{translate('pim.access.permisos_help')}</FormHelperText>
      {isPending && <LinearProgress />}
      {error ? <Alert severity="error">{translate('pim.access.load_error')}</Alert> : null}
      {groupByModule(data ?? []).map(([module, permisos]) => {
        const ids = permisos.map((permiso) => permiso.id);
        const ticked = ids.filter((id) => selected.has(id)).length;
        return (
          <Box key={module} sx={{ mb: 1 }} role="group" aria-label={module}>
            <FormControlLabel
              label={<strong>{module}</strong>}
              control={
                <Checkbox
                  size="small"
                  checked={ticked === ids.length}
                  indeterminate={ticked > 0 && ticked < ids.length}
                  onChange={(event) => toggle(ids, event.target.checked)}
                />
              }
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', pl: 4 }}>
              {permisos.map((permiso) => (
                <FormControlLabel
                  key={permiso.id}
                  label={permisoText(permiso)}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.has(permiso.id)}
                      onChange={(event) => toggle([permiso.id], event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${module}: ${permisoText(permiso)}` } }}
                    />
                  }
                />
              ))}
            </Box>
          </Box>
        );
      })}
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
};
