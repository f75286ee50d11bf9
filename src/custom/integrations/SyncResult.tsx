/** The result summary of a sync: state, message and the rows that failed with their reason. */
import { Alert, List, ListItem, ListItemText } from '@mui/material';
import type { SyncSummary } from './api';

const SEVERITY = { OK: 'success', PARCIAL: 'warning', ERROR: 'error', VACIO: 'info' } as const;

export function SyncResult({ summary }: { summary: SyncSummary }) {
  return (
    <Alert severity={SEVERITY[summary.estado]} role="status" sx={{ mt: 2 }}>
      {summary.mensaje}
      {summary.errores.length > 0 && (
        <List dense>
          {summary.errores.slice(0, 20).map((e) => (
            <ListItem key={`${e.tabla}-${e.registro}`} disableGutters>
              <ListItemText primary={`${e.tabla}: ${e.registro}`} secondary={e.motivo} />
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}
