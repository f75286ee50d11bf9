/**
 * "Importar CSV": pick a table, drop a file; the file is read, parsed and normalised in a Web Worker; columns are
 * mapped to fields (automatically by name, adjustable); the first rows are previewed with their normalised
 * values and every problem found; then the import runs with a progress bar (rows, rate, time left) and Cancel,
 * and ends with a report (created, updated, unchanged, rejected) and the rejected rows as a CSV to fix and import
 * again. Only the tables the person may create in (or import into) are offered. Leaving the page while an import
 * runs asks first (ImportLeaveGuard); leaving anyway, or the page unmounting, cancels it.
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
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Confirm, DataProviderContext, Title, useDataProvider, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { getSelectedEmpresaId } from '../../dataProvider/company';
import { QUICK_PRODUCT_EMPRESA_ID } from '../../core/csv/normalize';
import type { ResourceSchema } from '../../resources/types';
import { backendFromDataProvider } from './backend';
import { downloadText } from '../../resources/generic/csvExport/download';
import { MappingTable, PreviewTable, ProblemsTable, ProgressPanel, ReportPanel } from './importParts';
import { autoMap, columnsOf, missingRequired, remap, type ColumnMapping } from './mapping';
import { createCsvParser, type CsvParser } from './parseClient';
import type { ParseSummary } from './parseSession';
import type { PreparedRow } from './prepare';
import { checkReferences } from './references';
import { rejectedFileName, rejectedRowsCsv } from './report';
import { runImport, type ImportProgress, type ImportReport, type RejectedRow } from './runner';
import { ImportLeaveGuard } from './ImportLeaveGuard';
import { importSchemas, keyDescription, resolveTable, tableLabel } from '../../resources/csvTables';
import { NOT_ALLOWED, useAllowedTables } from './useAllowedTables';
import { formatCount } from '../../resources/generic/csvExport/useCsvExport';

const PREVIEW_ROWS = 10;

interface Prepared {
  total: number;
  preview: PreparedRow[];
  problems: RejectedRow[];
}

const summarise = (rows: readonly PreparedRow[]): Prepared => {
  const problems = rows
    .filter((row) => row.problems.length)
    .map((row) => ({ line: row.line, problems: row.problems }));
  return { total: rows.length, preview: rows.slice(0, PREVIEW_ROWS), problems };
};

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

const ImportPage = () => {
  const dataProvider = useDataProvider();
  const rawProvider = useContext(DataProviderContext);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const requested = params.get('tabla');
  const initial = requested ? resolveTable(requested, 'import') : undefined;

  const [table, setTable] = useState(initial && 'schema' in initial ? (initial.schema.table ?? '') : '');
  const [tableError, setTableError] = useState<string | null>(
    initial && 'error' in initial ? `${initial.error} «${requested}»` : null,
  );
  const [summary, setSummary] = useState<ParseSummary | null>(null);
  const [reading, setReading] = useState(false);
  const [mappings, setMappings] = useState<ColumnMapping[]>([]);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [preparing, setPreparing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const parser = useRef<CsvParser | null>(null);
  const rows = useRef<PreparedRow[]>([]);
  const latest = useRef<ImportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const sequence = useRef(0);

  const importable = useMemo(() => importSchemas(), []);
  const { allowed: schemas, isPending: checkingAccess, isAllowed } = useAllowedTables(importable, 'import');
  const chosen = importable.find((candidate) => candidate.table === table);
  const schema: ResourceSchema | undefined = chosen && isAllowed(chosen) ? chosen : undefined;
  const forbidden = chosen && !checkingAccess && !schema ? chosen : undefined;
  const running = progress !== null && report === null;

  // Leaving the page (unmount) stops a running import: nothing keeps writing where nobody sees it.
  useEffect(
    () => () => {
      abort.current?.abort();
      parser.current?.dispose();
    },
    [],
  );

  // The running import: progress reaches the page at most 5 times a second; leaving asks first.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setProgress(latest.current), 200);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('beforeunload', warn);
    };
  }, [running]);

  const prepare = useCallback(
    async (target: ResourceSchema, next: ColumnMapping[]) => {
      const current = parser.current;
      if (!current) return;
      const run = ++sequence.current;
      setPreparing(0);
      let shown = 0;
      try {
        const result = await current.prepare(target, next, (count) => {
          // at most 4 renders a second while the chunks arrive: the page stays responsive
          const now = performance.now();
          if (run !== sequence.current || now - shown < 250) return;
          shown = now;
          setPreparing(count);
        });
        if (run !== sequence.current) return;
        // names of other records (categories, brands, SKUs) must exist in the company: looked up on the API.
        const backend = backendFromDataProvider(dataProvider, getSelectedEmpresaId, {
          findWhere: typeof (rawProvider as { findWhere?: unknown } | null)?.findWhere === 'function',
        });
        const checked = await checkReferences(target, result, backend, { columnOf: columnsOf(next) });
        if (run !== sequence.current) return;
        rows.current = checked;
        setPrepared(summarise(checked));
      } catch (error) {
        if (run === sequence.current) setTableError(error instanceof Error ? error.message : String(error));
      } finally {
        if (run === sequence.current) setPreparing(null);
      }
    },
    [dataProvider, rawProvider],
  );

  // A file and a table: map the columns automatically, then prepare the rows.
  useEffect(() => {
    if (!summary || !schema) return;
    const automatic = autoMap(schema, summary.headers);
    setMappings(automatic);
    setPrepared(null);
    void prepare(schema, automatic);
  }, [summary, schema, prepare]);

  const onDrop = useCallback(
    async (accepted: File[]) => {
      const file = accepted[0];
      if (!file) return;
      parser.current?.dispose();
      const next = createCsvParser();
      parser.current = next;
      rows.current = [];
      setSummary(null);
      setPrepared(null);
      setReport(null);
      setProgress(null);
      setReading(true);
      try {
        const parsed = await next.parse(file, file.name);
        if (!table) {
          const fromName = parsed.tableFromName ? resolveTable(parsed.tableFromName, 'import') : undefined;
          if (fromName && 'schema' in fromName) {
            setTable(fromName.schema.table ?? '');
            setTableError(null);
          } else if (fromName) {
            setTableError(`${fromName.error} «${parsed.tableFromName}»: elija la tabla de destino`);
          } else {
            setTableError('Elija la tabla de destino del fichero');
          }
        }
        setSummary(parsed);
      } catch (error) {
        notify(`No se pudo leer el fichero: ${error instanceof Error ? error.message : String(error)}`, {
          type: 'error',
        });
      } finally {
        setReading(false);
      }
    },
    [notify, table],
  );

  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    onDrop: (files) => void onDrop(files),
    multiple: false,
    disabled: running,
    accept: {
      'text/csv': ['.csv'],
      'text/plain': ['.csv', '.txt'],
      'application/vnd.ms-excel': ['.csv'],
    },
  });

  const changeTable = (value: string) => {
    setTable(value);
    setTableError(null);
    setReport(null);
  };

  const changeMapping = useCallback(
    (index: number, field: string | null) => {
      if (!schema) return;
      const next = remap(schema, mappings, index, field);
      setMappings(next);
      void prepare(schema, next);
    },
    [schema, mappings, prepare],
  );

  const start = async () => {
    setConfirming(false);
    if (!schema) return;
    const controller = new AbortController();
    abort.current = controller;
    setCancelling(false);
    setReport(null);
    const initialProgress: ImportProgress = {
      total: rows.current.length,
      done: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      elapsedMs: 0,
      rate: 0,
      remainingMs: null,
    };
    latest.current = initialProgress;
    setProgress(initialProgress);
    const backend = backendFromDataProvider(dataProvider, getSelectedEmpresaId, {
      findWhere: typeof (rawProvider as { findWhere?: unknown } | null)?.findWhere === 'function',
    });
    try {
      const result = await runImport({
        schema,
        rows: rows.current,
        backend,
        empresaId: getSelectedEmpresaId(),
        columnOf: columnsOf(mappings),
        signal: controller.signal,
        onProgress: (value) => {
          latest.current = value;
        },
      });
      setProgress(result);
      setReport(result);
      await queryClient.invalidateQueries();
    } catch (error) {
      notify(`La importación se ha detenido: ${error instanceof Error ? error.message : String(error)}`, {
        type: 'error',
      });
      setProgress(null);
    } finally {
      abort.current = null;
    }
  };

  const cancel = () => {
    setCancelling(true);
    abort.current?.abort();
  };

  const downloadRejected = async () => {
    if (!report || !summary || !parser.current) return;
    setDownloading(true);
    try {
      const cells = await parser.current.cells(report.rejectedRows.map((row) => row.line));
      downloadText(
        rejectedFileName(report.table),
        rejectedRowsCsv(summary.headers, report.rejectedRows, (line) => cells.get(line)),
      );
    } finally {
      setDownloading(false);
    }
  };

  const restart = () => {
    parser.current?.dispose();
    parser.current = null;
    rows.current = [];
    setSummary(null);
    setMappings([]);
    setPrepared(null);
    setProgress(null);
    setReport(null);
  };

  const missing = schema && summary ? missingRequired(schema, mappings) : [];
  const valid = prepared ? prepared.total - prepared.problems.length : 0;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Importar CSV" />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              1. Tabla y fichero
            </Typography>
            <TextField
              select
              label="Tabla de destino"
              value={schema ? table : ''}
              onChange={(event) => changeTable(event.target.value)}
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
            {schema?.table === 'productos' && getSelectedEmpresaId() !== QUICK_PRODUCT_EMPRESA_ID && (
              <Alert severity="info">
                Los productos nuevos se crean en la empresa {QUICK_PRODUCT_EMPRESA_ID} (alta rápida por
                importación); los existentes se buscan y actualizan en la empresa seleccionada.
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
            <Box
              {...getRootProps()}
              sx={{
                border: '2px dashed',
                borderColor: isDragActive ? 'primary.main' : 'divider',
                borderRadius: 2,
                p: 4,
                textAlign: 'center',
                cursor: running ? 'default' : 'pointer',
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
            {reading && (
              <Stack direction="row" spacing={1} alignItems="center">
                <CircularProgress size={20} />
                <Typography>Leyendo el fichero…</Typography>
              </Stack>
            )}
            {summary && <FileNotes summary={summary} />}
          </Stack>
        </CardContent>
      </Card>

      {summary && schema && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              2. Columnas
            </Typography>
            {missing.length > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                Ninguna columna rellena {missing.map((name) => `«${name}»`).join(', ')} (obligatorio): las
                filas nuevas se rechazarán; las existentes se pueden actualizar.
              </Alert>
            )}
            <MappingTable schema={schema} mappings={mappings} onChange={changeMapping} disabled={running} />
          </CardContent>
        </Card>
      )}

      {summary && schema && (preparing !== null || prepared) && (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                3. Vista previa
              </Typography>
              {preparing !== null && (
                <Stack direction="row" spacing={1} alignItems="center">
                  <CircularProgress size={20} />
                  <Typography>
                    Preparando filas… {formatCount(preparing)} de {formatCount(summary.rowCount)}
                  </Typography>
                </Stack>
              )}
              {prepared && preparing === null && (
                <>
                  <Typography variant="body2" data-testid="prepared-summary">
                    {formatCount(valid)} filas correctas · {formatCount(prepared.problems.length)} filas con
                    problemas (no se importarán; el resto sí)
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
                  {!running && !report && (
                    <Box>
                      <Button variant="contained" onClick={() => setConfirming(true)} disabled={valid === 0}>
                        Importar {formatCount(valid)} filas
                      </Button>
                    </Box>
                  )}
                </>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}

      {progress && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              4. Importación
            </Typography>
            {report ? (
              <ReportPanel
                report={report}
                onDownload={() => void downloadRejected()}
                onRestart={restart}
                downloading={downloading}
              />
            ) : (
              <ProgressPanel progress={progress} onCancel={cancel} cancelling={cancelling} />
            )}
          </CardContent>
        </Card>
      )}

      <ImportLeaveGuard running={running} onLeave={cancel} />
      <Confirm
        isOpen={confirming}
        title={`Importar en ${schema?.labelPlural ?? ''}`}
        content={`Se importarán ${formatCount(valid)} filas en ${schema?.labelPlural ?? ''} de la empresa seleccionada: las que ya existen se actualizarán y las nuevas se crearán. ¿Continuar?`}
        confirm="Importar"
        cancel="Cancelar"
        onConfirm={() => void start()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};

export default ImportPage;
