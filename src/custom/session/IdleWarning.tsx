/**
 * The warning before the inactivity logout: a countdown of the seconds left and «Seguir conectado», which keeps
 * the session in every tab. Shown while the timer is in its warning time; activity alone does not dismiss it.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

export const IDLE_WARNING_TITLE = 'Sin actividad';
export const STAY_SIGNED_IN = 'Seguir conectado';

const secondsLeft = (remainingMs: () => number) => Math.max(0, Math.ceil(remainingMs() / 1000));

export const IdleWarning = ({ remainingMs, onStay }: { remainingMs(): number; onStay(): void }) => {
  const translate = useTranslate();
  const [seconds, setSeconds] = useState(() => secondsLeft(remainingMs));
  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsLeft(remainingMs)), 1000);
    return () => clearInterval(tick);
  }, [remainingMs]);
  const text = translate('pim.session.idle_warning_text', {
    smart_count: seconds,
    _: `La sesión se cerrará por inactividad en ${seconds} segundos.`,
  });
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // below the floating app bar, above everything else
      sx={{ top: { xs: 72, sm: 88 }, zIndex: (theme) => theme.zIndex.modal + 1 }}
    >
      <Alert
        severity="warning"
        variant="filled"
        role="alertdialog"
        aria-labelledby="idle-warning-title"
        aria-describedby="idle-warning-text"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={onStay} autoFocus>
            {translate('pim.session.stay_signed_in', { _: STAY_SIGNED_IN })}
          </Button>
        }
        sx={{ minWidth: 360, alignItems: 'center' }}
      >
        <AlertTitle id="idle-warning-title">
          {translate('pim.session.idle_warning_title', { _: IDLE_WARNING_TITLE })}
        </AlertTitle>
        <span id="idle-warning-text" aria-live="polite">
          {text}
        </span>
      </Alert>
    </Snackbar>
  );
};
