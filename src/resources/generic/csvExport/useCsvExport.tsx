/**
 * The CSV export as a person sees it (docs/requirements.md#r7-api): a 2-second 'Generando…' toast, then, for tables larger than one
 * page, a progress dialog with the rows fetched so far and a Cancel button; the file downloads at the end.
 * The exporter (and papaparse with it) loads on the first export.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import type { ResourceSchema } from '../../types';
import { downloadText } from './download';
import type { CsvFile } from './exporter';
import { formatCount } from '../../../core/formats';

/** Above this many rows (more than one page) the export shows its progress dialog; below it the toast says enough. */
export const LARGE_EXPORT_ROWS = 5000;
export const EXPORT_TOAST = 'Generando el fichero CSV…';

export interface ExportJob {
  label: string;
  done: number;
  total: number;
}

export interface ExportRequest {
  filter?: Record<string, unknown>;
  integration?: { basePath: string; campos?: string | null };
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/**
 * Any CSV export run by the hook: `fetchRows` reads every row (page by page, honouring the signal and reporting
 * progress, e.g. with exporter.ts fetchPages) and `toFile` writes the file. The schema exports are one such task.
 */
export interface CsvExportTask<T> {
  /** What is exported, in the progress dialog and the messages ('Marcas', 'Registro de sincronización…'). */
  label: string;
  fetchRows: (options: {
    signal: AbortSignal;
    onProgress: (done: number, total: number) => void;
  }) => Promise<readonly T[]>;
  toFile: (rows: readonly T[]) => CsvFile | Promise<CsvFile>;
}

export function useCsvExport() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [job, setJob] = useState<ExportJob | null>(null);
  const controller = useRef<AbortController | null>(null);

  const runTask = useCallback(
    async <T,>(task: CsvExportTask<T>): Promise<boolean> => {
      const abort = new AbortController();
      controller.current = abort;
      notify(EXPORT_TOAST, { type: 'info', autoHideDuration: 2000 });
      setJob({ label: task.label, done: 0, total: 0 });
      try {
        const rows = await task.fetchRows({
          signal: abort.signal,
          onProgress: (done, total) => setJob({ label: task.label, done, total }),
        });
        if (abort.signal.aborted) throw Object.assign(new Error('cancelada'), { name: 'AbortError' });
        const file = await task.toFile(rows);
        downloadText(file.fileName, file.text);
        notify(`${file.fileName}: ${formatCount(file.rows)} filas exportadas`, { type: 'success' });
        return true;
      } catch (error) {
        if (isAbort(error) || abort.signal.aborted) notify('Exportación cancelada', { type: 'info' });
        else {
          const message = error instanceof Error ? error.message : String(error);
          notify(`No se pudo exportar ${task.label}: ${message}`, { type: 'error' });
        }
        return false;
      } finally {
        controller.current = null;
        setJob(null);
      }
    },
    [notify],
  );

  const run = useCallback(
    (schema: ResourceSchema, request: ExportRequest = {}): Promise<boolean> =>
      runTask<RaRecord>({
        label: schema.labelPlural,
        fetchRows: async ({ signal, onProgress }) => {
          const { exportRows } = await import('./exporter');
          return exportRows(dataProvider, schema, { filter: request.filter, signal, onProgress });
        },
        toFile: async (rows) => (await import('./exporter')).exportFile(schema, rows, request.integration),
      }),
    [dataProvider, runTask],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { run, runTask, job, cancel };
}

/** Progress of a large export, with Cancel. Nothing for small ones (the toast says enough). */
export const ExportProgressDialog = ({ job, onCancel }: { job: ExportJob | null; onCancel: () => void }) => {
  if (!job || job.total <= LARGE_EXPORT_ROWS) return null;
  const percent = job.total ? Math.min(100, (job.done / job.total) * 100) : 0;
  return (
    <Dialog open aria-labelledby="export-progress-title" maxWidth="sm" fullWidth>
      <DialogTitle id="export-progress-title">Exportando {job.label}</DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={percent} aria-label="Progreso de la exportación" />
        <Typography variant="body2" sx={{ mt: 1 }} role="status">
          {formatCount(job.done)} de {formatCount(job.total)} filas
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
      </DialogActions>
    </Dialog>
  );
};
