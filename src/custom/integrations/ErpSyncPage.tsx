/**
 * Manual ERP sync: products and reference state (all, with a determinate progress bar, or one product), a new
 * EAN code, removing from the ERP. One product goes through GET /sincronizaProductosManual?idProducto= (spec
 * #r7-api), whose rules show as they are: 'volumen NO' (no volume), not marked for sync, synchronised, or failed.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
} from '@mui/material';
import { Title } from 'react-admin';
import { useIntegrations } from './api';
import { CategoryCodeField } from './CategoryCodeField';
import { ConfirmCountDialog } from './ConfirmCountDialog';
import { manualSyncOutcome, type Outcome } from './outcomes';
import { ProductPicker, ProductSkuField, type ProductOption } from './ProductPicker';
import { SyncResult } from './SyncResult';
import { progressPercent, progressText } from './syncProgress';
import { useSyncProgress } from './useSyncProgress';

type Kind = 'productos' | 'estado';

/** The products the bulk sync sends: those of the company marked for it. */
const SYNC_FILTER = { sincronizarConBC: 'S' };

export default function ErpSyncPage() {
  const api = useIntegrations();
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { progress, track } = useSyncProgress(api);
  const [error, setError] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [ean, setEan] = useState<string | null>(null);
  const [eanError, setEanError] = useState<string | null>(null);
  const [deleteSku, setDeleteSku] = useState('');
  const [deleteMarca, setDeleteMarca] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmSyncAll, setConfirmSyncAll] = useState(false);
  const [deleteResult, setDeleteResult] = useState<{ ok: boolean; text: string } | null>(null);

  const id = product ? Number(product.id) : undefined;

  const run = async (kind: Kind, one: boolean) => {
    setRunning(`${kind}-${one ? 'uno' : 'todos'}`);
    setOutcome(null);
    setError(null);
    try {
      if (one && id !== undefined) {
        if (kind === 'productos') setOutcome(manualSyncOutcome(await api.integrationsSyncProduct(id)));
        else setOutcome(manualSyncOutcome(await api.integrationsSyncReferenceState({ idProducto: id })));
      } else {
        const summary = await track(() =>
          kind === 'productos' ? api.integrationsSyncProducts() : api.integrationsSyncReferenceState(),
        );
        setOutcome(manualSyncOutcome(summary));
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setRunning(null);
    }
  };

  const askEan = async (event: FormEvent) => {
    event.preventDefault();
    setEan(null);
    setEanError(null);
    setRunning('ean');
    try {
      setEan(await api.integrationsNewEanCode(category.trim()));
    } catch (e) {
      setEanError((e as Error).message);
    } finally {
      setRunning(null);
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    setRunning('delete');
    setDeleteResult(null);
    try {
      await api.integrationsDeleteFromErp([{ no: deleteSku.trim(), marca: deleteMarca.trim() }]);
      setDeleteResult({ ok: true, text: `Producto ${deleteSku.trim()} eliminado del ERP` });
    } catch (e) {
      setDeleteResult({ ok: false, text: (e as Error).message });
    } finally {
      setRunning(null);
    }
  };

  const busy = running !== null;
  return (
    <Stack spacing={2}>
      <Title title="Sincronización con ERP" />
      <Card>
        <CardHeader title="Sincronizar con Business Central" />
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" disabled={busy} onClick={() => setConfirmSyncAll(true)}>
              Sincronizar productos
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => void run('estado', false)}>
              Sincronizar estado de referencias
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}>
            <ProductPicker
              label="Producto"
              helperText="Sincronizar un solo producto: busque por nombre (SKU)"
              value={product}
              onChange={setProduct}
            />
            <Button disabled={busy || id === undefined} onClick={() => void run('productos', true)}>
              Sincronizar producto
            </Button>
            <Button disabled={busy || id === undefined} onClick={() => void run('estado', true)}>
              Sincronizar estado del producto
            </Button>
          </Box>
          {running && running !== 'ean' && running !== 'delete' && (
            <Box sx={{ mt: 2 }}>
              <LinearProgress
                aria-label="Sincronizando"
                variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
                value={progress && progress.total > 0 ? progressPercent(progress) : undefined}
              />
              Sincronizando con el ERP…
              {progress && progress.total > 0 && (
                <Box component="span" sx={{ ml: 1 }} data-testid="sync-progress">
                  {progressText(progress, running === 'productos-todos')}
                </Box>
              )}
            </Box>
          )}
          {outcome?.summary && <SyncResult summary={outcome.summary} title={outcome.title} />}
          {outcome && !outcome.summary && (
            <Alert severity={outcome.severity} role="status" sx={{ mt: 2 }}>
              {outcome.title && <AlertTitle>{outcome.title}</AlertTitle>}
              {outcome.mensaje}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Nuevo código EAN" />
        <CardContent>
          <Box
            component="form"
            onSubmit={(e) => void askEan(e)}
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
          >
            <CategoryCodeField value={category} onChange={setCategory} />
            <Button type="submit" disabled={busy || !category.trim()}>
              Solicitar EAN
            </Button>
          </Box>
          {running === 'ean' && <LinearProgress sx={{ mt: 1 }} />}
          {ean && (
            <Alert severity="success" sx={{ mt: 2 }}>
              Nuevo código EAN: <strong>{ean}</strong>
            </Alert>
          )}
          {eanError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {eanError}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Eliminar un producto del ERP" />
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <ProductSkuField label="SKU (no)" value={deleteSku} onChange={setDeleteSku} />
            <TextField
              label="Marca"
              size="small"
              value={deleteMarca}
              onChange={(e) => setDeleteMarca(e.target.value)}
            />
            <Button color="error" disabled={busy || !deleteSku.trim()} onClick={() => setConfirmDelete(true)}>
              Eliminar del ERP
            </Button>
          </Box>
          {running === 'delete' && <LinearProgress sx={{ mt: 1 }} />}
          {deleteResult && (
            <Alert severity={deleteResult.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
              {deleteResult.text}
            </Alert>
          )}
        </CardContent>
      </Card>
      <ConfirmCountDialog
        open={confirmSyncAll}
        title="Sincronizar productos"
        filter={SYNC_FILTER}
        question={(products) =>
          `¿Sincronizar ${products} con Business Central? Se envían todos los productos marcados con «Sincronizar con BC».`
        }
        nothingText="No hay productos marcados con «Sincronizar con BC»: no hay nada que sincronizar."
        confirmLabel="Sincronizar"
        onClose={() => setConfirmSyncAll(false)}
        onConfirm={() => {
          setConfirmSyncAll(false);
          void run('productos', false);
        }}
      />
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>Eliminar del ERP</DialogTitle>
        <DialogContent>
          <DialogContentText>
            ¿Eliminar el producto {deleteSku.trim()} de Business Central? El producto sigue en el PIM.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancelar</Button>
          <Button color="error" onClick={() => void remove()}>
            Eliminar
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
