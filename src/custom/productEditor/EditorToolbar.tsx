/** The editor's toolbar: save (with progress), discard changes, replicate and delete (both confirmed). */
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  SaveButton,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { errorToast } from './ErrorToast';
import { MESSAGES } from './messages';
import { markProductsStale } from './productCache';
import { useProductApi } from './useProductApi';

export const EditorToolbar = ({ progress }: { progress?: string }) => {
  const record = useRecordContext();
  const api = useProductApi();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const { reset, getValues } = useFormContext();
  const { isDirty, isSubmitting } = useFormState();
  const [asking, setAsking] = useState<'replicate' | 'delete' | 'discard'>();
  const [working, setWorking] = useState(false);
  if (!record) return null;
  const nombre = String(record.nombre ?? '');

  const replicate = async () => {
    setAsking(undefined);
    setWorking(true);
    try {
      const copy = await api.replicate(record.id);
      void markProductsStale(queryClient);
      notify(MESSAGES.replicated, { type: 'success', messageArgs: { _: MESSAGES.replicated } });
      redirect('edit', 'productos', copy.id as string | number);
    } catch (error) {
      notify(errorToast(MESSAGES.replicateError, error), {
        type: 'error',
        messageArgs: { _: MESSAGES.replicateError },
      });
    } finally {
      setWorking(false);
    }
  };

  const remove = async () => {
    setAsking(undefined);
    setWorking(true);
    try {
      await dataProvider.delete('productos', { id: record.id, previousData: record });
      void markProductsStale(queryClient);
      // The product is gone: its unsaved changes are moot (the list opens without asking).
      reset(getValues());
      notify(MESSAGES.deleted, { type: 'success', messageArgs: { _: MESSAGES.deleted } });
      redirect('list', 'productos');
    } catch (error) {
      notify(errorToast(MESSAGES.deleteError, error), {
        type: 'error',
        messageArgs: { _: MESSAGES.deleteError },
      });
    } finally {
      setWorking(false);
    }
  };

  const busy = working || isSubmitting;
  return (
    // Sticky: the save button stays at hand however long the tab is.
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', position: 'sticky', bottom: 0, zIndex: 2 }}>
      <SaveButton label="Guardar" />
      <Button startIcon={<Undo />} disabled={!isDirty || busy} onClick={() => setAsking('discard')}>
        Descartar cambios
      </Button>
      {progress && (
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {progress}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      <Button startIcon={<ContentCopy />} disabled={busy} onClick={() => setAsking('replicate')}>
        Replicar
      </Button>
      <Button color="error" startIcon={<DeleteOutline />} disabled={busy} onClick={() => setAsking('delete')}>
        Eliminar
      </Button>
      <Confirm
        isOpen={asking === 'replicate'}
        title="Replicar producto"
        content={`Se creará una copia de «${nombre}» con sus datos generales, atributos, multimedia, iconos y datos de catálogo.${isDirty ? ' Los cambios sin guardar no se copian.' : ''}`}
        confirm="Replicar"
        onConfirm={() => void replicate()}
        onClose={() => setAsking(undefined)}
      />
      <Confirm
        isOpen={asking === 'delete'}
        title="Eliminar producto"
        content={`¿Eliminar «${nombre}» y todos sus datos? Esta acción no se puede deshacer.`}
        confirm="Eliminar"
        onConfirm={() => void remove()}
        onClose={() => setAsking(undefined)}
      />
      <Confirm
        isOpen={asking === 'discard'}
        title="Descartar cambios"
        content="Se perderán los cambios que no has guardado."
        confirm="Descartar"
        onConfirm={() => {
          reset();
          setAsking(undefined);
        }}
        onClose={() => setAsking(undefined)}
      />
    </Toolbar>
  );
};
