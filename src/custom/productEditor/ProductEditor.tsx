/**
 * The product editor form (tabs): general data and flags, attributes, multimedia, icons, catalogue and cost
 * data. Saving writes every part (saveProduct.ts), then the ERP sync when sincronizarConBC = S, then the
 * result dialogs ('Volumen de producto' when the volume check refuses, 'Producto actualizado correctamente')
 * and the product is reloaded. A failed save shows 'No se pudo actualizar el producto…' with the server's
 * field messages, marks the fields, and keeps everything typed; the next save waits until the stored records
 * are loaded again (part of the failed save may have been written) and is refused while they cannot be.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import { TabbedForm, Title, useCanAccess, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { FormDraft } from '../../resources/generic/FormDraft';
import { productUpdateErrorMessage } from '../../dataProvider/errors';
import { fieldErrorsFromServer } from '../../resources/generic/serverErrors';
import { CategoryAttributeSync } from './CategoryAttributeSync';
import { isVolumeRefusal } from '../../core/productEditor/contract';
import { formatProductDate } from '../../core/productDate';
import { SaveNoticeDialog, saveNotices, type SaveNotice } from './dialogs';
import { EditorToolbar } from './EditorToolbar';
import { MediaThumb } from './MediaThumb';
import type { MediaRecord } from '../../core/productEditor/mediaRecords';
import { MESSAGES } from './messages';
import {
  ProductSaveError,
  fieldPrefixOf,
  saveProduct,
  toFormValues,
  type ProductBundle,
  type ProductFormValues,
  type SaveStep,
} from './saveProduct';
import { AttributesTab } from './tabs/AttributesTab';
import { CatalogueTab } from './tabs/CatalogueTab';
import { GeneralTab } from './tabs/GeneralTab';
import { HistoryTab } from './tabs/HistoryTab';
import { IconsTab } from './tabs/IconsTab';
import { MediaTab } from './tabs/MediaTab';
import { ReadinessPanel } from './ReadinessPanel';
import { loadProductBundle } from './useProductBundle';
import { useEditorCatalogue } from './useEditorCatalogue';
import { useProductApi } from './useProductApi';

const STEP_TEXT: Record<SaveStep | 'sync', string> = {
  producto: 'Guardando el producto…',
  general: 'Guardando los datos generales…',
  multimedia: 'Creando el registro de la imagen principal…',
  catalogo: 'Guardando los datos de catálogo…',
  atributos: 'Guardando los atributos…',
  iconos: 'Guardando los iconos…',
  sync: 'Sincronizando con BC…',
};

const errorReason = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'error desconocido';

/** The form errors of a failed step, at their paths in the form. */
const formErrors = (error: ProductSaveError): Record<string, string> | undefined => {
  const fields = fieldErrorsFromServer(error.original, error.step === 'producto' ? ['nombre'] : []);
  if (!fields) return undefined;
  const prefix = fieldPrefixOf(error.step);
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      `${prefix}${field}`,
      field === 'nombre' && message === 'ra.validation.unique' ? MESSAGES.duplicateName : message,
    ]),
  );
};

const Header = ({ product, imagen }: { product: RaRecord; imagen?: string | null }) => (
  <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
    <MediaThumb path={imagen} alt={String(product.nombre ?? '')} width={96} height={72} />
    <Box>
      <Typography variant="h5" component="h2">
        {String(product.nombre ?? '')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="fecha-modificacion">
        Última modificación: {formatProductDate(product.fechaModificacion) || '—'}
        {product.fechaCreacion ? ` · Creado: ${formatProductDate(product.fechaCreacion)}` : ''}
      </Typography>
    </Box>
  </Box>
);

export interface ProductEditorProps {
  bundle: ProductBundle;
  /** Reload the product from the server (after a successful save); the editor is then mounted again. */
  onReload(): Promise<void>;
}

export const ProductEditor = ({ bundle, onReload }: ProductEditorProps) => {
  const { canAccess: canReadHistory } = useCanAccess({ action: 'read', resource: 'historial' });
  const { canAccess: canReadReadiness } = useCanAccess({ action: 'read', resource: 'preparacion' });
  const dataProvider = useDataProvider();
  const api = useProductApi();
  const notify = useNotify();
  const catalogue = useEditorCatalogue();
  const record = useMemo(() => toFormValues(bundle) as RaRecord, [bundle]);
  /** The stored records the next save compares with (reloaded after a partial failure, not the form). */
  const baseline = useRef<ProductBundle>(bundle);
  /** False while the baseline could not be reloaded after a failed save: saving on it could duplicate rows. */
  const baselineCurrent = useRef(true);
  const [media, setMedia] = useState<MediaRecord[]>(bundle.multimedia as MediaRecord[]);
  const [imagen, setImagen] = useState<string | null | undefined>(bundle.product.imagen as string | null);
  const [progress, setProgress] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [notices, setNotices] = useState<SaveNotice[]>([]);

  const refreshBaseline = useCallback(async (): Promise<boolean> => {
    try {
      baseline.current = await loadProductBundle(dataProvider, api, bundle.product.id as string);
      baselineCurrent.current = true;
    } catch {
      baselineCurrent.current = false;
    }
    return baselineCurrent.current;
  }, [api, bundle.product.id, dataProvider]);

  const submit = useCallback(
    async (values: Record<string, unknown>) => {
      setFailure(undefined);
      if (!baselineCurrent.current && !(await refreshBaseline())) {
        setFailure(MESSAGES.staleBaseline);
        notify(MESSAGES.staleBaseline, { type: 'error', messageArgs: { _: MESSAGES.staleBaseline } });
        return {};
      }
      try {
        const outcome = await saveProduct(
          {
            update: (resource, id, data, previous) =>
              dataProvider.update(resource, {
                id: id as string,
                data,
                previousData: { ...previous, id } as RaRecord,
              }),
            create: (resource, data) => dataProvider.create(resource, { data }),
            remove: (resource, id, previous) =>
              dataProvider.delete(resource, {
                id: id as string,
                previousData: { ...previous, id } as RaRecord,
              }),
            resetIcons: (id) => api.resetIcons(id as string),
            syncManual: (id) => api.syncManual(id as string),
            mediaOf: (id) => api.mediaOf(id as string),
            onStep: (step) => setProgress(STEP_TEXT[step]),
          },
          baseline.current,
          values as ProductFormValues,
        );
        setNotices(
          saveNotices({
            volumeRefused: Boolean(outcome.sync?.answer && isVolumeRefusal(outcome.sync.answer)),
            syncFailure: outcome.sync?.error ? errorReason(outcome.sync.error) : undefined,
            keptEmpty: outcome.keptEmpty,
          }),
        );
        return undefined;
      } catch (error) {
        const original = error instanceof ProductSaveError ? error.original : error;
        const message = productUpdateErrorMessage(original);
        setFailure(message);
        notify(message, { type: 'error', multiLine: true, messageArgs: { _: message } });
        // Part of the save may have been written: the next save compares with what is stored now. Awaited, so
        // «Guardar» stays disabled until it is known; when it cannot be loaded the next save retries first.
        setProgress('Comprobando lo que quedó guardado…');
        if (!(await refreshBaseline())) setFailure(`${message}\n${MESSAGES.staleBaseline}`);
        return error instanceof ProductSaveError ? formErrors(error) : undefined;
      } finally {
        setProgress(undefined);
      }
    },
    [api, dataProvider, notify, refreshBaseline],
  );

  const [reloading, setReloading] = useState(false);
  const closeNotice = () => {
    const [, ...rest] = notices;
    if (rest.length) {
      setNotices(rest);
      return;
    }
    // docs/requirements.md#r8-errors: after the success dialog the product is reloaded; the dialog stays until it is.
    // When the reload fails, ProductEdit replaces the editor with the load-failure dialog (never this form on
    // the pre-save records).
    setReloading(true);
    void onReload()
      .catch(() => undefined)
      .finally(() => {
        setReloading(false);
        setNotices([]);
      });
  };

  const product = bundle.product as RaRecord;
  // Restoring a version changes the stored records: the form reloads them (unsaved edits are dropped).
  const restored = () => void onReload().catch(() => undefined);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`Producto ${String(product.nombre ?? '')}`} />
      <Header product={product} imagen={imagen} />
      {canReadReadiness && (
        <ReadinessPanel
          productId={product.id}
          version={`${String(product.fechaModificacion)}|${media.length}`}
        />
      )}
      {catalogue.errorText && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" disabled={catalogue.isFetching} onClick={catalogue.retry}>
              {MESSAGES.catalogueRetry}
            </Button>
          }
        >
          {catalogue.errorText}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} onClose={() => setFailure(undefined)}>
          {failure}
        </Alert>
      )}
      <TabbedForm
        record={record}
        resource="productos"
        onSubmit={submit}
        warnWhenUnsavedChanges
        toolbar={<EditorToolbar progress={progress} />}
      >
        <TabbedForm.Tab label="Datos generales">
          <FormDraft resource="productos" id={product.id} />
          <GeneralTab />
          <CategoryAttributeSync
            catalogue={catalogue.attributes}
            loaded={catalogue.attributesLoaded}
            failed={catalogue.attributesFailed}
            stored={bundle.atributos}
          />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Atributos">
          <AttributesTab
            catalogue={catalogue.attributes}
            groups={catalogue.groups}
            stored={bundle.atributos}
            loading={catalogue.isPending}
          />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Multimedia">
          <MediaTab
            product={{
              id: product.id,
              nombre: String(product.nombre ?? ''),
              empresaId: Number(product.empresaId),
            }}
            media={media}
            onMediaChange={setMedia}
            onImageChange={setImagen}
          />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Iconos">
          <IconsTab icons={catalogue.icons} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Catálogo y costes">
          <CatalogueTab />
        </TabbedForm.Tab>
        {canReadHistory && (
          <TabbedForm.Tab label="Historial">
            <HistoryTab productId={product.id} onRestored={restored} />
          </TabbedForm.Tab>
        )}
      </TabbedForm>
      <SaveNoticeDialog notice={notices[0]} onClose={closeNotice} busy={reloading} />
    </Box>
  );
};
