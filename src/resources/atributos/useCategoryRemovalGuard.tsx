/**
 * Removing categories from an attribute (spec §7): before saving, the API is asked how many products of each
 * removed category carry the attribute (comprueba-atributos-en-productos-por-categoria); the counts are shown
 * in a confirmation dialog, and only if the person confirms are the attribute values removed from those
 * products (elimina-…) and the attribute saved. Cancelling saves nothing and keeps the form as typed.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useCallback, useRef, useState } from 'react';
import { useNotify, type RaRecord } from 'react-admin';
import { useReferenceData } from '../../custom/referenceData/api';
import type { SaveCheckResult, SaveGuard } from '../generic/saveGuard';
import { serverErrorMessage } from '../generic/serverErrors';
import { removedCategories } from './categoryRemoval';

interface Pending {
  atributoId: RaRecord['id'];
  counts: { categoria: string; count: number }[];
  resolve(result: SaveCheckResult): void;
}

const productsText = (count: number): string => `${count} producto${count === 1 ? '' : 's'}`;

export const useCategoryRemovalGuard = (): SaveGuard => {
  const api = useReferenceData();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | undefined>();
  const [busy, setBusy] = useState(false);
  const pendingRef = useRef<Pending | undefined>(undefined);
  const open = (next: Pending | undefined) => {
    pendingRef.current = next;
    setPending(next);
  };

  const fail = useCallback(
    (error: unknown): SaveCheckResult => {
      const message = serverErrorMessage(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return { cancel: true };
    },
    [notify],
  );

  const check = useCallback(
    async (values: Record<string, unknown>, previous: RaRecord | undefined): Promise<SaveCheckResult> => {
      if (!previous) return undefined;
      const removed = removedCategories(previous.categorias, values.categorias);
      if (!removed.length) return undefined;
      let counts: Pending['counts'];
      try {
        counts = await Promise.all(
          removed.map(async (categoria) => ({
            categoria,
            count: await api.compruebaAtributosEnProductosPorCategoria(categoria, previous.id),
          })),
        );
      } catch (error) {
        return fail(error);
      }
      return new Promise<SaveCheckResult>((resolve) => open({ atributoId: previous.id, counts, resolve }));
    },
    [api, fail],
  );

  const cancel = () => {
    pendingRef.current?.resolve({ cancel: true });
    open(undefined);
  };

  const confirm = async () => {
    const current = pendingRef.current;
    if (!current) return;
    setBusy(true);
    try {
      for (const { categoria, count } of current.counts) {
        if (count > 0) await api.eliminaAtributosEnProductosPorCategoria(categoria, current.atributoId);
      }
      current.resolve(undefined);
    } catch (error) {
      current.resolve(fail(error));
    } finally {
      setBusy(false);
      open(undefined);
    }
  };

  const total = pending?.counts.reduce((sum, { count }) => sum + count, 0) ?? 0;
  const element = (
    <Dialog open={Boolean(pending)} onClose={busy ? undefined : cancel} aria-labelledby="quitar-categorias">
      <DialogTitle id="quitar-categorias">Quitar categorías del atributo</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {total > 0
            ? `El atributo se eliminará de ${productsText(total)}:`
            : 'Ningún producto de estas categorías tiene el atributo:'}
        </DialogContentText>
        <List dense>
          {pending?.counts.map(({ categoria, count }) => (
            <ListItem key={categoria} disableGutters>
              <ListItemText primary={categoria} secondary={productsText(count)} />
            </ListItem>
          ))}
        </List>
        {total > 0 && (
          <Alert severity="warning">Los valores de ese atributo en esos productos se perderán.</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={busy} autoFocus>
          Cancelar
        </Button>
        <Button onClick={confirm} disabled={busy} variant="contained" color="warning">
          {busy ? <CircularProgress size={20} /> : 'Quitar y guardar'}
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { check, element };
};
