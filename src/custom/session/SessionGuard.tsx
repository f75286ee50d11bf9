/**
 * Mounted once inside the signed-in layout: the inactivity logout (timeout of the selected company, local
 * override) and the cross-tab logout. Renders nothing itself; its notices go through react-admin's notifier.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useCallback, useEffect, useState } from 'react';
import { useAuthProvider, useGetList, useLogout, useNotify, useTranslate } from 'react-admin';
import { watchSessionEnd } from './crossTab';
import { IdleWarning } from './IdleWarning';
import {
  INACTIVITY_NOTICE_MS,
  INACTIVITY_OVERRIDE_KEY,
  INACTIVITY_TEXT,
  INACTIVITY_TITLE,
  inactivityTimeoutMs,
} from '../../core/inactivity';
import { useInactivityLogout } from './useInactivityLogout';

/** The warning shows this long before the inactivity logout. */
export const IDLE_WARNING_MS = 60_000;

const readOverride = (): string | null => {
  try {
    return localStorage.getItem(INACTIVITY_OVERRIDE_KEY);
  } catch {
    return null;
  }
};

export const InactivityNotice = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info" variant="filled" role="alert" sx={{ minWidth: 320 }}>
      <AlertTitle>{translate('pim.session.inactivity_title', { _: INACTIVITY_TITLE })}</AlertTitle>
      {translate('pim.session.inactivity_text', { _: INACTIVITY_TEXT })}
    </Alert>
  );
};

const ActiveSession = () => {
  const notify = useNotify();
  const logout = useLogout();
  // read once at start-up (docs/requirements.md#r9-constants: the local value overrides the company's in the start-up).
  const [override] = useState(readOverride);
  const { data } = useGetList(
    'parametrosGlobales',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } },
    { retry: false, refetchOnWindowFocus: false },
  );
  const timeoutMs = inactivityTimeoutMs(data?.[0]?.minutosCierreSesion, override);

  const onNotice = useCallback(
    () => notify(<InactivityNotice />, { type: 'info', autoHideDuration: INACTIVITY_NOTICE_MS }),
    [notify],
  );
  const onExpire = useCallback(() => void logout(), [logout]);
  const [warning, setWarning] = useState(false);
  const onWarn = useCallback(() => setWarning(true), []);
  const onActive = useCallback(() => setWarning(false), []);
  const { stay, remainingMs } = useInactivityLogout({
    timeoutMs,
    onNotice: useCallback(() => {
      setWarning(false);
      onNotice();
    }, [onNotice]),
    onExpire,
    warnMs: IDLE_WARNING_MS,
    onWarn,
    onActive,
  });

  useEffect(
    () =>
      watchSessionEnd(() => {
        notify('pim.session.closed_elsewhere', { type: 'info' });
        void logout();
      }),
    [logout, notify],
  );
  return warning ? (
    <IdleWarning
      remainingMs={remainingMs}
      onStay={() => {
        setWarning(false);
        stay();
      }}
    />
  ) : null;
};

/** Only with an authProvider (a signed-in app): without one (component tests) there is no session to end. */
export const SessionGuard = () => (useAuthProvider() ? <ActiveSession /> : null);
