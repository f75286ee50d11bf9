/**
 * The app's notices (react-admin's `notify`), one at a time in a snackbar, where a newer notice replaces the one on
 * screen (MUI's consecutive snackbars) instead of waiting behind it. react-admin's own snackbar shows queued notices
 * one after the other for their full time: after an invalid save and a valid one, «creado» appeared 4–8 s after the
 * click that caused it, behind notices about what was already fixed.
 */
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { styled } from '@mui/material/styles';
import { isValidElement, useCallback, useEffect, useState } from 'react';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';

/** How long a notice stays when nothing newer comes and it sets no time of its own (react-admin's default). */
export const NOTICE_MS = 4000;

/**
 * A notice that sets a time of its own keeps it even when a newer one waits (the CSV export's loading notice shows
 * for 2 s: docs/requirements.md#r7-csv), and one that stays until closed (`autoHideDuration: null`: it asks for
 * an action, as «Reintentar» after a failed removal) stays until then; only a notice with the default time gives way.
 */
const keepsItsTime = (notice: NotificationPayload | undefined): boolean =>
  notice?.notificationOptions?.autoHideDuration !== undefined;

export const PimNotification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [shown, setShown] = useState<NotificationPayload | undefined>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (notifications.length > 0 && !shown) {
      const next = takeNotification();
      if (next) {
        setShown(next);
        setOpen(true);
      }
    } else if (notifications.length > 0 && open && !keepsItsTime(shown)) {
      // a newer notice waits: this one leaves now (its exit lets the next one in)
      setOpen(false);
    }
  }, [notifications, shown, open, takeNotification]);

  const close = useCallback(() => setOpen(false), []);
  // An undoable change is sent when its notice leaves without «Deshacer» (as react-admin does).
  const settle = useCallback(
    (isUndo: boolean) => {
      if (shown?.notificationOptions?.undoable) takeMutation()?.({ isUndo });
    },
    [shown, takeMutation],
  );
  const exited = useCallback(() => {
    settle(false);
    setShown(undefined);
  }, [settle]);
  const undo = useCallback(() => {
    settle(true);
    setShown((current) => current && { ...current, notificationOptions: {} });
    setOpen(false);
  }, [settle]);

  if (!shown) return null;
  const { message, type } = shown;
  const { autoHideDuration, messageArgs, multiLine, undoable, ...options } = shown.notificationOptions ?? {};
  return (
    <CloseNotificationContext.Provider value={close}>
      <ColouredSnackbar
        open={open}
        message={typeof message === 'string' ? translate(message, messageArgs) : undefined}
        autoHideDuration={autoHideDuration === undefined ? NOTICE_MS : (autoHideDuration ?? undefined)}
        disableWindowBlurListener={undoable}
        onClose={close}
        action={
          undoable ? (
            <Button color="inherit" size="small" onClick={undo}>
              {translate('ra.action.undo')}
            </Button>
          ) : null
        }
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        {...options}
        slotProps={{
          transition: { onExited: exited },
          content: { className: `notice-${type}${multiLine ? ' notice-multiline' : ''}` },
        }}
      >
        {/* an element as the message: wrapped, so it need not forward a ref for the snackbar's transition */}
        {isValidElement(message) ? <div>{message}</div> : undefined}
      </ColouredSnackbar>
    </CloseNotificationContext.Provider>
  );
};

const ColouredSnackbar = styled(Snackbar)(({ theme }) => ({
  '& .notice-success': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '& .notice-error': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '& .notice-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
  '& .notice-multiline': { whiteSpace: 'pre-wrap' },
}));
