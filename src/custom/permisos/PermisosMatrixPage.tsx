/**
 * The permissions matrix (docs/requirements.md#r6-roles, #r7-api "GET /permisos/matrix"): one row per permiso, one column per role, a
 * checkbox per pair. Filter by module; each role is saved on its own (PUT /roles/{id}/permisos with the role's
 * complete list, so permisos hidden by the filter are kept). Pending ticks survive changing the filter.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { enforcedScope } from '../../core/apiPermisos';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Loading, Title, useCanAccess, useTranslate } from 'react-admin';
import { formatCounter } from '../../core/counter';
import type { MatrixPermiso, MatrixRol } from './api';
import { isTicked, rolePermisoIds } from './matrix';
import { rolLabel, usePermisosMatrix } from './usePermisosMatrix';

type Matrix = ReturnType<typeof usePermisosMatrix>;

const permisoLabel = (permiso: MatrixPermiso): string =>
  [permiso.moduleName, permiso.controllerName, permiso.actionName].filter(Boolean).join(' · ') ||
  `#${permiso.id}`;

const RoleHeader = ({ rol, matrix }: { rol: MatrixRol; matrix: Matrix }) => {
  const translate = useTranslate();
  const dirty = matrix.dirty.includes(rol.id);
  const saving = matrix.saving.has(rol.id);
  const count = rolePermisoIds(matrix.base, matrix.changes, rol.id).length;
  return (
    <TableCell align="center" sx={{ minWidth: 140, verticalAlign: 'bottom' }}>
      <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="span">
          {rolLabel(rol)}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={translate('pim.access.assigned', { count: formatCounter(count) })}
        />
        <Button
          size="small"
          variant={dirty ? 'contained' : 'outlined'}
          disabled={!dirty || saving}
          onClick={() => void matrix.save(rol)}
          aria-label={translate('pim.access.save_role', { rol: rolLabel(rol) })}
          startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          {translate('pim.access.save')}
        </Button>
      </Stack>
    </TableCell>
  );
};

const MatrixTable = ({ matrix }: { matrix: Matrix }) => {
  const translate = useTranslate();
  if (matrix.roles.length === 0) return <Alert severity="info">{translate('pim.access.no_roles')}</Alert>;
  if (matrix.permisos.length === 0) return <Alert severity="info">{translate('pim.access.empty')}</Alert>;
  return (
    <TableContainer sx={{ maxHeight: '70vh' }}>
      <Table stickyHeader size="small" aria-label={translate('pim.access.matrix_title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ verticalAlign: 'bottom' }}>{translate('pim.access.module')}</TableCell>
            <TableCell sx={{ verticalAlign: 'bottom' }}>{translate('pim.access.action')}</TableCell>
            <TableCell sx={{ verticalAlign: 'bottom' }}>{translate('pim.access.field')}</TableCell>
            <TableCell sx={{ verticalAlign: 'bottom' }}>{translate('pim.access.description')}</TableCell>
            <TableCell sx={{ verticalAlign: 'bottom' }}>{translate('pim.access.enforced')}</TableCell>
            {matrix.roles.map((rol) => (
              <RoleHeader key={rol.id} rol={rol} matrix={matrix} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {matrix.permisos.map((permiso) => (
            <TableRow key={permiso.id} hover>
              <TableCell>{permiso.moduleName}</TableCell>
              <TableCell>{permiso.controllerName}</TableCell>
              <TableCell>{permiso.actionName}</TableCell>
              <TableCell>{permiso.descripcion}</TableCell>
              <TableCell>{enforcedScope(permiso)}</TableCell>
              {matrix.roles.map((rol) => {
                const changed = matrix.changes.get(rol.id)?.has(permiso.id) ?? false;
                return (
                  <TableCell
                    key={rol.id}
                    align="center"
                    sx={changed ? { bgcolor: 'warning.light' } : undefined}
                  >
                    <Checkbox
                      size="small"
                      checked={isTicked(matrix.base, matrix.changes, rol.id, permiso.id)}
                      disabled={matrix.saving.has(rol.id)}
                      onChange={(event) => matrix.toggle(rol.id, permiso.id, event.target.checked)}
                      slotProps={{
                        input: { 'aria-label': `${rolLabel(rol)}: ${permisoLabel(permiso)}` },
                      }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const MatrixScreen = () => {
  const translate = useTranslate();
  const matrix = usePermisosMatrix();
  return (
    <Card sx={{ mt: 2, p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={translate('pim.access.module')}
          value={matrix.module}
          onChange={(event) => matrix.setModule(event.target.value)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{translate('pim.access.all_modules')}</MenuItem>
          {matrix.modules.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {matrix.dirty.length > 0 && (
          <>
            <Typography variant="body2" color="warning.main" role="status">
              {translate('pim.access.pending', { smart_count: matrix.dirty.length })}
            </Typography>
            <Button onClick={matrix.discard}>{translate('pim.access.discard')}</Button>
          </>
        )}
      </Stack>
      {matrix.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void matrix.refetch()}>
              {translate('pim.access.retry')}
            </Button>
          }
        >
          {translate('pim.access.load_error')} {matrix.error instanceof Error ? matrix.error.message : ''}
        </Alert>
      ) : matrix.isPending ? (
        <Loading />
      ) : (
        <MatrixTable matrix={matrix} />
      )}
    </Card>
  );
};

const PermisosMatrixPage = () => {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ action: 'edit', resource: 'roles' });
  return (
    <Box sx={{ width: '100%' }}>
      <Title title={translate('pim.access.matrix_title')} />
      {isPending ? (
        <Loading />
      ) : canAccess ? (
        <MatrixScreen />
      ) : (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('pim.access.denied')}
        </Alert>
      )}
    </Box>
  );
};

export default PermisosMatrixPage;
