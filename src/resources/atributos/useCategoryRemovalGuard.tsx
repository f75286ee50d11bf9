/**
 * Removing categories from an attribute (docs/requirements.md#r7-api): before saving, the API is asked how many products of each
 * removed category carry the attribute (comprueba-atributos-en-productos-por-categoria); the counts are shown
 * in a confirmation dialog. Cancelling saves nothing and keeps the form as typed. On confirmation the attribute
 * is saved FIRST, and only once the save has succeeded are its values removed from those products (elimina-…):
 * a failed save removes nothing. If a removal fails, the attribute stays saved and a notice says which products
 * still carry the value, with «Reintentar» (RemovalRetryNotice).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useCallback, useRef, useState } from 'react';
import { useNotify, useRegisterMutationMiddleware, type Identifier, type RaRecord } from 'react-admin';
import { useReferenceData } from '../../dataProvider/referenceData';
import type { SaveCheckResult, SaveGuard } from '../generic/saveGuard';
import { serverErrorMessage } from '../generic/serverErrors';
import { productsText, removedCategories, removeFromProducts, type CategoryCount } from './categoryRemoval';
import { RemovalRetryNotice } from './RemovalRetryNotice';

interface Pending {
  atributoId: Identifier;
  counts: CategoryCount[];
  resolve(result: SaveCheckResult): void;
}

/** The removal confirmed for the save under way. */
interface Confirmed {
  atributoId: Identifier;
  counts: CategoryCount[];
}

type Next = (resource: string, params: Record<string, unknown>) => Promise<unknown>;

export const useCategoryRemovalGuard = (): SaveGuard => {
  const api = useReferenceData();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | undefined>();
  const pendingRef = useRef<Pending | undefined>(undefined);
  const confirmed = useRef<Confirmed | undefined>(undefined);
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
      confirmed.current = undefined;
      if (!previous) return undefined;
      const removed = removedCategories(previous.categorias, values.categorias);
      if (!removed.length) return undefined;
      let counts: CategoryCount[];
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

  // After the attribute's PATCH has succeeded (a failed one throws before this), the confirmed removals run.
  const afterSave = useCallback(
    async (resource: string, params: Record<string, unknown>, next: Next) => {
      const removal = confirmed.current;
      confirmed.current = undefined;
      const result = await next(resource, params);
      if (!removal) return result;
      const failures = await removeFromProducts(
        removal.counts,
        (categoria) => api.eliminaAtributosEnProductosPorCategoria(categoria, removal.atributoId),
        serverErrorMessage,
      );
      if (failures.length) {
        notify(<RemovalRetryNotice atributoId={removal.atributoId} failures={failures} />, {
          type: 'error',
          // stays until the person retries or closes it (no auto-hide, no closing on a click elsewhere).
          autoHideDuration: null,
          onClose: () => undefined,
        });
      }
      return result;
    },
    [api, notify],
  );
  useRegisterMutationMiddleware(afterSave);

  const cancel = () => {
    pendingRef.current?.resolve({ cancel: true });
    open(undefined);
  };

  const confirm = () => {
    const current = pendingRef.current;
    if (!current) return;
    confirmed.current = { atributoId: current.atributoId, counts: current.counts };
    current.resolve(undefined);
    open(undefined);
  };

  const total = pending?.counts.reduce((sum, { count }) => sum + count, 0) ?? 0;
  const element = (
    <Dialog open={Boolean(pending)} onClose={cancel} aria-labelledby="quitar-categorias">
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
          <Alert severity="warning">
            Se guardará el atributo y después se quitarán sus valores de esos productos: se perderán.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} autoFocus>
          Cancelar
        </Button>
        <Button onClick={confirm} variant="contained" color="warning">
          Quitar y guardar
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { check, element };
};
