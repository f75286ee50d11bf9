/**
 * What a list shows when its rows cannot be read (the API down, a filter it refuses such as a search past its
 * length in an address): the reason and «Reintentar» — never an empty list saying no record matches, nor a
 * pager counting rows it did not read (ListPagination hides then).
 */
import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { serverMessage } from '../../core/loopbackError';

export const ListLoadError = () => {
  const { error, refetch } = useListContext();
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('pim.list.retry')}
        </Button>
      }
    >
      {translate('pim.list.load_error', {
        message: serverMessage(error) || translate('ra.notification.http_error'),
      })}
    </Alert>
  );
};
