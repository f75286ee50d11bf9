/**
 * Multimedia (docs/requirements.md#r2-screens, #r5-validation): drag-and-drop upload (react-dropzone) of the main image and of other files to
 * /images-upload or /files-upload/{empresa}/{nombre}/{file}; Imagen for png/jpg/jpeg, else Documento; an
 * uploaded file replaces the record named like it (underscores as spaces); principal and público flags,
 * preview and delete (confirmed). These changes are saved at once, not with the form's Guardar; each one marks
 * the cached products stale, so the list and the product opened again show them. Only pictures can be principal.
 */
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Confirm, useDataProvider, useNotify, type Identifier } from 'react-admin';
import { FILE_EXTENSIONS, IMAGE_EXTENSIONS, MAX_UPLOAD_MB } from '../../../core/productEditor/contract';
import {
  deletePlan,
  principalPlan,
  publicPlan,
  uploadNotices,
  uploadRequests,
  uploadSteps,
  type MediaDecision,
  type MediaStep,
} from '../../../core/productEditor/mediaPlan';
import { MediaThumb } from '../MediaThumb';
import { DropArea } from './MediaDropArea';
import {
  PRINCIPAL_ONLY_IMAGES,
  canBePrincipal,
  isMainImage,
  type MediaRecord,
} from '../../../core/productEditor/mediaRecords';
import { runMediaSteps } from '../mediaSteps';
import { markProductsStale } from '../productCache';
import { useMediaBaseUrl, useProductApi, mediaUrl } from '../useProductApi';

export interface MediaTabProps {
  product: { id: Identifier; nombre: string; empresaId: number };
  media: MediaRecord[];
  onMediaChange(media: MediaRecord[]): void;
  /** The product's main picture changed (the header and the list show it). */
  onImageChange(imagen: string): void;
}

interface UploadState {
  name: string;
  status: 'subiendo' | 'hecho' | 'error';
  message?: string;
}

const ACCEPT: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/octet-stream': FILE_EXTENSIONS.map((extension) => `.${extension}`),
};
const IMAGE_ACCEPT: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Error desconocido';

export const MediaTab = ({ product, media, onMediaChange, onImageChange }: MediaTabProps) => {
  const api = useProductApi();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const base = useMediaBaseUrl();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<MediaRecord>();

  const say = useCallback(
    (message: string, type: 'success' | 'error' | 'warning') =>
      notify(message, { type, messageArgs: { _: message } }),
    [notify],
  );

  /** The stored media as they are now; the cached product (list, editor opened again) is stale from now on. */
  const stored = useCallback(async () => {
    void markProductsStale(queryClient);
    const records = (await api.mediaOf(product.id)) as MediaRecord[];
    onMediaChange(records);
    return records;
  }, [api, onMediaChange, product.id, queryClient]);

  const runSteps = useCallback(
    (steps: readonly MediaStep[]) =>
      runMediaSteps(steps, { dataProvider, productId: product.id, onImageChange }),
    [dataProvider, onImageChange, product.id],
  );

  /** Runs a planned action (or says why it is refused), then shows the stored media again. */
  const run = async (decision: MediaDecision) => {
    if ('refused' in decision) {
      say(decision.refused, 'warning');
      return;
    }
    const { plan } = decision;
    setBusy(true);
    try {
      await runSteps(plan.steps);
      await stored();
      say(plan.success, 'success');
    } catch (error) {
      say(`${plan.failure}: ${errorText(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const uploadAll = useCallback(
    async (files: File[], asMain: boolean) => {
      if (!files.length) return;
      setBusy(true);
      const requests = uploadRequests(files, asMain);
      const states: UploadState[] = requests.map((request) =>
        request.problem
          ? { name: request.name, status: 'error', message: request.problem }
          : { name: request.name, status: 'subiendo' },
      );
      setUploads([...states]);
      let records = media;
      for (const [index, request] of requests.entries()) {
        if (request.problem) continue;
        const update = (state: Partial<UploadState>) => {
          states[index] = { ...states[index], ...state };
          setUploads([...states]);
        };
        try {
          const answer = await api.upload({
            kind: request.kind,
            empresaId: product.empresaId,
            nombre: product.nombre,
            fileName: request.fileName,
            file: files[index],
          });
          // decided against the media as stored after the previous file
          await runSteps(uploadSteps(product.id, records, request, answer, asMain));
          records = await stored();
          update({ status: 'hecho' });
        } catch (error) {
          update({ status: 'error', message: errorText(error) });
        }
      }
      setBusy(false);
      for (const notice of uploadNotices(states.map((state) => ({ failed: state.status === 'error' })))) {
        say(notice.message, notice.type);
      }
    },
    [api, media, product, runSteps, say, stored],
  );

  /** GET /procesar-imagenes for this product: the 800x600 main image rendered again from its principal image. */
  const regenerate = async () => {
    setBusy(true);
    try {
      const answer = await api.processImages([product.nombre]);
      const failure = answer.errores.find((error) => error.producto === product.nombre);
      if (failure) throw new Error(failure.motivo);
      const [fresh] = (await dataProvider.getMany('productos', { ids: [product.id] })).data;
      if (typeof fresh?.imagen === 'string') onImageChange(fresh.imagen);
      await stored();
      say('Imagen principal regenerada (800x600)', 'success');
    } catch (error) {
      say(`No se pudo regenerar la imagen principal: ${errorText(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const hint = `${[...IMAGE_EXTENSIONS, ...FILE_EXTENSIONS].join(', ')} · máximo ${MAX_UPLOAD_MB} MB`;
  return (
    <Box sx={{ width: '100%' }}>
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          <Button size="small" disabled={busy} onClick={() => void regenerate()}>
            Regenerar imagen principal
          </Button>
        }
      >
        Los cambios de multimedia se guardan al momento (no necesitan «Guardar»).
      </Alert>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, mb: 2 }}>
        <DropArea
          testId="drop-main-image"
          label="Imagen principal"
          hint={`png, jpg o jpeg · se genera la imagen de 800x600 · máximo ${MAX_UPLOAD_MB} MB`}
          multiple={false}
          accept={IMAGE_ACCEPT}
          disabled={busy}
          onFiles={(files) => void uploadAll(files, true)}
        />
        <DropArea
          testId="drop-files"
          label="Arrastra aquí imágenes y documentos, o haz clic para elegirlos"
          hint={hint}
          multiple
          accept={ACCEPT}
          disabled={busy}
          onFiles={(files) => void uploadAll(files, false)}
        />
      </Box>
      {busy && <LinearProgress sx={{ mb: 1 }} aria-label="Guardando multimedia" />}
      {uploads.length > 0 && (
        <List dense aria-label="Ficheros subidos">
          {uploads.map((upload, index) => (
            <ListItem key={`${upload.name}-${index}`} disableGutters>
              <Alert
                severity={
                  upload.status === 'error' ? 'error' : upload.status === 'hecho' ? 'success' : 'info'
                }
                sx={{ width: '100%', py: 0 }}
              >
                {upload.name}:{' '}
                {upload.status === 'subiendo'
                  ? 'subiendo…'
                  : upload.status === 'hecho'
                    ? 'subido'
                    : upload.message}
              </Alert>
            </ListItem>
          ))}
        </List>
      )}
      {media.length === 0 ? (
        <Typography color="text.secondary">Este producto aún no tiene multimedia.</Typography>
      ) : (
        <Table size="small" aria-label="Multimedia del producto">
          <TableHead>
            <TableRow>
              <TableCell>Vista previa</TableCell>
              <TableCell>Nombre</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell>Principal</TableCell>
              <TableCell>Público</TableCell>
              <TableCell>Fichero</TableCell>
              <TableCell align="right">Acciones</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {media.map((record) => {
              const url = mediaUrl(base, record.fichero);
              return (
                <TableRow key={String(record.id)} data-testid="media-row">
                  <TableCell>
                    <MediaThumb
                      path={record.fichero}
                      alt={String(record.nombre ?? '')}
                      width={80}
                      height={60}
                      document={record.tipo !== 'Imagen'}
                    />
                  </TableCell>
                  <TableCell>
                    {record.nombre}
                    {isMainImage(record) && (
                      <Typography variant="caption" color="primary" component="div">
                        imagen principal
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{record.tipo}</TableCell>
                  <TableCell>
                    <Tooltip title={canBePrincipal(record) ? '' : PRINCIPAL_ONLY_IMAGES}>
                      <span>
                        <Switch
                          checked={record.principalSN === 'S'}
                          // A document may only be switched off (old data), never on.
                          disabled={busy || (!canBePrincipal(record) && record.principalSN !== 'S')}
                          onChange={(_, on) => void run(principalPlan(product.nombre, media, record, on))}
                          slotProps={{ input: { 'aria-label': `Principal: ${record.nombre}` } }}
                        />
                      </span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={record.publicoSN === 'S'}
                      disabled={busy}
                      onChange={(_, on) => void run(publicPlan(record, on))}
                      slotProps={{ input: { 'aria-label': `Público: ${record.nombre}` } }}
                    />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280, wordBreak: 'break-all' }}>
                    {url ? (
                      <Link href={url} target="_blank" rel="noopener noreferrer">
                        {record.fichero} <OpenInNew sx={{ fontSize: 14, verticalAlign: 'middle' }} />
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title="Eliminar">
                      <span>
                        <IconButton
                          aria-label={`Eliminar ${record.nombre}`}
                          disabled={busy}
                          onClick={() => setToDelete(record)}
                        >
                          <DeleteOutline />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Confirm
        isOpen={toDelete !== undefined}
        title="Eliminar multimedia"
        content={
          toDelete
            ? `¿Eliminar «${toDelete.nombre}» del producto?${isMainImage(toDelete) ? ' Es su imagen principal.' : ''}`
            : ''
        }
        confirm="Eliminar"
        onConfirm={() => {
          setToDelete(undefined);
          if (toDelete) void run(deletePlan(toDelete));
        }}
        onClose={() => setToDelete(undefined)}
      />
    </Box>
  );
};
