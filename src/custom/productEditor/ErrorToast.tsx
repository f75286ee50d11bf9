/**
 * An error toast whose first line is the spec's literal ('Error eliminando el producto', 'Error replicando el
 * producto') exactly, with the server's detail on a second line of its own.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorDetail } from './messages';

const ErrorToastContent = ({ literal, detail }: { literal: string; detail: string }) => (
  <Alert severity="error" variant="filled" sx={{ minWidth: 288 }}>
    <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
      {literal}
    </Typography>
    <Typography variant="body2" component="div" data-testid="toast-detail">
      {detail}
    </Typography>
  </Alert>
);

/** The toast for `notify(…, { type: 'error' })`: the literal alone, or the literal and the detail below it. */
export const errorToast = (literal: string, error: unknown): ReactNode => {
  const detail = errorDetail(error);
  return detail ? <ErrorToastContent literal={literal} detail={detail} /> : literal;
};
