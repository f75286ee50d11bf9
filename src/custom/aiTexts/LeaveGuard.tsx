/**
 * Asks before leaving the page (another menu entry, back…) while a generation runs; leaving stops it (the
 * page's unmount cancels the rows not yet processed). Only under a data router (react-admin's own): elsewhere
 * (a plain MemoryRouter) navigation cannot be blocked and the unmount still cancels.
 */
import { useBlocker, useCanBlock } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

interface Props {
  active: boolean;
  message: string;
}

const Blocker = ({ active, message }: Props) => {
  const blocker = useBlocker(active);
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-generation-title">
      <DialogTitle id="leave-generation-title">Generación en curso</DialogTitle>
      <DialogContent>{message}</DialogContent>
      <DialogActions>
        <Button autoFocus onClick={() => blocker.reset?.()}>
          Seguir aquí
        </Button>
        <Button color="warning" onClick={() => blocker.proceed?.()}>
          Salir y detener
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export const LeaveGuard = (props: Props) => (useCanBlock() ? <Blocker {...props} /> : null);

export default LeaveGuard;
