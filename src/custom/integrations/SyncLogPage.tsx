/**
 * The synchronisation log: table selector, date and error filters, paging, CSV export with fixed columns. The
 * export reads every row of the current filters page by page (no cap) through the generic exporter's machinery
 * (useCsvExport: the 2-second toast, a progress dialog with Cancel for large logs, the download at the end).
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { csvFileName } from '../../core/csv/csvWrite';
import { toCsv } from '../../resources/csvTables';
import { ExportProgressDialog, useCsvExport } from '../../resources/generic/csvExport/useCsvExport';
import { formatCount, formatDateTime } from '../../core/formats';
import { useIntegrations, type LogRow } from './api';
import {
  LOG_TABLE_ERROR,
  LOG_TABLE_NAMES,
  logColumns,
  logCsvName,
  logTable,
  type ErrorFilter,
} from './syncLog';
import { useDebounced } from '../useDebounced';

const LABELS: Record<string, string> = {
  nombre: 'Nombre (SKU)',
  skuPrincipal: 'SKU principal',
  skuRepuesto: 'SKU repuesto',
  skuSustituto: 'SKU sustituto',
  skuEnsamblado: 'SKU ensamblado',
  fechaSincronizacionConBC: 'Fecha de sincronización con BC',
  fechaEjecucionDeProcesoSincroBC: 'Fecha de ejecución',
  motivoErrorSincroConBC: 'Motivo del error',
};

const show = (value: unknown, locale: string): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value, locale);
  return String(value);
};

export default function SyncLogPage() {
  const api = useIntegrations();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // The table lives in the URL (?tabla=repuestos): bookmarkable, and a link naming an unknown table shows
  // 'Problema con el nombre de la tabla' instead of another table's rows.
  const [params, setParams] = useSearchParams();
  const table = params.get('tabla') ?? 'productos';
  const setTable = (name: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tabla', name);
        return next;
      },
      { replace: true },
    );
  const [fecha, setFecha] = useState('');
  const [errores, setErrores] = useState<ErrorFilter>('todos');
  const [texto, setTexto] = useState('');
  // typing in 'SKU contiene' asks once the user pauses, not on every keystroke
  const textoFiltro = useDebounced(texto, 400);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const [rows, setRows] = useState<LogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const { runTask, job, cancel } = useCsvExport();
  const exporting = job !== null;

  let tableError: string | null = null;
  try {
    logTable(table);
  } catch {
    tableError = LOG_TABLE_ERROR;
  }

  useEffect(() => {
    if (tableError) return;
    let alive = true;
    setLoading(true);
    setError(null);
    api
      .integrationsSyncLog(table, { fecha, errores, texto: textoFiltro }, page, perPage)
      .then((result) => {
        if (!alive) return;
        setRows(result.data);
        setTotal(result.total);
      })
      .catch((e: Error) => alive && setError(e.message))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [table, fecha, errores, textoFiltro, page, perPage, tableError]);

  const columns = tableError ? [] : logColumns(table);

  /** Every row of the current table and filters, page by page (fixed columns, `log_{tabla}_PIM.csv`). */
  const exportCsv = () => {
    const filters = { fecha, errores, texto: textoFiltro };
    const name = logCsvName(table);
    return runTask<LogRow>({
      label: `Registro de sincronización (${table})`,
      fetchRows: async ({ signal, onProgress }) => {
        const { fetchPages } = await import('../../resources/generic/csvExport/exporter');
        return fetchPages(
          (page, perPage, pageSignal) => api.integrationsSyncLog(table, filters, page, perPage, pageSignal),
          { signal, onProgress },
        );
      },
      toFile: (all) => ({
        fileName: csvFileName(name),
        text: toCsv(name, all, logColumns(table)),
        rows: all.length,
      }),
    });
  };

  return (
    <Card>
      <Title title="Registro de sincronización" />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            select
            label="Tabla"
            value={tableError ? '' : table}
            size="small"
            onChange={(e) => {
              setTable(e.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 160 }}
          >
            {LOG_TABLE_NAMES.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Fecha de ejecución"
            type="date"
            size="small"
            value={fecha}
            onChange={(e) => {
              setFecha(e.target.value);
              setPage(1);
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': 'Fecha de ejecución' } }}
          />
          <TextField
            select
            label="Errores"
            size="small"
            value={errores}
            onChange={(e) => {
              setErrores(e.target.value as ErrorFilter);
              setPage(1);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="todos">Todos</MenuItem>
            <MenuItem value="con">Con error</MenuItem>
            <MenuItem value="sin">Sin error</MenuItem>
          </TextField>
          <TextField
            label="SKU contiene"
            size="small"
            value={texto}
            onChange={(e) => {
              setTexto(e.target.value);
              setPage(1);
            }}
          />
          <Button
            variant="outlined"
            startIcon={exporting ? <CircularProgress size={16} /> : <Download />}
            onClick={() => void exportCsv()}
            disabled={exporting || Boolean(tableError)}
          >
            Exportar CSV
          </Button>
        </Box>
        <ExportProgressDialog job={job} onCancel={cancel} />
        {tableError && <Alert severity="error">{tableError}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        {!tableError && (
          <>
            <Table size="small" aria-label="Registro de sincronización">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c}>{LABELS[c] ?? c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {loading ? (
                  <TableRow>
                    <TableCell colSpan={columns.length}>
                      <CircularProgress size={20} /> Cargando…
                    </TableCell>
                  </TableRow>
                ) : rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columns.length}>
                      No hay registros de sincronización con estos filtros
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row) => (
                    <TableRow key={row.id} hover>
                      {columns.map((c) => (
                        <TableCell
                          key={c}
                          sx={c === 'motivoErrorSincroConBC' && row[c] ? { color: 'error.main' } : undefined}
                        >
                          {show(row[c], locale)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={total}
              page={page - 1}
              rowsPerPage={perPage}
              rowsPerPageOptions={[10, 25, 50]}
              onPageChange={(_, p) => setPage(p + 1)}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(1);
              }}
              labelRowsPerPage="Filas por página"
              labelDisplayedRows={({ from, to, count }) =>
                translate('ra.navigation.page_range_info', {
                  offsetBegin: formatCount(from, locale),
                  offsetEnd: formatCount(to, locale),
                  total: formatCount(count, locale),
                })
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
