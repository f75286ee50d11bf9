/** The editor's dialogs: the save results (volume warning, sync failure, success) and the load failure. */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { MESSAGES, RELOAD_DELAY_MS } from './messages';

export type SaveNotice =
  | { kind: 'volume' }
  | { kind: 'syncFailed'; reason: string; keptEmpty: string[] }
  | { kind: 'success'; keptEmpty: string[] };

/**
 * The dialogs after a save, in order. The volume warning is followed by the success dialog (the save itself
 * went well and the spec asks for it); a sync the ERP refused or that failed is reported by its own dialog,
 * which already says the product was saved, and no green success follows it.
 */
export const saveNotices = ({
  volumeRefused,
  syncFailure,
  keptEmpty,
}: {
  volumeRefused: boolean;
  syncFailure?: string;
  keptEmpty: string[];
}): SaveNotice[] => [
  ...(volumeRefused ? [{ kind: 'volume' } as const] : []),
  syncFailure !== undefined
    ? { kind: 'syncFailed', reason: syncFailure, keptEmpty }
    : { kind: 'success', keptEmpty },
];

const keptEmptyText = (keptEmpty: readonly string[]): string =>
  keptEmpty.length
    ? `Los valores vacíos no se guardan: se conservan los anteriores de ${keptEmpty.join(', ')}.`
    : '';

const noticeText = (notice: SaveNotice): { title: string; text: string; warning: boolean } => {
  switch (notice.kind) {
    case 'volume':
      return { title: MESSAGES.volumeTitle, text: MESSAGES.volumeText, warning: true };
    case 'syncFailed':
      return {
        title: MESSAGES.syncFailedTitle,
        text: [MESSAGES.syncFailed(notice.reason), keptEmptyText(notice.keptEmpty)].filter(Boolean).join(' '),
        warning: true,
      };
    default:
      return { title: MESSAGES.updated, text: keptEmptyText(notice.keptEmpty), warning: false };
  }
};

/** Shows the first notice of the queue; Aceptar moves to the next one. */
export const SaveNoticeDialog = ({
  notice,
  onClose,
  busy = false,
}: {
  notice?: SaveNotice;
  onClose(): void;
  /** The product is being reloaded: the dialog waits for it (typing meanwhile would be lost). */
  busy?: boolean;
}) => {
  if (!notice) return null;
  const { title, text, warning } = noticeText(notice);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="save-notice-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="save-notice-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {warning ? <WarningAmber color="warning" /> : <CheckCircleOutline color="success" />}
        {title}
      </DialogTitle>
      {text && (
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button
          variant="contained"
          onClick={onClose}
          autoFocus
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? 'Recargando…' : 'Aceptar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * docs/requirements.md#r8-errors: a product that fails to load shows a loading dialog for 5 s, then it is loaded again (and again, every
 * 5 s, while it keeps failing). The person may also retry at once or go back to the list.
 */
export const LoadFailureDialog = ({
  attempt,
  onReload,
  onBack,
  busy = false,
  delayMs = RELOAD_DELAY_MS,
}: {
  /** Changes on every failure, restarting the wait. */
  attempt: number;
  onReload(): void;
  /** 'Volver al listado'. */
  onBack(): void;
  /** A load is under way: no automatic retry meanwhile, and 'Reintentar ahora' waits. */
  busy?: boolean;
  delayMs?: number;
}) => {
  useEffect(() => {
    if (busy) return undefined;
    const timer = setTimeout(onReload, delayMs);
    return () => clearTimeout(timer);
  }, [attempt, busy, delayMs, onReload]);
  return (
    <Dialog open aria-labelledby="load-failure-title" aria-describedby="load-failure-text">
      <DialogTitle id="load-failure-title">{MESSAGES.loading}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={28} />
          <DialogContentText id="load-failure-text">{MESSAGES.loadFailed}</DialogContentText>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>Volver al listado</Button>
        <Button variant="contained" onClick={onReload} disabled={busy} autoFocus>
          Reintentar ahora
        </Button>
      </DialogActions>
    </Dialog>
  );
};
