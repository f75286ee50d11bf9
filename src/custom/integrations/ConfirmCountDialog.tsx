/**
 * Asks before a bulk side effect, naming how many products it will touch: the products of the selected company
 * that match `filter` (e.g. sincronizarConBC = 'S'), counted through the data provider when the dialog opens.
 * With nothing to do, the action cannot be confirmed; when the count fails, the question is asked without it.
 */
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useGetList } from 'react-admin';
import { productsText } from '../../resources/atributos/categoryRemoval';

export interface ConfirmCountDialogProps {
  open: boolean;
  title: string;
  /** The products the action will touch, as a productos list filter. */
  filter: Record<string, unknown>;
  /** The question, given «192 productos» (or «los productos marcados» when they could not be counted). */
  question(products: string): string;
  /** Shown instead of the question when no product matches. */
  nothingText: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}

export const ConfirmCountDialog = ({
  open,
  title,
  filter,
  question,
  nothingText,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmCountDialogProps) => {
  const { total, isPending, error } = useGetList(
    'productos',
    { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: open, gcTime: 0, staleTime: 0, retry: false },
  );
  const counting = open && isPending && !error;
  const nothing = !counting && !error && total === 0;
  const text = counting
    ? 'Contando productos…'
    : nothing
      ? nothingText
      : question(error || total === undefined ? 'los productos marcados' : productsText(total));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-count-title">
      <DialogTitle id="confirm-count-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {counting && <CircularProgress size={16} />}
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={counting || nothing} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
