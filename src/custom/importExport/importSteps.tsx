/**
 * The four steps of "Importar CSV" (ImportPage): 1. table and file, 2. columns, 3. preview, 4. import. Each
 * shows its part of the page state (importState.ts) and calls back; none holds state of its own.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { QUICK_PRODUCT_EMPRESA_ID } from '../../core/csv/normalize';
import { keyDescription, tableLabel } from '../../resources/csvTables';
import { formatCount } from '../../core/formats';
import type { ResourceSchema } from '../../resources/types';
import { MappingTable, PreviewTable, ProblemsTable, ProgressPanel, ReportPanel } from './importParts';
import type { Checking, Prepared } from './importState';
import type { ColumnMapping } from './mapping';
import type { ParseSummary } from './parseSession';
import type { ImportProgress, ImportReport } from './runner';
import { NOT_ALLOWED } from './useAllowedTables';

const Step = ({
  title,
  children,
  gutter = false,
}: {
  title: string;
  children: ReactNode;
  gutter?: boolean;
}) => (
  <Card>
    <CardContent>
      {gutter ? (
        <>
          <Typography variant="h6" component="h2" gutterBottom>
            {title}
          </Typography>
          {children}
        </>
      ) : (
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {children}
        </Stack>
      )}
    </CardContent>
  </Card>
);

const FileNotes = ({ summary }: { summary: ParseSummary }) => (
  <Stack spacing={1}>
    <Typography variant="body2" data-testid="file-summary">
      {summary.fileName}: {formatCount(summary.rowCount)} filas · separador «{summary.delimiter}» ·{' '}
      {summary.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252 (Latin-1)'}
    </Typography>
    {summary.encoding === 'windows-1252' && (
      <Alert severity="info">El fichero no estaba en UTF-8: se ha leído como Windows-1252 (Latin-1).</Alert>
    )}
    {summary.emptyLines > 0 && (
      <Alert severity="info">Se han saltado {formatCount(summary.emptyLines)} líneas vacías.</Alert>
    )}
    {summary.mixedSeparatorRows > 0 && (
      <Alert severity="warning">
        {formatCount(summary.mixedSeparatorRows)} filas usaban otro separador y se han leído con él.
      </Alert>
    )}
    {summary.rowCount === 0 && <Alert severity="warning">El fichero no tiene filas de datos.</Alert>}
  </Stack>
);

/** The files the drop zone takes (one object: the drop zone works its attribute out once, not per render). */
const ACCEPTED_FILES = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
};

/** The drop zone: one .csv or .txt file at a time. */
const FileDrop = ({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) => {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    onDrop: (files) => {
      if (files[0]) onFile(files[0]);
    },
    multiple: false,
    disabled,
    accept: ACCEPTED_FILES,
  });
  return (
    <>
      <Box
        {...getRootProps()}
        sx={{
          border: '2px dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 4,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
          outline: 'none',
          '&:focus-visible': { borderColor: 'primary.main' },
        }}
      >
        <input {...getInputProps()} aria-label="Fichero CSV" data-testid="import-file" />
        <UploadFileIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography>
          {isDragActive
            ? 'Suelte el fichero aquí'
            : 'Arrastre aquí un fichero CSV (separado por «;» o «,») o haga clic para elegirlo'}
        </Typography>
      </Box>
      {fileRejections.length > 0 && (
        <Alert severity="error">Solo se pueden importar ficheros .csv o .txt, de uno en uno.</Alert>
      )}
    </>
  );
};

/** 1. The destination table (only those the person may import into) and the file. */
export const TableAndFileStep = ({
  schemas,
  schema,
  table,
  tableError,
  forbidden,
  checkingAccess,
  running,
  reading,
  summary,
  empresaId,
  onTable,
  onFile,
}: {
  schemas: readonly ResourceSchema[];
  schema: ResourceSchema | undefined;
  table: string;
  tableError: string | null;
  forbidden: ResourceSchema | undefined;
  checkingAccess: boolean;
  running: boolean;
  reading: boolean;
  summary: ParseSummary | null;
  empresaId: number | undefined;
  onTable: (table: string) => void;
  onFile: (file: File) => void;
}) => (
  <Step title="1. Tabla y fichero">
    <TextField
      select
      label="Tabla de destino"
      value={schema ? table : ''}
      onChange={(event) => onTable(event.target.value)}
      disabled={running || checkingAccess}
      sx={{ maxWidth: 560 }}
      helperText={
        schema
          ? `${keyDescription(schema)} Las celdas vacías no cambian lo guardado.`
          : 'O suelte un fichero {tabla}_PIM.csv y se elegirá sola.'
      }
      slotProps={{ htmlInput: { 'data-testid': 'import-table' } }}
    >
      {schemas.map((candidate) => (
        <MenuItem key={candidate.table} value={candidate.table}>
          {tableLabel(candidate)}
        </MenuItem>
      ))}
    </TextField>
    {tableError && !schema && <Alert severity="error">{tableError}</Alert>}
    {schema?.table === 'productos' && empresaId !== QUICK_PRODUCT_EMPRESA_ID && (
      <Alert severity="info">
        Los productos nuevos se crean en la empresa {QUICK_PRODUCT_EMPRESA_ID} (alta rápida por importación);
        los existentes se buscan y actualizan en la empresa seleccionada.
      </Alert>
    )}
    {forbidden && (
      <Alert severity="error">
        {NOT_ALLOWED}: «{forbidden.table}». Elija otra tabla de destino.
      </Alert>
    )}
    {!checkingAccess && schemas.length === 0 && (
      <Alert severity="warning">No tiene permiso para importar en ninguna tabla.</Alert>
    )}
    <FileDrop onFile={onFile} disabled={running} />
    {reading && (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={20} disableShrink />
        <Typography>Leyendo el fichero…</Typography>
      </Stack>
    )}
    {summary && <FileNotes summary={summary} />}
  </Step>
);

/** 2. Which field each column fills; a required field no column fills is warned about. */
export const ColumnsStep = ({
  schema,
  mappings,
  missing,
  running,
  onChange,
}: {
  schema: ResourceSchema;
  mappings: ColumnMapping[];
  missing: readonly string[];
  running: boolean;
  onChange: (index: number, field: string | null) => void;
}) => (
  <Step title="2. Columnas" gutter>
    {missing.length > 0 && (
      <Alert severity="warning" sx={{ mb: 1 }}>
        Ninguna columna rellena {missing.map((name) => `«${name}»`).join(', ')} (obligatorio): las filas
        nuevas se rechazarán; las existentes se pueden actualizar.
      </Alert>
    )}
    <MappingTable schema={schema} mappings={mappings} onChange={onChange} disabled={running} />
  </Step>
);

/** 3. The first rows with their normalised values, every problem found, and the button that imports. */
export const PreviewStep = ({
  summary,
  mappings,
  preparing,
  checking,
  prepared,
  valid,
  canImport,
  onImport,
}: {
  summary: ParseSummary;
  mappings: ColumnMapping[];
  preparing: number | null;
  checking: Checking | null;
  prepared: Prepared | null;
  valid: number;
  canImport: boolean;
  onImport: () => void;
}) => (
  <Step title="3. Vista previa">
    {preparing !== null && (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={20} disableShrink />
        <Typography>
          Preparando filas… {formatCount(preparing)} de {formatCount(summary.rowCount)}
        </Typography>
      </Stack>
    )}
    {checking && (
      <>
        <Stack direction="row" spacing={1} alignItems="center" data-testid="checking-rows">
          <CircularProgress size={20} disableShrink />
          <Typography>
            Comprobando las filas en el servidor… {formatCount(checking.done)} de{' '}
            {formatCount(checking.total)} (las primeras ya están comprobadas)
          </Typography>
        </Stack>
        <PreviewTable rows={checking.preview} mappings={mappings} />
      </>
    )}
    {prepared && preparing === null && !checking && (
      <>
        <Typography variant="body2" data-testid="prepared-summary">
          {formatCount(valid)} filas correctas · {formatCount(prepared.problems.length)} filas con problemas
          (no se importarán; el resto sí)
        </Typography>
        <PreviewTable rows={prepared.preview} mappings={mappings} />
        {prepared.problems.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3">
              Problemas encontrados
            </Typography>
            <ProblemsTable
              rows={prepared.problems}
              total={prepared.problems.length}
              label="Problemas encontrados"
            />
          </>
        )}
        {canImport && (
          <Box>
            <Button variant="contained" onClick={onImport} disabled={valid === 0}>
              Importar {formatCount(valid)} filas
            </Button>
          </Box>
        )}
      </>
    )}
  </Step>
);

/** 4. The running import (progress and Cancel), then its report and the rejected rows to download. */
export const ImportStep = ({
  progress,
  report,
  cancelling,
  downloading,
  onCancel,
  onDownload,
  onRestart,
}: {
  progress: ImportProgress;
  report: ImportReport | null;
  cancelling: boolean;
  downloading: boolean;
  onCancel: () => void;
  onDownload: () => void;
  onRestart: () => void;
}) => (
  <Step title="4. Importación" gutter>
    {report ? (
      <ReportPanel report={report} onDownload={onDownload} onRestart={onRestart} downloading={downloading} />
    ) : (
      <ProgressPanel progress={progress} onCancel={onCancel} cancelling={cancelling} />
    )}
  </Step>
);
