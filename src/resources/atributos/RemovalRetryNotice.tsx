/**
 * The notice shown when an attribute was saved without some categories but its values could not be removed
 * from the products of those categories (elimina-… failed): it says what is left to do and offers to retry.
 * It lives in react-admin's notification area, so it stays on screen after the form has gone back to the list,
 * until the person retries successfully or closes it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useCloseNotification, useNotify, type Identifier } from 'react-admin';
import { useReferenceData } from '../../dataProvider/referenceData';
import { serverErrorMessage } from '../generic/serverErrors';
import { removalFailureMessage, removeFromProducts, type RemovalFailure } from './categoryRemoval';

export const REMOVAL_DONE_MESSAGE = 'Valores del atributo quitados de los productos.';

export interface RemovalRetryNoticeProps {
  atributoId: Identifier;
  failures: readonly RemovalFailure[];
}

export const RemovalRetryNotice = ({ atributoId, failures: initial }: RemovalRetryNoticeProps) => {
  const api = useReferenceData();
  const notify = useNotify();
  const close = useCloseNotification();
  const [failures, setFailures] = useState(initial);
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    const left = await removeFromProducts(
      failures,
      (categoria) => api.eliminaAtributosEnProductosPorCategoria(categoria, atributoId),
      serverErrorMessage,
    );
    setBusy(false);
    if (left.length) {
      setFailures(left);
      return;
    }
    close();
    notify(REMOVAL_DONE_MESSAGE, { type: 'success', messageArgs: { _: REMOVAL_DONE_MESSAGE } });
  };

  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      sx={{ maxWidth: 640 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={retry} disabled={busy}>
            {busy ? <CircularProgress color="inherit" size={16} /> : 'Reintentar'}
          </Button>
          <Button color="inherit" size="small" onClick={close} disabled={busy}>
            Cerrar
          </Button>
        </>
      }
    >
      {removalFailureMessage(failures)}
    </Alert>
  );
};
