/**
 * The result summary of a sync: state, message and the rows that failed with their reason — the first 20 on
 * screen, '… y N más' below them, and every failure as a CSV (tabla; registro; motivo).
 */
import { Alert, AlertTitle, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { downloadText } from '../../resources/generic/csvExport/download';
import { failuresCsv, FAILURES_SHOWN, moreFailures, syncSeverity, type SyncSummary } from './outcomes';
import { formatCount } from '../../core/formats';

export function SyncResult({ summary, title }: { summary: SyncSummary; title?: string }) {
  const more = moreFailures(summary.errores.length);
  const download = () => {
    const file = failuresCsv(summary.errores);
    downloadText(file.fileName, file.text);
  };
  return (
    <Alert severity={syncSeverity(summary.estado)} role="status" sx={{ mt: 2 }}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {summary.mensaje}
      {summary.errores.length > 0 && (
        <>
          <List dense aria-label="Registros con error">
            {summary.errores.slice(0, FAILURES_SHOWN).map((e, index) => (
              <ListItem key={`${e.tabla}-${e.registro}-${index}`} disableGutters>
                <ListItemText primary={`${e.tabla}: ${e.registro}`} secondary={e.motivo} />
              </ListItem>
            ))}
          </List>
          {more && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {more}
            </Typography>
          )}
          <Button size="small" startIcon={<Download />} onClick={download}>
            Descargar los {formatCount(summary.errores.length)} errores (CSV)
          </Button>
        </>
      )}
    </Alert>
  );
}
