/**
 * Changing the product's categories syncs its attributes (docs/requirements.md#r5-validation "Attribute sync by category"): attributes
 * of the new categories are added empty, the others removed (deleted on save). Removing attributes that have
 * a value is asked first; cancelling restores the previous categories. When the attribute catalogue could not
 * be loaded, a change says so (the sync runs once the catalogue is loaded again).
 */
import { useEffect, useRef, useState } from 'react';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  normalizeName,
  splitCategories,
  syncAttributes,
  type AttributeSyncResult,
  type CatalogueAttribute,
  type ProductAttributeRow,
} from './attributeSync';
import { isBlank } from './savePlan';

const categoryKey = (value: unknown): string =>
  splitCategories(typeof value === 'string' ? value : '')
    .map(normalizeName)
    .sort()
    .join('|');

interface Pending {
  categorias: string;
  previous: string;
  result: AttributeSyncResult;
  lost: string[];
}

export const syncMessage = (result: AttributeSyncResult): string =>
  `Atributos sincronizados con la categoría: ${result.added.length} añadidos, ${result.removed.length} quitados`;

export const SYNC_PENDING_MESSAGE =
  'Los atributos no se han sincronizado con la nueva categoría porque no se pudo cargar la lista de atributos. ' +
  'Pulsa «Reintentar» en el aviso del editor: se sincronizarán al cargarla.';

export const CategoryAttributeSync = ({
  catalogue,
  loaded,
  failed = false,
  stored,
}: {
  catalogue: readonly CatalogueAttribute[];
  /** The catalogue is loaded (the sync waits for it). */
  loaded: boolean;
  /** The catalogue could not be loaded: a category change is not synced, and the person is told. */
  failed?: boolean;
  stored: readonly ProductAttributeRow[];
}) => {
  const record = useRecordContext();
  const categorias = useWatch({ name: 'categorias' }) as string | undefined;
  const { getValues, setValue } = useFormContext();
  const notify = useNotify();
  const applied = useRef<string>(String(record?.categorias ?? ''));
  const [pending, setPending] = useState<Pending>();
  /** The categories last reported as not synced (one warning per change). */
  const warned = useRef<string | undefined>(undefined);

  useEffect(() => {
    const key = categoryKey(categorias);
    if (loaded || !failed || key === categoryKey(applied.current) || warned.current === key) return;
    warned.current = key;
    notify(SYNC_PENDING_MESSAGE, { type: 'warning', messageArgs: { _: SYNC_PENDING_MESSAGE } });
  }, [categorias, failed, loaded, notify]);

  useEffect(() => {
    if (!loaded || categoryKey(categorias) === categoryKey(applied.current)) return;
    const next = categorias ?? '';
    const result = syncAttributes(getValues('atributos') ?? [], catalogue, next, stored);
    const lost = result.removed.filter((row) => !isBlank(row.valor)).map((row) => row.nombre);
    if (lost.length) {
      setPending({ categorias: next, previous: applied.current, result, lost });
      return;
    }
    applied.current = next;
    if (result.added.length || result.removed.length) {
      setValue('atributos', result.rows, { shouldDirty: true });
      notify(syncMessage(result), { type: 'info', messageArgs: { _: syncMessage(result) } });
    }
  }, [categorias, catalogue, getValues, loaded, notify, setValue, stored]);

  if (!pending) return null;
  return (
    <Confirm
      isOpen
      title="Cambiar la categoría"
      content={`Estos atributos con valor no pertenecen a la nueva categoría y se eliminarán al guardar: ${pending.lost.join(', ')}. ¿Continuar?`}
      confirm="Quitar atributos"
      cancel="Mantener la categoría anterior"
      onConfirm={() => {
        applied.current = pending.categorias;
        setValue('atributos', pending.result.rows, { shouldDirty: true });
        notify(syncMessage(pending.result), {
          type: 'info',
          messageArgs: { _: syncMessage(pending.result) },
        });
        setPending(undefined);
      }}
      onClose={() => {
        setValue('categorias', pending.previous, { shouldDirty: true });
        setPending(undefined);
      }}
    />
  );
};
