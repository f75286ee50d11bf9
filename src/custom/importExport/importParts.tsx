/** The presentational parts of the import page: mapping, preview, problems, progress and report. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { ResourceSchema } from '../../resources/types';
import { mappableFields, type ColumnMapping } from './mapping';
import type { PreparedRow } from './prepare';
import { describeProblems } from './report';
import type { ImportProgress, ImportReport, RejectedRow } from './runner';
import { formatCount } from '../../core/formats';

/** Rows of problems listed on the page (the downloadable file has them all). */
export const LISTED_PROBLEMS = 200;

export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
};

const display = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** Memoised: progress renders of the page do not re-render its selects. */
export const MappingTable = memo(function MappingTable({
  schema,
  mappings,
  onChange,
  disabled,
}: {
  schema: ResourceSchema;
  mappings: readonly ColumnMapping[];
  onChange: (index: number, field: string | null) => void;
  disabled?: boolean;
}) {
  const fields = mappableFields(schema);
  return (
    <TableContainer>
      <Table size="small" aria-label="Columnas del fichero">
        <TableHead>
          <TableRow>
            <TableCell>Columna del fichero</TableCell>
            <TableCell>Campo de {schema.table}</TableCell>
            <TableCell>Qué se hace</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mappings.map((mapping, index) => (
            <TableRow key={`${index}-${mapping.header}`}>
              <TableCell>{mapping.header || <em>(sin nombre)</em>}</TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={mapping.field ?? ''}
                  disabled={disabled}
                  onChange={(event) => onChange(index, event.target.value || null)}
                  sx={{ minWidth: 220 }}
                  slotProps={{
                    htmlInput: { 'aria-label': `Campo para la columna ${mapping.header}` },
                    select: { displayEmpty: true },
                  }}
                >
                  <MenuItem value="">
                    <em>(no importar)</em>
                  </MenuItem>
                  {fields.map((field) => (
                    <MenuItem key={field.name} value={field.name}>
                      {field.label} ({field.name})
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <Typography variant="body2" color={mapping.field ? 'text.primary' : 'text.secondary'}>
                  {mapping.note}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});

export const PreviewTable = memo(function PreviewTable({
  rows,
  mappings,
}: {
  rows: readonly PreparedRow[];
  mappings: readonly ColumnMapping[];
}) {
  const columns = mappings.filter((mapping) => mapping.field);
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label="Vista previa de las primeras filas">
        <TableHead>
          <TableRow>
            <TableCell>Línea</TableCell>
            {columns.map((column) => (
              <TableCell key={column.field}>{column.field}</TableCell>
            ))}
            <TableCell>Estado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line} sx={row.problems.length ? { backgroundColor: 'error.50' } : undefined}>
              <TableCell>{row.line}</TableCell>
              {columns.map((column) => (
                <TableCell key={column.field}>{display(row.values[column.field as string])}</TableCell>
              ))}
              <TableCell>
                {row.problems.length ? (
                  <Typography variant="body2" color="error">
                    {row.problems.map((problem) => problem.reason).join(' | ')}
                  </Typography>
                ) : (
                  <Typography variant="body2" color="success.main">
                    Correcta
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});

export const ProblemsTable = memo(function ProblemsTable({
  rows,
  total,
  label,
}: {
  rows: readonly RejectedRow[];
  total: number;
  label: string;
}) {
  return (
    <Box>
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Línea</TableCell>
              <TableCell>Columna</TableCell>
              <TableCell>Motivo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, LISTED_PROBLEMS).map((row) => {
              const { column, reason } = describeProblems(row);
              return (
                <TableRow key={row.line}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell>{column}</TableCell>
                  <TableCell>{reason}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {total > LISTED_PROBLEMS && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          … y {formatCount(total - LISTED_PROBLEMS)} filas más (están todas en el fichero de rechazos).
        </Typography>
      )}
    </Box>
  );
});

const Counts = ({ progress }: { progress: ImportProgress }) => (
  <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
    <Chip
      color="success"
      variant="outlined"
      label={`Creadas: ${formatCount(progress.created)}`}
      data-testid="count-created"
    />
    <Chip
      color="primary"
      variant="outlined"
      label={`Actualizadas: ${formatCount(progress.updated)}`}
      data-testid="count-updated"
    />
    <Chip
      variant="outlined"
      label={`Sin cambios: ${formatCount(progress.unchanged)}`}
      data-testid="count-unchanged"
    />
    <Chip
      color="error"
      variant="outlined"
      label={`Rechazadas: ${formatCount(progress.rejected)}`}
      data-testid="count-rejected"
    />
  </Stack>
);

export const ProgressPanel = ({
  progress,
  onCancel,
  cancelling,
}: {
  progress: ImportProgress;
  onCancel: () => void;
  cancelling: boolean;
}) => {
  const percent = progress.total ? (progress.done / progress.total) * 100 : 0;
  return (
    <Stack spacing={1.5}>
      {/* no glide between updates: a transition animated for the whole import (a frame every 16 ms) */}
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Progreso de la importación"
        sx={{ '& .MuiLinearProgress-bar': { transition: 'none' } }}
      />
      <Typography variant="body2" role="status">
        {formatCount(progress.done)} de {formatCount(progress.total)} filas
        {progress.rate > 0 && ` · ${formatCount(Math.round(progress.rate))} filas/s`}
        {progress.remainingMs !== null && ` · quedan ${formatDuration(progress.remainingMs)}`}
      </Typography>
      <Counts progress={progress} />
      <Box>
        <Button variant="outlined" color="warning" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelando…' : 'Cancelar importación'}
        </Button>
      </Box>
    </Stack>
  );
};

export const ReportPanel = ({
  report,
  onDownload,
  onRestart,
  downloading,
}: {
  report: ImportReport;
  onDownload: () => void;
  onRestart: () => void;
  downloading: boolean;
}) => {
  const notImported = report.rejectedRows.length;
  const severity = report.cancelled ? 'warning' : report.rejected ? 'warning' : 'success';
  return (
    <Stack spacing={2} data-testid="import-report">
      <Alert severity={severity}>
        {report.cancelled ? 'Importación cancelada' : 'Importación terminada'} en{' '}
        {formatDuration(report.elapsedMs)}: {formatCount(report.created)} creadas,{' '}
        {formatCount(report.updated)} actualizadas, {formatCount(report.unchanged)} sin cambios,{' '}
        {formatCount(report.rejected)} rechazadas
        {report.notProcessed > 0 && `, ${formatCount(report.notProcessed)} sin procesar`}.
        {report.generalsCreated > 0 &&
          ` Se crearon los datos generales de ${formatCount(report.generalsCreated)} productos que no los tenían.`}
      </Alert>
      <Counts progress={report} />
      {report.notes.map((note) => (
        <Alert key={note} severity="info">
          {note}
        </Alert>
      ))}
      {notImported > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            Filas no importadas
          </Typography>
          <ProblemsTable rows={report.rejectedRows} total={notImported} label="Filas no importadas" />
        </>
      )}
      <Stack direction="row" spacing={2}>
        {notImported > 0 && (
          <Button variant="contained" onClick={onDownload} disabled={downloading}>
            Descargar filas rechazadas (CSV)
          </Button>
        )}
        <Button variant="outlined" onClick={onRestart}>
          Importar otro fichero
        </Button>
      </Stack>
    </Stack>
  );
};
